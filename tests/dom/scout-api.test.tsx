// /admin/scout/api and /admin/scout/api/inspect against a fake main API that follows
// runtime/api/apiLog.ts: the rows (time in the user's zone, method, path, status, duration, caller),
// filters and the cursor sent to the server, the empty state, the settings saved, and the inspect
// view with every field, the bodies pretty-printed and the request id copyable.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiCallDetail, ApiLogSettings } from '../../runtime/api/apiLog';
import { renderApp } from './account-harness';

const PROJECT = '00000000-0000-4000-8000-0000000000b1';
const CALLER = '00000000-0000-4000-8000-00000000c0de';
const GONE = '00000000-0000-4000-8000-00000000dead';

function callOf(index: number, rest: Partial<ApiCallDetail> = {}): ApiCallDetail {
  return {
    uuid: `00000000-0000-7000-8000-${String(index).padStart(12, '0')}`,
    method: 'GET',
    path: `/api/v1/user/claims?n=${index}`,
    status: 200,
    duration_ms: 3.25,
    caller_uuid: CALLER,
    caller_kind: 'user',
    caller_name: 'Ada Admin',
    request_uuid: `req-${index}`,
    created_at: '2024-03-01T23:30:00.000Z',
    request_body: null,
    response_body: null,
    ...rest,
  };
}

let state: { calls: ApiCallDetail[]; settings: ApiLogSettings; queries: URLSearchParams[]; puts: unknown[] };

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(status >= 400 ? { status, ...(body as object) } : body), { status, headers: { 'content-type': 'application/json' } });
}

async function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  const path = url.pathname;
  if (path === '/api/v1/user/claims') return json({ ProjectUUID: PROJECT, IsAdmin: true });
  if (path === '/api/v1/user/model') {
    return json({ uuid: 'me', name: 'Ada', email: 'ada@example.com', settings: { timezone: 'Asia/Tokyo' }, billing_address: null, login_at: null, status: 'active', project_uuid: PROJECT, workspace_uuid: null, is_admin: true });
  }
  if (path === '/api/v3/system/component/menu') return json([]);
  if (path === '/api/v1/user/role/permissions') return json({ is_admin: true, permissions: [], roles: [] });
  if (path === '/api/v1/system/api-log/settings') {
    if (method === 'PUT') {
      state.puts.push(JSON.parse(String(init?.body)));
      state.settings = { ...state.settings, ...(JSON.parse(String(init?.body)) as object) };
    }
    return json(state.settings);
  }
  if (path === '/api/v1/system/api-log') {
    state.queries.push(url.searchParams);
    const method = url.searchParams.get('method');
    const items = state.calls.filter((call) => !method || call.method === method);
    const start = url.searchParams.get('cursor') ? 2 : 0;
    const page = items.slice(start, start + 2);
    return json({ items: page.map(({ request_body: _r, response_body: _s, ...item }) => item), next: start + 2 < items.length ? `1_${page[page.length - 1]!.uuid}` : null });
  }
  const one = /^\/api\/v1\/system\/api-log\/(.+)$/.exec(path);
  if (one) {
    const found = state.calls.find((call) => call.uuid === one[1]);
    return found ? json(found) : json({ message: 'notFound' }, 404);
  }
  return json({ message: 'notFound' }, 404);
}

beforeEach(() => {
  state = {
    calls: [callOf(1, { method: 'PUT', path: '/api/v1/system/api-log/settings', status: 400, duration_ms: 12.5 }), callOf(2, { status: 503, caller_uuid: GONE, caller_name: null }), callOf(3, { caller_kind: 'api', caller_name: 'Nightly importer' })],
    settings: { enabled: true, bodies: false, retention_days: 7 },
    queries: [],
    puts: [],
  };
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  vi.stubGlobal('scrollTo', () => undefined);
});
afterEach(() => vi.unstubAllGlobals());

async function mount(path: string, ready: string): Promise<HTMLElement> {
  renderApp(path);
  return screen.findByTestId(ready);
}

describe('/admin/scout/api', () => {
  it('shows the calls with time in the user zone, status badges and paging by cursor', async () => {
    await mount('/admin/scout/api', 'scout-api-page');
    const rows = await screen.findAllByTestId('scout-api-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('PUT');
    expect(rows[0]!.textContent).toContain('/api/v1/system/api-log/settings');
    expect(rows[0]!.textContent).toContain('12.5 ms');
    // 23:30 UTC is 08:30 the next day in Tokyo.
    expect(rows[0]!.textContent).toMatch(/8:30:00/);
    expect(within(rows[0]!).getByTestId('api-call-status').className).toContain('badge-warning');
    expect(within(rows[1]!).getByTestId('api-call-status').className).toContain('badge-danger');
    expect(within(rows[0]!).getByTestId('scout-api-inspect').getAttribute('href')).toBe(`/admin/scout/api/inspect?id=${state.calls[0]!.uuid}`);
    // Who called: the name the server answered; a removed caller's uuid with a note.
    expect(within(rows[0]!).getByTestId('scout-api-caller-name').textContent).toBe('Ada Admin');
    expect(within(rows[1]!).getByTestId('scout-api-caller-name').textContent).toBe('…0000dead (user removed)');
    expect(within(rows[1]!).getByTestId('scout-api-caller-name').getAttribute('title')).toBe(GONE);
    fireEvent.click(screen.getByTestId('scout-api-next'));
    await waitFor(() => expect(screen.getAllByTestId('scout-api-row')).toHaveLength(1));
    expect(screen.getByTestId('scout-api-caller-name').textContent).toBe('Nightly importer (API user)');
    expect(state.queries.at(-1)!.get('cursor')).toBe(`1_${state.calls[1]!.uuid}`);
    fireEvent.click(screen.getByTestId('scout-api-first'));
    await waitFor(() => expect(screen.getAllByTestId('scout-api-row')).toHaveLength(2));
  });

  it('sends the filters, shows the empty state, and saves the settings', async () => {
    await mount('/admin/scout/api', 'scout-api-page');
    await screen.findAllByTestId('scout-api-row');
    fireEvent.change(screen.getByTestId('scout-api-method'), { target: { value: 'DELETE' } });
    await screen.findByTestId('scout-api-empty');
    expect(state.queries.at(-1)!.get('method')).toBe('DELETE');
    fireEvent.change(screen.getByTestId('scout-api-status'), { target: { value: '4xx' } });
    await waitFor(() => expect(state.queries.at(-1)!.get('status')).toBe('4xx'));
    fireEvent.click(screen.getByTestId('scout-api-settings-toggle'));
    const form = await screen.findByTestId('scout-api-settings');
    fireEvent.click(within(form).getByTestId('scout-api-bodies'));
    fireEvent.change(within(form).getByTestId('scout-api-retention'), { target: { value: '14' } });
    fireEvent.submit(form);
    await waitFor(() => expect(state.puts).toEqual([{ enabled: true, bodies: true, retention_days: 14 }]));
  });
});

describe('/admin/scout/api/inspect', () => {
  it('shows every field, the bodies pretty-printed, and copies the request id', async () => {
    state.calls[0] = callOf(1, { request_body: '{"password":"[redacted]","name":"x"}', response_body: '{"status":400}' });
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await mount(`/admin/scout/api/inspect?id=${state.calls[0].uuid}`, 'scout-api-inspect-page');
    const body = await screen.findByTestId('scout-api-request-body');
    expect(body.textContent).toBe(JSON.stringify({ password: '[redacted]', name: 'x' }, null, 2));
    expect(screen.getByTestId('scout-api-response-body').textContent).toContain('"status": 400');
    expect(screen.getByTestId('scout-api-method').textContent).toBe('GET');
    expect(screen.getByTestId('scout-api-request-uuid').textContent).toBe('req-1');
    expect(screen.getByTestId('scout-api-caller-name').textContent).toBe(`Ada Admin ${CALLER}`);
    fireEvent.click(screen.getByTestId('scout-api-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('req-1'));
  });

  it('a caller that was removed shows its uuid with a note', async () => {
    await mount(`/admin/scout/api/inspect?id=${state.calls[1]!.uuid}`, 'scout-api-inspect-page');
    expect((await screen.findByTestId('scout-api-caller-name')).textContent).toBe(`(user removed) ${GONE}`);
  });

  it('an unknown id shows the not-found message', async () => {
    await mount('/admin/scout/api/inspect?id=00000000-0000-7000-8000-999999999999', 'scout-api-inspect-page');
    expect((await screen.findByRole('alert')).textContent).toMatch(/not ?found/i);
    expect(screen.queryByTestId('scout-api-request-body')).toBeNull();
  });
});
