// The record list with the event bus: changes by others are counted in a banner instead of moving
// rows; 'Show them' fetches the page again; the user's own changes and other components' are left out.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventBusProvider } from '../../renderers/data/eventBus';
import { TAB_CLIENT_ID } from '../../runtime/client/client';
import { fakeBus } from './bus-harness';
import { withIntl } from './harness';
import { ME, OrdersList, json, ordersBasics, ordersSettings } from './orders-harness';

let rowsOnServer: { uuid: string; title: string }[];
let listCalls = 0;

const settings = ordersSettings();

async function fakeFetch(input: RequestInfo | URL): Promise<Response> {
  const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
  const basic = ordersBasics(path, settings);
  if (basic) return basic;
  if (path === '/v3/system/component/orders/models') {
    listCalls += 1;
    return json({ items: rowsOnServer, total: rowsOnServer.length, pages: 1 });
  }
  return json({ message: 'notFound' }, 404);
}

function mount() {
  const bus = fakeBus('connected');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(withIntl(<QueryClientProvider client={client}><EventBusProvider client={bus.client}><OrdersList /></EventBusProvider></QueryClientProvider>));
  return bus;
}

const rows = () => screen.queryAllByTestId('record-row');
const banner = () => screen.getByTestId('live-banner');

beforeEach(() => {
  rowsOnServer = [{ uuid: 'u-1', title: 'First' }];
  listCalls = 0;
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
});
afterEach(() => vi.unstubAllGlobals());

describe('the live record list', () => {
  it("counts others' creates, updates and deletes in a banner; rows stay until 'Show them'", async () => {
    const bus = mount();
    await waitFor(() => expect(rows()).toHaveLength(1));
    await waitFor(() => expect(bus.client.topics()).toEqual(['orders.*.live']));
    expect(banner().hidden).toBe(true);
    const callsBefore = listCalls;
    rowsOnServer = [{ uuid: 'u-2', title: 'Second' }, { uuid: 'u-1', title: 'First, changed' }];
    act(() => {
      bus.emit('orders.create.live', { record: { uuid: 'u-2', title: 'Second', created_by: 'someone', updated_by: 'someone' } });
      bus.emit('orders.update.live', { record: { uuid: 'u-1', title: 'First, changed', updated_by: 'someone' } });
      // the same record again counts once
      bus.emit('orders.update.live', { record: { uuid: 'u-1', title: 'First, changed', updated_by: 'someone' } });
    });
    expect(banner().hidden).toBe(false);
    expect(banner().textContent).toContain('2 new changes to this list');
    expect(banner().getAttribute('role')).toBe('status');
    // No row moved and nothing was fetched.
    expect(rows()).toHaveLength(1);
    expect(listCalls).toBe(callsBefore);
    // The button says what it shows (the count is its description); once pressed, the focus goes to the list's title.
    const show = screen.getByRole('button', { name: 'Show them', description: '2 new changes to this list' });
    show.focus();
    fireEvent.click(show);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(banner().hidden).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Orders' }));
    act(() => bus.emit('orders.delete.live', { record: { uuid: 'u-2' } }));
    expect(banner().textContent).toContain('1 new change to this list');
  });

  it('an empty list shows others\' new records at once (no rows can move), with no banner', async () => {
    rowsOnServer = [];
    const bus = mount();
    await waitFor(() => expect(screen.getByText('No records yet')).toBeTruthy());
    await waitFor(() => expect(bus.client.topics()).toEqual(['orders.*.live']));
    const callsBefore = listCalls;
    rowsOnServer = [{ uuid: 'u-5', title: 'Fifth' }];
    act(() => bus.emit('orders.create.live', { record: { uuid: 'u-5', title: 'Fifth', created_by: 'someone', updated_by: 'someone' } }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(listCalls).toBe(callsBefore + 1);
    expect(banner().hidden).toBe(true);
    // With a row on the page, the next change is counted again.
    act(() => bus.emit('orders.create.live', { record: { uuid: 'u-6', title: 'Sixth', created_by: 'someone', updated_by: 'someone' } }));
    expect(banner().hidden).toBe(false);
    expect(rows()).toHaveLength(1);
  });

  it("leaves out this tab's own changes, other components and the other environment; shows the user's changes from another tab", async () => {
    const bus = mount();
    await waitFor(() => expect(rows()).toHaveLength(1));
    await waitFor(() => expect(bus.client.topics()).toEqual(['orders.*.live']));
    // The user model is loaded (the own-change check needs it).
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).includes('/v1/user/model'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    act(() => {
      bus.emit('orders.create.live', { record: { uuid: 'u-9', created_by: ME, updated_by: ME }, actor: ME, client: TAB_CLIENT_ID });
      bus.emit('people.create.live', { record: { uuid: 'p-1', updated_by: 'someone' } });
      bus.emit('orders.create.dev', { record: { uuid: 'u-8', updated_by: 'someone' } });
    });
    expect(banner().hidden).toBe(true);
    // A bulk action by someone else counts its items.
    act(() => bus.emit('orders.bulk.live', { action: 'disable', items: ['u-1', 'u-3', 'u-4'], actor: 'someone' }));
    expect(banner().textContent).toContain('3 new changes');
    // The same user's create in a second tab (another X-Luma-Client) is news here.
    act(() => bus.emit('orders.create.live', { record: { uuid: 'u-7', created_by: ME, updated_by: ME }, actor: ME, client: 'another-tab-0001' }));
    expect(banner().textContent).toContain('4 new changes');
  });

  it('fetches the page again after a reconnect (events in between were missed)', async () => {
    const bus = mount();
    await waitFor(() => expect(rows()).toHaveLength(1));
    const before = listCalls;
    rowsOnServer = [{ uuid: 'u-1', title: 'First' }, { uuid: 'u-5', title: 'Fifth' }];
    act(() => bus.reconnected());
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(listCalls).toBe(before + 1);
  });
});
