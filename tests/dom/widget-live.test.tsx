// A placed widget follows its component's writes over the bus (docs/widgets.md "Live"): an event of
// its component reads its data again, a burst during a read gives one more read (not one an event),
// another component's events change nothing, and a reconnect reads it again. A widget over a thunder
// data set (docs/thunder.md) reads again on its set's build event, not on another set's.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Widget } from '../../runtime/api/widgets';
import { EventBusProvider } from '../../renderers/data/eventBus';
import { WidgetCard } from '../../src/app/features/widgets/WidgetCard';
import { fakeBus } from './bus-harness';
import { withIntl } from './harness';

const COMPONENT = '00000000-0000-4000-8000-0000000000c1';
const WIDGET: Widget = {
  uuid: '00000000-0000-4000-8000-000000000001',
  name: 'Open orders',
  kind: 'number',
  component: COMPONENT,
  thunder: null,
  settings: {},
  created_at: '2026-11-29T10:00:00Z',
  updated_at: '2026-11-29T10:00:00Z',
};
const SET = '00000000-0000-4000-8000-0000000000f1';
const SET_WIDGET: Widget = { ...WIDGET, uuid: '00000000-0000-4000-8000-000000000002', name: 'Order total', component: null, thunder: SET };
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

let total = 0;
let reads = 0;
/** While set, data reads wait for the test to let them answer. */
let gate: Promise<void> | null = null;

beforeEach(() => {
  total = 3;
  reads = 0;
  gate = null;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/v3/system/component/menu') return json([{ uuid: COMPONENT, name: 'orders', scope: 'shop', ref: 'shop/orders', label: {}, displayName: 'Orders', icon: null, sort: 0, is_active: true }]);
    if (path === `/api/v1/system/widget/${WIDGET.uuid}/data`) {
      reads += 1;
      const answer = total;
      if (gate) await gate;
      return json({ items: [], total: answer, pages: answer });
    }
    if (path === `/api/v1/system/widget/${SET_WIDGET.uuid}/data`) {
      reads += 1;
      return json({ items: [{ _id: null, total }], total: 1, pages: 1 });
    }
    return new Response(JSON.stringify({ status: 404, message: 'notFound' }), { status: 404 });
  });
});
afterEach(() => vi.unstubAllGlobals());

function mount(widget: Widget = WIDGET) {
  const bus = fakeBus('connected');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(withIntl(<QueryClientProvider client={client}><EventBusProvider client={bus.client}><WidgetCard widget={widget} /></EventBusProvider></QueryClientProvider>));
  return bus;
}
const shown = () => screen.getByTestId('widget-number').textContent;

describe('a live widget', () => {
  it("reads its data again after a write to its component, and not after another component's", async () => {
    const bus = mount();
    await waitFor(() => expect(shown()).toContain('3'));
    await waitFor(() => expect(bus.client.topics()).toEqual(['shop/orders.*.live']));
    total = 4;
    act(() => bus.emit('shop/other.create.live', { record: { uuid: 'x' } }));
    expect(reads).toBe(1);
    act(() => bus.emit('shop/orders.create.live', { record: { uuid: 'r-4' } }));
    await waitFor(() => expect(shown()).toContain('4'));
    expect(reads).toBe(2);
  });

  it('a burst of events during a read gives one more read; a reconnect reads again', async () => {
    const bus = mount();
    await waitFor(() => expect(shown()).toContain('3'));
    await waitFor(() => expect(bus.client.topics()).toHaveLength(1));
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    act(() => bus.emit('shop/orders.create.live', { items: ['a', 'b'] }));
    await waitFor(() => expect(reads).toBe(2));
    // The read in flight may have missed these writes: they ask for one more read, after it.
    total = 9;
    act(() => {
      for (let n = 0; n < 5; n += 1) bus.emit('shop/orders.update.live', { record: { uuid: `r-${n}` } });
    });
    expect(reads).toBe(2);
    gate = null;
    act(() => open());
    await waitFor(() => expect(shown()).toContain('9'));
    expect(reads).toBe(3);
    total = 10;
    act(() => bus.reconnected());
    await waitFor(() => expect(shown()).toContain('10'));
    expect(reads).toBe(4);
  });

  it("over a thunder data set: its first row's value, read again on its set's build, not another set's", async () => {
    total = 65;
    const bus = mount(SET_WIDGET);
    await waitFor(() => expect(shown()).toContain('65'));
    await waitFor(() => expect(bus.client.topics()).toEqual(['thunder.build.live']));
    total = 165;
    act(() => bus.emit('thunder.build.live', { uuid: '00000000-0000-4000-8000-0000000000f2', name: 'other', status: 'ready' }));
    expect(reads).toBe(1);
    act(() => bus.emit('thunder.build.live', { uuid: SET, name: 'totals', status: 'ready' }));
    await waitFor(() => expect(shown()).toContain('165'));
    expect(reads).toBe(2);
  });
});
