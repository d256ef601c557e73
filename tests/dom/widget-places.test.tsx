// The widgets a page shows (docs/widgets.md "Screens"): placed widgets in their stored order, each
// with its data (a number, a table); an admin's chooser ticks and moves them with buttons and saves the
// order with PUT /v1/system/widget/places; a member sees no chooser, and nothing when nothing is placed.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Widget, WidgetData } from '../../runtime/api/widgets';
import { queryKeys } from '../../renderers/data/queries';
import { widgetKeys } from '../../src/app/features/widgets/data';
import { PlacedWidgets } from '../../src/app/features/widgets/PlacedWidgets';
import { withIntl } from './harness';

const widget = (n: number, rest: Partial<Widget>): Widget => ({
  uuid: `00000000-0000-4000-8000-00000000000${n}`,
  name: `W${n}`,
  kind: 'number',
  component: '00000000-0000-4000-8000-0000000000c1',
  thunder: null,
  settings: {},
  created_at: '2026-11-29T10:00:00Z',
  updated_at: '2026-11-29T10:00:00Z',
  ...rest,
});
const COUNT = widget(1, { name: 'Open orders' });
const TOTAL = widget(2, { name: 'Revenue', settings: { aggregate: [{ $group: { _id: null, revenue: { $sum: '$amount' } } }] } });
const TABLE = widget(3, { name: 'Latest', kind: 'table', settings: { limit: 2 } });

const DATA: Record<string, WidgetData> = {
  [COUNT.uuid]: { items: [], total: 42, pages: 42 },
  [TOTAL.uuid]: { items: [{ _id: null, revenue: 1234.5 }], total: 1, pages: 1 },
  [TABLE.uuid]: { items: [{ uuid: 'r1', title: 'First' }, { uuid: 'r2', title: 'Second' }], total: 2, pages: 1 },
};

let sent: unknown[] = [];

function mount(isAdmin: boolean, places: { dashboard: string[]; home: string[] }) {
  sent = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (init?.method === 'PUT' && path === '/api/v1/system/widget/places') {
      const body = JSON.parse(String(init.body));
      sent.push(body);
      return new Response(JSON.stringify({ ...places, ...body }), { status: 200, headers: { 'content-type': 'application/json' } });
    }
    const data = /\/widget\/([^/]+)\/data$/.exec(path);
    if (data) return new Response(JSON.stringify(DATA[data[1]!]), { status: 200, headers: { 'content-type': 'application/json' } });
    return new Response(JSON.stringify({ status: 404, message: 'notFound' }), { status: 404, headers: { 'content-type': 'application/json' } });
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(queryKeys.claims, { ProjectUUID: '00000000-0000-4000-8000-0000000000p1', IsAdmin: isAdmin });
  client.setQueryData(widgetKeys.all, [COUNT, TOTAL, TABLE]);
  client.setQueryData(widgetKeys.places, places);
  return render(withIntl(<QueryClientProvider client={client}>{<PlacedWidgets place="dashboard" />}</QueryClientProvider>));
}

afterEach(() => vi.unstubAllGlobals());

const cardNames = () => screen.queryAllByTestId('widget-card').map((card) => within(card).getByRole('heading').textContent);

describe('placed widgets', () => {
  it('shows the placed widgets in their stored order with their data: a count, a value, a table', async () => {
    mount(false, { dashboard: [TABLE.uuid, COUNT.uuid, TOTAL.uuid], home: [] });
    expect(cardNames()).toEqual(['Latest', 'Open orders', 'Revenue']);
    await waitFor(() => expect(screen.getAllByTestId('widget-number').map((n) => n.textContent)).toEqual(['42Records', '1,234.5']));
    const table = await screen.findByTestId('widget-table');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['uuid', 'title']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    // A member has no chooser.
    expect(screen.queryByTestId('widget-place-choose')).toBeNull();
  });

  it('a member sees nothing where nothing is placed; an admin sees how to place some', () => {
    const { unmount } = mount(false, { dashboard: [], home: [] });
    expect(screen.queryByTestId('widgets-dashboard')).toBeNull();
    unmount();
    mount(true, { dashboard: [], home: [] });
    expect(screen.getByTestId('widget-place-empty').textContent).toContain('No widgets on this page yet.');
  });

  it('an admin ticks and moves widgets with buttons, and saves the order', async () => {
    mount(true, { dashboard: [COUNT.uuid], home: [] });
    fireEvent.click(screen.getByTestId('widget-place-choose'));
    const chooser = screen.getByTestId('widget-chooser');
    const names = () => within(chooser).getAllByRole('listitem').map((item) => item.textContent);
    expect(names()).toEqual(['Open orders', 'Revenue', 'Latest']);
    expect((within(chooser).getByLabelText('Show Open orders') as HTMLInputElement).checked).toBe(true);
    expect((within(chooser).getByRole('button', { name: 'Move Open orders up' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(chooser).getByLabelText('Show Latest'));
    fireEvent.click(within(chooser).getByRole('button', { name: 'Move Latest up' }));
    fireEvent.click(within(chooser).getByRole('button', { name: 'Move Latest up' }));
    expect(names()).toEqual(['Latest', 'Open orders', 'Revenue']);
    fireEvent.click(within(chooser).getByTestId('widget-place-save'));
    await waitFor(() => expect(sent).toEqual([{ dashboard: [TABLE.uuid, COUNT.uuid] }]));
    await waitFor(() => expect(cardNames()).toEqual(['Latest', 'Open orders']));
    expect(screen.queryByTestId('widget-chooser')).toBeNull();
  });
});
