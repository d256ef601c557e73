// The record list screen against a fake main API: the real controller, query client and view.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings } from '../../runtime/components';
import type { ComponentSettings, Preset } from '../../schemas';
import type { RunScript } from '../../renderers/form/scripts';
import { ListView } from '../../renderers/screens/list/ListView';
import { useListController, type ListSearchState } from '../../renderers/screens/useListController';
import { setEnvironment } from '../../renderers/ui/prefs';
import { toastStore } from '../../renderers/ui/toast';
import { withIntl } from './harness';

interface Row {
  uuid: string;
  title: string;
  amount: number;
  disabled_at: string | null;
}

interface Api {
  rows: Row[];
  admin: boolean;
  permissions: string[];
  presets: Preset[];
  listFailure: { status: number; message: string } | null;
  calls: { method: string; url: URL; body: unknown }[];
  jobPolls: number;
  /** A Before::Delete workflow refuses deletes: a selection whole, a job's records 3 and 7. */
  refuse: boolean;
  /** Columns f1..fN (text fields) instead of title and amount. */
  wide: number;
}

let api: Api;

const wideField = (i: number) => ({ name: `F${i}`, key: `f${i}`, label: { en_US: `Field ${i}` }, module: 'input', type: 'text', sortOrder: i });

function settings(): ComponentSettings {
  if (api.wide > 0) {
    const keys = Array.from({ length: api.wide }, (_, i) => i + 1);
    return {
      ...defaultSettings('v1'),
      presets: api.presets,
      list: { fields: keys.map((i) => ({ key: `f${i}`, label: `Field ${i}`, sortOrder: i, formatter: null, provided_template_component: false, component_template: null })) },
      fields: keys.map(wideField),
    } as unknown as ComponentSettings;
  }
  return {
    ...defaultSettings('v1'),
    presets: api.presets,
    model: { events: [], disable: true, timestamps: true, cleanup_after: null },
    list: { fields: [
      { key: 'title', label: 'Title', sortOrder: 0, formatter: 'return value.toUpperCase()', provided_template_component: false, component_template: null },
      { key: 'amount', label: 'Amount', sortOrder: 1, formatter: 'throw new Error("bad")', provided_template_component: false, component_template: null },
    ] },
    fields: [
      { name: 'Title', key: 'title', label: { en_US: 'Title' }, module: 'input', type: 'text', sortOrder: 0 },
      { name: 'Amount', key: 'amount', label: { en_US: 'Amount' }, module: 'input', type: 'number', sortOrder: 1 },
    ],
  } as unknown as ComponentSettings;
}

const model = () => ({
  uuid: '00000000-0000-4000-8000-000000000001', name: 'orders', scope: null, ref: 'orders', label: { en_US: 'Orders' }, displayName: 'Orders',
  icon: null, sort: 0, is_public: false, is_active: true, is_custom: false, public_version: 'v1', dev_version: null, versions: ['v1'],
  dependencies: [], props: {}, workspaces: [], CreatedAt: '', UpdatedAt: '', settings: settings(),
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function listAnswer(url: URL) {
  const q = url.searchParams;
  const text = (q.get('filter') ?? '').toLowerCase();
  const matching = api.rows.filter((r) => (q.get('disabled') === '1') === (r.disabled_at !== null) && r.title.toLowerCase().includes(text));
  const offset = Number(q.get('offset') ?? 0);
  const limit = Number(q.get('limit') ?? 10);
  return { items: matching.slice(offset, offset + limit), total: matching.length, pages: Math.ceil(matching.length / limit) };
}

async function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
  api.calls.push({ method, url, body });
  const path = url.pathname.replace(/^\/api/, '');
  if (path === '/v1/user/role/permissions') return json({ is_admin: api.admin, permissions: api.permissions, roles: [] });
  if (path === '/v1/user/role/list') return json([{ uuid: 'r-ops', name: 'Ops' }]);
  if (path === '/v3/system/component/settings/orders') return json(model());
  if (path === '/v3/system/component/settings/orders/v1' && method === 'POST') {
    api.presets = (body as { settings: ComponentSettings }).settings.presets;
    return json(model());
  }
  if (path === '/v3/system/component/orders/models') {
    if (api.listFailure) return json({ message: api.listFailure.message }, api.listFailure.status);
    return json(listAnswer(url));
  }
  const bulk = /^\/v3\/system\/component\/orders\/(delete|disable|enable)\/models$/.exec(path);
  if (bulk) {
    const { items, filter } = body as { items?: string[]; filter?: unknown };
    if (filter) return json({ job: 'job-1' }, 202);
    const action = bulk[1];
    if (api.refuse && action === 'delete') {
      return json({ status: 417, message: 'workflowRefused', errors: [{ field: 'workflow', messages: ['Paid orders stay'], values: [{ workflow: 'Guard', node: 10000001, record: 'u-1' }] }] }, 417);
    }
    for (const uuid of items ?? []) {
      const row = api.rows.find((r) => r.uuid === uuid)!;
      if (action === 'delete') api.rows = api.rows.filter((r) => r !== row);
      else row.disabled_at = action === 'disable' ? '2024-01-01T00:00:00Z' : null;
    }
    return json({ affected: items?.length ?? 0 });
  }
  if (path === '/v3/system/component/orders/jobs/job-1') {
    api.jobPolls += 1;
    if (api.jobPolls < 2) return json({ status: 'running', processed: 3, total: 23, affected: 0, refused: 0, error: null });
    return json({ status: 'done', processed: 23, total: 23, affected: api.refuse ? 21 : 23, refused: api.refuse ? 2 : 0, error: null });
  }
  return json({ message: 'notFound' }, 404);
}

/** A formatter sandbox stand-in: "throw" fails, anything else upper-cases. */
const fakeScripts: RunScript = async ({ code, args }) =>
  code.includes('throw') ? { ok: false, error: 'Formatter: bad' } : { ok: true, value: String(args.value).toUpperCase() };

function Screen({ onNavigate }: { onNavigate: (href: string) => void }) {
  const [search, setSearch] = useState<ListSearchState>({});
  // Like the router, the URL changes a little after the call.
  const onSearchChange = useCallback((next: ListSearchState) => void setTimeout(() => setSearch(next), 5), []);
  const ctl = useListController({ ref: 'orders', search, onSearchChange, runScript: fakeScripts });
  return <ListView ctl={ctl} basePath="/admin/component/orders" navigate={onNavigate} locale="en_US" title="Orders" />;
}

function mount() {
  const navigate = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(withIntl(<QueryClientProvider client={client}><Screen onNavigate={navigate} /></QueryClientProvider>));
  return { navigate };
}

const rows = () => screen.queryAllByTestId('record-row');
const toasts = () => toastStore.get().map((t) => t.message);

beforeEach(() => {
  api = {
    rows: Array.from({ length: 23 }, (_, i) => ({ uuid: `u-${i + 1}`, title: i === 6 ? 'Blue lamp' : `Item ${String(i + 1).padStart(2, '0')}`, amount: (i + 1) * 10, disabled_at: null })),
    admin: true,
    permissions: [],
    presets: [],
    listFailure: null,
    calls: [],
    jobPolls: 0,
    refuse: false,
    wide: 0,
  };
  toastStore.set([]);
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
});
afterEach(() => {
  vi.unstubAllGlobals();
  setEnvironment('live');
});

describe('the record list', () => {
  it('lists a page of 10 with the total, pages forward and back, opens a row', async () => {
    const { navigate } = mount();
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(screen.getByTestId('list-total').textContent).toContain('23');
    fireEvent.click(screen.getByTestId('list-next'));
    await waitFor(() => expect(screen.getByTestId('list-page').textContent).toBe('2'));
    fireEvent.click(screen.getByTestId('list-next'));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect((screen.getByTestId('list-next') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(rows()[0]!.querySelectorAll('td')[2]!);
    expect(navigate).toHaveBeenCalledWith('/admin/component/orders/edit/u-21');
  });

  it('runs column formatters; a failing one shows the raw value and a warning', async () => {
    mount();
    await waitFor(() => expect(rows()[0]!.textContent).toContain('ITEM 01'));
    const first = rows()[0]!;
    expect(first.textContent).toContain('10');
    expect(within(first).getByTestId('formatter-error').getAttribute('title')).toBe('Formatter: bad');
  });

  it('searches 500 ms after typing, from page 1', async () => {
    mount();
    await waitFor(() => expect(rows()).toHaveLength(10));
    fireEvent.click(screen.getByTestId('list-next'));
    await waitFor(() => expect(screen.getByTestId('list-page').textContent).toBe('2'));
    fireEvent.change(screen.getByTestId('list-search'), { target: { value: 'BLUE' } });
    const searched = () => api.calls.filter((c) => c.url.searchParams.get('filter') === 'BLUE');
    expect(searched()).toHaveLength(0);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(searched()[0]!.url.searchParams.get('offset')).toBe('0');
    expect(screen.getByTestId('list-page').textContent).toBe('1');
  });

  it('disables the selection, then shows it with show-disabled', async () => {
    mount();
    await waitFor(() => expect(rows()).toHaveLength(10));
    fireEvent.click(within(rows()[0]!).getByTestId('row-select'));
    fireEvent.click(screen.getByTestId('bulk-disable'));
    await waitFor(() => expect(api.calls.some((c) => c.url.pathname.endsWith('/disable/models'))).toBe(true));
    expect(api.calls.find((c) => c.url.pathname.endsWith('/disable/models'))!.body).toEqual({ items: ['u-1'] });
    await waitFor(() => expect(screen.getByTestId('list-total').textContent).toContain('22'));
    fireEvent.click(screen.getByTestId('show-disabled'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]!.textContent).toContain('ITEM 01');
  });

  it('deletes only after the confirmation', async () => {
    mount();
    await waitFor(() => expect(rows()).toHaveLength(10));
    fireEvent.click(within(rows()[1]!).getByTestId('row-select'));
    fireEvent.click(screen.getByTestId('bulk-delete'));
    expect(api.calls.some((c) => c.url.pathname.endsWith('/delete/models'))).toBe(false);
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(screen.getByTestId('list-total').textContent).toContain('22'));
    expect(api.rows.some((r) => r.uuid === 'u-2')).toBe(false);
  });

  it('applies a bulk action to all matching records as a job, with its progress until done', async () => {
    mount();
    await waitFor(() => expect(rows()).toHaveLength(10));
    // Nothing chosen: no bulk actions yet.
    expect(screen.queryByTestId('list-bulk')).toBeNull();
    fireEvent.click(within(rows()[0]!).getByTestId('row-select'));
    fireEvent.click(screen.getByTestId('bulk-all-matching'));
    fireEvent.click(screen.getByTestId('bulk-enable'));
    await waitFor(() => expect(screen.getByTestId('bulk-progress')).toBeTruthy());
    expect(api.calls.find((c) => c.url.pathname.endsWith('/enable/models'))!.body).toEqual({ filter: {} });
    await waitFor(() => expect(screen.queryByTestId('bulk-progress')).toBeNull());
    expect(toasts()).toContain('records.list.bulkDone');
  });

  it('a bulk delete a workflow refuses shows the workflow\'s message; a job says how many it refused', async () => {
    api.refuse = true;
    mount();
    await waitFor(() => expect(rows()).toHaveLength(10));
    fireEvent.click(within(rows()[0]!).getByTestId('row-select'));
    fireEvent.click(screen.getByTestId('bulk-delete'));
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(toasts()).toContain('Paid orders stay'));
    expect(screen.getByTestId('list-total').textContent).toContain('23');
    fireEvent.click(screen.getByTestId('bulk-all-matching'));
    fireEvent.click(screen.getByTestId('bulk-delete'));
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(toasts()).toContain('records.list.bulkRefused'));
    expect(toastStore.get().find((t) => t.message === 'records.list.bulkRefused')!.values).toEqual({ count: 21, refused: 2 });
    expect(toasts()).not.toContain('records.list.bulkDone');
  });

  it('saves the current filters as a preset with the whole settings model, and applies a picked preset', async () => {
    api.presets = [{ name: 'Blue things', roles: null, context: { default: false, filters: { dateField: 'created_at', filter: 'blue' }, expr: null } }];
    mount();
    await waitFor(() => expect(rows()).toHaveLength(10));
    const select = screen.getByTestId('preset-select') as HTMLSelectElement;
    expect(Array.from(select.options, (o) => o.value)).toEqual(['Default', 'Blue things']);
    fireEvent.change(select, { target: { value: 'Blue things' } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect((screen.getByTestId('list-search') as HTMLInputElement).value).toBe('blue');

    fireEvent.click(screen.getByTestId('preset-save-as'));
    fireEvent.change(document.querySelector('input[name="preset-name"]')!, { target: { value: 'Mine' } });
    await act(async () => fireEvent.click(screen.getByTestId('preset-save-submit')));
    await waitFor(() => expect(toasts()).toContain('Preset saved'));
    const saved = api.calls.find((c) => c.method === 'POST' && c.url.pathname.endsWith('/settings/orders/v1'))!.body as { uuid: string; settings: ComponentSettings };
    expect(saved.uuid).toBe('00000000-0000-4000-8000-000000000001');
    expect(saved.settings.fields).toHaveLength(2);
    expect(saved.settings.presets.map((p) => p.name)).toEqual(['Blue things', 'Mine']);
    expect(saved.settings.presets[1]!.context?.filters).toMatchObject({ filter: 'blue', currentPage: 1 });
    await waitFor(() => expect(select.value).toBe('Mine'));

    // Changing the search and picking the selected preset again brings its filters back.
    fireEvent.change(screen.getByTestId('list-search'), { target: { value: '' } });
    await waitFor(() => expect(rows()).toHaveLength(10));
    fireEvent.change(select, { target: { value: 'Mine' } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect((screen.getByTestId('list-search') as HTMLInputElement).value).toBe('blue');

    fireEvent.click(screen.getByTestId('preset-set-default'));
    await waitFor(() => expect(toasts()).toContain('presetIsDefault'));
    expect(api.presets.map((p) => p.context?.default)).toEqual([false, true]);
    fireEvent.click(screen.getByTestId('preset-delete'));
    await waitFor(() => expect(toasts()).toContain('presetRemoved'));
    expect(api.presets.map((p) => p.name)).toEqual(['Blue things']);
    await waitFor(() => expect(select.value).toBe('Default'));
  });

  it('says so when a preset save fails', async () => {
    mount();
    await waitFor(() => expect(rows()).toHaveLength(10));
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'POST' ? json({ message: 'forbidden' }, 403) : fakeFetch(input, init)));
    fireEvent.click(screen.getByTestId('preset-save-as'));
    fireEvent.change(document.querySelector('input[name="preset-name"]')!, { target: { value: 'Mine' } });
    await act(async () => fireEvent.click(screen.getByTestId('preset-save-submit')));
    await waitFor(() => expect(toasts()).toContain('Failed to save preset'));
  });

  it('empties the table on a load failure, with the message in a dialog and the unexpectedError toast', async () => {
    api.listFailure = { status: 400, message: 'badRequest' };
    mount();
    await waitFor(() => expect(screen.getByTestId('list-error').getAttribute('role')).toBe('dialog'));
    expect(screen.getByTestId('list-error').textContent).toContain('The request is not valid.');
    expect(rows()).toHaveLength(0);
    expect(toasts()).toContain('unexpectedError');
  });

  it('shows a non-admin without read the no-permissions toast and no table', async () => {
    api.admin = false;
    mount();
    await waitFor(() => expect(screen.getByTestId('list-denied')).toBeTruthy());
    expect(screen.queryByTestId('record-list')).toBeNull();
    expect(toasts()).toContain('noPermissionsToRead');
    expect(api.calls.some((c) => c.url.pathname.endsWith('/models'))).toBe(false);
  });

  it('hides settings links and create without the permissions, shows the Default preset only to admins', async () => {
    api.admin = false;
    api.permissions = ['read orders'];
    api.presets = [{ name: 'Mine', roles: null, context: { default: false, filters: { dateField: 'created_at' }, expr: null } }];
    mount();
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(screen.queryByTestId('list-create')).toBeNull();
    expect(screen.queryByTestId('list-settings')).toBeNull();
    expect(screen.queryByTestId('bulk-delete')).toBeNull();
    expect(Array.from((screen.getByTestId('preset-select') as HTMLSelectElement).options, (o) => o.value)).toEqual(['Mine']);
  });

  it('offers the settings, workflow, list settings and editor links only in dev', async () => {
    mount();
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(screen.queryByTestId('list-settings')).toBeNull();
    expect(screen.getByTestId('list-create').getAttribute('href')).toBe('/admin/component/orders/create');
    act(() => setEnvironment('dev'));
    await waitFor(() => expect(screen.getByTestId('list-settings').getAttribute('href')).toBe('/admin/component/orders/settings'));
    expect(screen.getByTestId('list-settings-workflow').getAttribute('href')).toBe('/admin/component/orders/settings#workflow');
    expect(screen.getByTestId('list-settings-list').getAttribute('href')).toBe('/admin/component/orders/settings#list');
    const editor = screen.getByTestId('list-editor');
    expect(editor.getAttribute('href')).toBe('/component/editor/00000000-0000-4000-8000-000000000001?v=v1');
    expect(editor.getAttribute('target')).toBe('_blank');
  });

  it('pages and the total say 5000+ with the disclaimer at the cap', async () => {
    api.rows = Array.from({ length: 5001 }, (_, i) => ({ uuid: `u-${i}`, title: `Item ${i}`, amount: i, disabled_at: null }));
    mount();
    await waitFor(() => expect(screen.getByTestId('list-total').textContent).toContain('5000+'));
    expect(screen.getByTestId('list-cap')).toBeTruthy();
    expect(screen.getByText(/of 500$/)).toBeTruthy();
  });

  it('keeps only a window of rows in the page with 5000 rows and 40 columns', async () => {
    api.wide = 40;
    api.rows = Array.from({ length: 5000 }, (_, i) => ({ uuid: `u-${i}`, title: `Item ${i}`, amount: i, disabled_at: null }));
    for (const row of api.rows as unknown as Record<string, unknown>[]) for (let c = 1; c <= 40; c++) row[`f${c}`] = `r${String(row.amount)}c${c}`;
    api.presets = [{ name: 'All', roles: null, context: { default: true, filters: { dateField: 'created_at', perPage: 5000 }, expr: null } }];
    mount();
    await waitFor(() => expect(screen.getByTestId('list-total').textContent).toContain('5000+'));
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    expect(rows().length).toBeLessThan(100);
    expect(document.querySelectorAll('[data-testid="record-list"] thead th[data-column]')).toHaveLength(40);
    expect(rows()[0]!.textContent).toContain('r0c40');
    // Scrolling the table's box brings later rows in, and the first ones leave.
    const box = screen.getByTestId('list-scroll');
    box.scrollTop = 48 * 3000;
    fireEvent.scroll(box);
    await waitFor(() => expect(rows()[0]!.textContent).not.toContain('r0c1'));
    expect(rows().some((r) => r.textContent!.includes('r3000c1'))).toBe(true);
    expect(rows().length).toBeLessThan(100);
  });

  it('says "No records yet" with Create and Import when the component has none', async () => {
    api.rows = [];
    mount();
    await waitFor(() => expect(screen.getByTestId('list-empty').getAttribute('data-empty')).toBe('no-records'));
    expect(screen.getByTestId('list-empty').textContent).toContain('No records yet');
    expect(screen.getByTestId('list-empty-create').getAttribute('href')).toBe('/admin/component/orders/create');
    expect(screen.getByTestId('list-empty-import')).toBeTruthy();
    expect(screen.queryByTestId('list-clear-filters')).toBeNull();
  });

  it('says "No records match" when a search finds nothing, and clears it', async () => {
    mount();
    await waitFor(() => expect(rows()).toHaveLength(10));
    fireEvent.change(screen.getByTestId('list-search'), { target: { value: 'nothing like this' } });
    await waitFor(() => expect(screen.getByTestId('list-empty').getAttribute('data-empty')).toBe('no-match'));
    expect(screen.getByTestId('list-empty').textContent).toContain('No records match');
    expect(screen.queryByTestId('list-empty-create')).toBeNull();
    fireEvent.click(screen.getByTestId('list-clear-filters'));
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect((screen.getByTestId('list-search') as HTMLInputElement).value).toBe('');
  });

  it('hides, orders and sizes columns and keeps the layout in the preset it updates', async () => {
    api.presets = [{ name: 'Mine', roles: null, context: { default: true, filters: { dateField: 'created_at' }, expr: null } }];
    mount();
    await waitFor(() => expect(rows()).toHaveLength(10));
    const headers = () => Array.from(document.querySelectorAll('[data-testid="record-list"] thead th[data-column]'), (th) => th.getAttribute('data-column'));
    expect(headers()).toEqual(['title', 'amount']);
    fireEvent.click(screen.getByTestId('list-columns'));
    await waitFor(() => expect(screen.getByTestId('column-chooser')).toBeTruthy());
    fireEvent.click(screen.getByTestId('column-down-title'));
    expect(headers()).toEqual(['amount', 'title']);
    fireEvent.click(screen.getByTestId('column-toggle-amount'));
    expect(headers()).toEqual(['title']);
    // The last shown column cannot be hidden.
    expect((screen.getByTestId('column-toggle-title') as HTMLInputElement).disabled).toBe(true);
    fireEvent.keyDown(screen.getByTestId('column-resizer'), { key: 'ArrowRight', shiftKey: true });
    fireEvent.click(screen.getByTestId('density-compact'));

    fireEvent.click(screen.getByTestId('preset-update'));
    await act(async () => fireEvent.click(screen.getByTestId('preset-save-submit')));
    await waitFor(() => expect(toasts()).toContain('presetUpdated'));
    expect(api.presets[0]!.context?.filters).toMatchObject({ layout: { order: ['amount', 'title'], hidden: ['amount'], widths: { title: 250 }, density: 'compact' } });
  });

  it('applies the layout a preset keeps when it is picked', async () => {
    api.presets = [
      { name: 'Plain', roles: null, context: { default: true, filters: { dateField: 'created_at' }, expr: null } },
      { name: 'Amounts', roles: null, context: { default: false, filters: { dateField: 'created_at', layout: { order: ['amount'], hidden: ['title'], widths: {}, density: 'compact' } } as never, expr: null } },
    ];
    mount();
    await waitFor(() => expect(rows()).toHaveLength(10));
    fireEvent.change(screen.getByTestId('preset-select'), { target: { value: 'Amounts' } });
    await waitFor(() => expect(document.querySelectorAll('[data-testid="record-list"] thead th[data-column]')).toHaveLength(1));
    expect(document.querySelector('[data-testid="record-list"] thead th[data-column]')!.getAttribute('data-column')).toBe('amount');
    expect(screen.getByTestId('list-scroll').className).toContain('list-density-compact');
  });
});
