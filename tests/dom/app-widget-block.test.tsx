// A widget block of an app page (docs/apps.md "The screens"): drawn with the dashboard's widget card,
// its data read with the viewer's rights; a widget the viewer may not read shows the card's refusal,
// and a widget no longer in the project says its data could not be loaded. Nothing crashes.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Widget } from '../../runtime/api/widgets';
import { AppBlockView } from '../../src/app/features/apps/AppBlocks';
import { widgetKeys } from '../../src/app/features/widgets/data';
import { withIntl } from './harness';

const widget = (n: number, name: string): Widget => ({
  uuid: `00000000-0000-4000-8000-00000000000${n}`,
  name,
  kind: 'number',
  component: '00000000-0000-4000-8000-0000000000c1',
  thunder: null,
  settings: {},
  created_at: '2026-11-29T10:00:00Z',
  updated_at: '2026-11-29T10:00:00Z',
});
const OPEN = widget(1, 'Open orders');
const SECRET = widget(2, 'Salaries');
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function mount(uuid: string) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === `/api/v1/system/widget/${OPEN.uuid}/data`) return json(200, { items: [], total: 42, pages: 42 });
    if (path === `/api/v1/system/widget/${SECRET.uuid}/data`) return json(403, { status: 403, message: 'noPermissionsToRead' });
    return json(404, { status: 404, message: 'notFound' });
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(widgetKeys.all, [OPEN, SECRET]);
  return render(withIntl(<QueryClientProvider client={client}>{<AppBlockView app="00000000-0000-4000-8000-0000000000a1" block={{ kind: 'widget', widget: uuid }} />}</QueryClientProvider>));
}

afterEach(() => vi.unstubAllGlobals());

describe('an app page widget block', () => {
  it("draws the widget's card with its data", async () => {
    mount(OPEN.uuid);
    const block = screen.getByTestId('app-block-widget');
    expect(within(block).getByRole('heading').textContent).toBe('Open orders');
    await waitFor(() => expect(within(block).getByTestId('widget-number').textContent).toContain('42'));
  });

  it("shows the card's refusal for a widget the viewer may not read, and a missing widget as not loaded", async () => {
    const { unmount } = mount(SECRET.uuid);
    await waitFor(() => expect(screen.getByTestId('widget-error').textContent).toMatch(/could not be loaded.*permission/i));
    expect(screen.queryByTestId('widget-number')).toBeNull();
    unmount();
    mount('00000000-0000-4000-8000-000000000009');
    expect(screen.getByTestId('app-block-widget-missing').textContent).toMatch(/could not be loaded/);
  });
});
