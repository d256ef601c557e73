// The record edit page with the event bus: when someone else saves the open record (a newer
// __version__) or deletes it, the page says so before a save would earn its 409, and Reload brings
// their values. Events come from a real bus server on loopback through the real client and machine
// (tests/dom/bus-harness.tsx realBus); the main API is faked with the record's version rules.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunScript } from '../../renderers/form/scripts';
import { EventBusProvider } from '../../renderers/data/eventBus';
import { EditView } from '../../renderers/screens/EditView';
import { useEditController } from '../../renderers/screens/useEditController';
import { toastStore } from '../../renderers/ui/toast';
import { realBus } from './bus-harness';
import { withIntl } from './harness';
import { ME, json, ordersBasics, ordersSettings } from './orders-harness';

const OTHER = '00000000-0000-4000-8000-0000000000bb';
const UUID = '00000000-0000-4000-8000-000000000101';

interface Stored {
  uuid: string;
  title: string;
  __version__: number;
  updated_by: string;
}
let stored: Stored | null;
let saves: { version: number; status: number }[];

const settings = ordersSettings({}, false);

const answer = (record: Stored) => ({
  ...record,
  created_by: OTHER,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  deleted_at: null,
  disabled_at: null,
});

/** The record as the bus carries it (events/outbox.ts recordPayload). */
const eventRecord = (record: Stored) => answer(record);

async function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
  const method = init?.method ?? 'GET';
  const basic = ordersBasics(path, settings);
  if (basic) return basic;
  if (path === '/v1/project/users') return json([{ uuid: ME, name: 'Me', email: 'me@x' }, { uuid: OTHER, name: 'Other', email: 'other@x' }]);
  if (path === `/v3/system/component/orders/model/${UUID}`) {
    if (!stored) return json({ message: 'notFound' }, 404);
    if (method === 'GET') return json(answer(stored));
    if (method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { version: number; data: { title?: string } };
      // The record API's rule: a save with an older __version__ is refused (docs/records.md).
      if (body.version !== stored.__version__) {
        saves.push({ version: body.version, status: 409 });
        return json({ message: 'recordVersionConflict' }, 409);
      }
      stored = { ...stored, title: body.data.title ?? stored.title, __version__: stored.__version__ + 1, updated_by: ME };
      saves.push({ version: body.version, status: 200 });
      return json(answer(stored));
    }
    if (method === 'DELETE') {
      stored = null;
      return json({});
    }
  }
  return json({ message: 'notFound' }, 404);
}

const scripts: RunScript = async ({ args }) => ({ ok: true, value: String(args.value) });

function Screen() {
  const ctl = useEditController({ ref: 'orders', uuid: UUID, runScript: scripts });
  return <EditView ctl={ctl} title="Orders" />;
}

let bus: Awaited<ReturnType<typeof realBus>> | null = null;

async function mount() {
  bus = await realBus();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(withIntl(<QueryClientProvider client={client}><EventBusProvider client={bus.client}><Screen /></EventBusProvider></QueryClientProvider>));
  await waitFor(() => expect(bus!.client.status).toBe('connected'));
  // The page's two topics reached the server.
  await waitFor(() => expect(bus!.subscribed('orders.update.live') && bus!.subscribed('orders.delete.live')).toBe(true));
  await waitFor(() => expect(title().value).toBe('Mine'));
  // The user model is loaded (the own-change check needs it).
  await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).includes('/v1/user/model'))).toBe(true));
  return bus;
}

const title = () => screen.getByLabelText('Title') as HTMLInputElement;
const warning = () => screen.queryByTestId('record-conflict');

beforeEach(() => {
  stored = { uuid: UUID, title: 'Mine', __version__: 1, updated_by: OTHER };
  saves = [];
  toastStore.set([]);
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
});
afterEach(async () => {
  await bus?.close();
  bus = null;
  vi.unstubAllGlobals();
});

describe('the record edit page with the event bus', () => {
  it("warns when someone else saved a newer version; Reload brings their values and the save then goes through", async () => {
    const live = await mount();
    expect(warning()).toBeNull();
    fireEvent.change(title(), { target: { value: 'My edit' } });
    // Someone else saves version 2 through another instance: the bus carries it here.
    stored = { ...stored!, title: 'Their title', __version__: 2, updated_by: OTHER };
    live.publish('orders.update.live', { record: eventRecord(stored) });
    await waitFor(() => expect(warning()).not.toBeNull());
    expect(warning()!.getAttribute('role')).toBe('alert');
    expect(warning()!.textContent).toContain('Someone else saved this record after you opened it, so saving your version would be refused. Reload to see their changes; your unsaved changes will be lost.');
    // The user's edit is still in the form until they choose.
    expect(title().value).toBe('My edit');
    const reload = screen.getByRole('button', { name: 'Reload the record' });
    reload.focus();
    fireEvent.click(reload);
    await waitFor(() => expect(title().value).toBe('Their title'));
    expect(warning()).toBeNull();
    // The button went with the warning: the focus is on the page's title, not lost.
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
    // Saving now carries version 2: accepted, no 409.
    fireEvent.change(title(), { target: { value: 'After theirs' } });
    fireEvent.click(screen.getByTestId('record-save'));
    await waitFor(() => expect(saves).toEqual([{ version: 2, status: 200 }]));
    expect(stored!.title).toBe('After theirs');
  });

  it("does not warn about the user's own save, nor about an older version or another record", async () => {
    const live = await mount();
    fireEvent.change(title(), { target: { value: 'Saved by me' } });
    fireEvent.click(screen.getByTestId('record-save'));
    await waitFor(() => expect(saves).toEqual([{ version: 1, status: 200 }]));
    // Everything the socket delivers, seen beside the page (the page's handlers run first: they subscribed first).
    const seen: string[] = [];
    const off = live.client.subscribe('#', (event) => void seen.push(event.topic));
    await waitFor(() => expect(live.subscribed('#')).toBe(true));
    // The server publishes the user's own save (version 2, updated_by the user), and stale or unrelated events.
    live.publish('orders.update.live', { record: eventRecord(stored!) });
    live.publish('orders.update.live', { record: eventRecord({ ...stored!, __version__: 1, updated_by: OTHER }) });
    live.publish('orders.update.live', { record: eventRecord({ uuid: '00000000-0000-4000-8000-000000000102', title: 'x', __version__: 9, updated_by: OTHER }) });
    live.publish('orders.update.dev', { record: eventRecord({ ...stored!, __version__: 9, updated_by: OTHER }) });
    await waitFor(() => expect(seen).toHaveLength(4));
    await act(async () => undefined);
    expect(warning()).toBeNull();
    expect(title().value).toBe('Saved by me');
    // Then someone else's newer version does warn.
    live.publish('orders.update.live', { record: eventRecord({ ...stored!, title: 'Theirs', __version__: 3, updated_by: OTHER }) });
    await waitFor(() => expect(warning()).not.toBeNull());
    expect(warning()!.textContent).toContain('Someone else saved this record');
    off();
  });

  it('says so when someone else deleted the record, with no reload to offer', async () => {
    const live = await mount();
    stored = null;
    live.publish('orders.delete.live', { record: { uuid: UUID } });
    await waitFor(() => expect(warning()).not.toBeNull());
    expect(warning()!.textContent).toContain('Someone else deleted this record after you opened it.');
    expect(screen.queryByRole('button', { name: 'Reload the record' })).toBeNull();
    // A later update event does not turn the deleted warning back into a changed one.
    live.publish('orders.update.live', { record: eventRecord({ uuid: UUID, title: 'Ghost', __version__: 5, updated_by: OTHER }) });
    live.publish('orders.delete.live', { record: { uuid: UUID } });
    await waitFor(() => expect(warning()!.textContent).toContain('deleted'));
  });

  it("does not warn about a delete the user made in another tab (the event's actor is the user)", async () => {
    const live = await mount();
    const seen: string[] = [];
    const off = live.client.subscribe('#', (event) => void seen.push(event.topic));
    await waitFor(() => expect(live.subscribed('#')).toBe(true));
    live.publish('orders.delete.live', { record: { uuid: UUID }, actor: ME });
    await waitFor(() => expect(seen).toEqual(['orders.delete.live']));
    await act(async () => undefined);
    expect(warning()).toBeNull();
    // The same event by someone else warns.
    live.publish('orders.delete.live', { record: { uuid: UUID }, actor: OTHER });
    await waitFor(() => expect(warning()?.textContent).toContain('Someone else deleted this record after you opened it.'));
    off();
  });

  it("does not warn about the user's own delete on this page, even from an event without an actor", async () => {
    const live = await mount();
    const seen: string[] = [];
    const off = live.client.subscribe('#', (event) => void seen.push(event.topic));
    await waitFor(() => expect(live.subscribed('#')).toBe(true));
    fireEvent.click(screen.getByTestId('record-delete'));
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(toastStore.get().map((t) => t.message)).toContain('records.deleted'));
    live.publish('orders.delete.live', { record: { uuid: UUID } });
    await waitFor(() => expect(seen).toEqual(['orders.delete.live']));
    await act(async () => undefined);
    expect(warning()).toBeNull();
    off();
  });
});
