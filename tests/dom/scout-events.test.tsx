// Scout's event log screens (src/app/features/scout/EventsPages.tsx) in the whole app against the fake
// API: the list's rows with times in the user's time zone and the empty state, one event with its
// payload (and no record link when the record is gone), and the settings (a bad retention refused
// before any call, a 417 at its field, a save with its body and a toast).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { toastStore } from '../../renderers/ui/toast';
import { ME, PROJECT, mountApp, server, writes } from './iam-harness';

const saves = () => writes().filter((call) => call.path === '/v1/system/events/settings');

const EVENT = {
  uuid: '01900000-0000-7000-8000-000000000001',
  topic: 'shop/orders.create.live',
  env: 'live',
  component_uuid: '00000000-0000-4000-8000-0000000000c1',
  record_uuid: '00000000-0000-4000-8000-0000000000d1',
  actor: ME,
  actor_name: 'Ada Admin',
  payload: { record: { uuid: '00000000-0000-4000-8000-0000000000d1', title: 'Tea' } },
  created_at: '2024-03-01T10:00:00.000Z',
};

const userModel = (timezone: string) => ({
  status: 200,
  body: { uuid: ME, name: 'Ada Admin', email: 'ada.admin@example.com', settings: { timezone }, billing_address: null, login_at: null, status: 'active', project_uuid: PROJECT, workspace_uuid: null, is_admin: true },
});

describe('scout events screens', () => {
  beforeEach(() => toastStore.set([]));

  it('lists events with the time in the user\'s time zone, the component and a link to the event', async () => {
    server.fail['GET /v1/user/model'] = userModel('Asia/Tokyo');
    server.fail['GET /v1system/events'] = { status: 200, body: { items: [EVENT], next: null } };
    await mountApp('/admin/scout/events', 'scout-events-page');
    const row = await screen.findByTestId('scout-ev-row');
    expect(row.textContent).toContain('shop/orders.create.live');
    expect(row.textContent).toContain('7:00:00'); // 10:00 UTC is 19:00 in Tokyo
    expect(row.textContent).toContain('shop/orders');
    expect(row.querySelector('a')!.getAttribute('href')).toBe(`/admin/scout/events/${EVENT.uuid}`);
    expect((screen.getByTestId('scout-ev-next') as HTMLButtonElement).disabled).toBe(true);
    expect(row.querySelector('[data-testid="scout-ev-actor"]')!.textContent).toBe('Ada Admin');
  });

  it('names the component by its label, and by the topic\'s ref once it is gone', async () => {
    server.fail['GET /v3/system/components'] = {
      status: 200,
      body: [{ uuid: EVENT.component_uuid, name: 'orders', scope: 'shop', ref: 'shop/orders', label: { en_US: 'Orders' }, displayName: 'Orders' }],
    };
    server.fail['GET /v1system/events'] = {
      status: 200,
      body: { items: [EVENT, { ...EVENT, uuid: '01900000-0000-7000-8000-000000000009', topic: 'shop/gone.create.live', component_uuid: '00000000-0000-4000-8000-0000000000c9' }], next: null },
    };
    await mountApp('/admin/scout/events', 'scout-events-page');
    await waitFor(() => expect(screen.getAllByTestId('scout-ev-row')[0]!.querySelectorAll('td')[3]!.textContent).toBe('Orders'));
    expect(screen.getAllByTestId('scout-ev-row')[1]!.querySelectorAll('td')[3]!.textContent).toBe('shop/gone');
    // The topic column names the component by its label too, the raw topic kept as the title; a removed one's topic shows as is.
    const [known, gone] = screen.getAllByTestId('scout-ev-topic-cell');
    expect(known!.textContent).toBe('Orders.create.live');
    expect(known!.getAttribute('title')).toBe('shop/orders.create.live');
    expect(gone!.textContent).toBe('shop/gone.create.live');
  });

  it('names who caused each event: the name the server answered, a removed user\'s uuid with a note, the system', async () => {
    const gone = '00000000-0000-4000-8000-00000000dead';
    server.fail['GET /v1system/events'] = {
      status: 200,
      body: {
        items: [
          EVENT,
          { ...EVENT, uuid: '01900000-0000-7000-8000-000000000002', actor: gone, actor_name: null },
          { ...EVENT, uuid: '01900000-0000-7000-8000-000000000003', actor: null, actor_name: null },
        ],
        next: null,
      },
    };
    await mountApp('/admin/scout/events', 'scout-events-page');
    const rows = await screen.findAllByTestId('scout-ev-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]!.querySelector('[data-testid="scout-ev-actor"]')!.textContent).toBe('Ada Admin');
    expect(rows[1]!.querySelector('[data-testid="scout-ev-actor"]')!.textContent).toBe('…0000dead (user removed)');
    expect(rows[1]!.querySelector('[data-testid="scout-ev-actor"] code')!.getAttribute('title')).toBe(gone);
    expect(rows[2]!.textContent).toContain('System');
  });

  it('one event whose actor was removed shows the uuid with a note', async () => {
    const gone = '00000000-0000-4000-8000-00000000dead';
    server.fail[`GET /v1/system/events/${EVENT.uuid}`] = { status: 200, body: { ...EVENT, actor: gone, actor_name: null } };
    await mountApp(`/admin/scout/events/${EVENT.uuid}`, 'scout-event-page');
    expect((await screen.findByTestId('scout-ev-actor')).textContent).toBe(`${gone} (user removed)`);
  });

  it('shows the empty state when nothing matches', async () => {
    server.fail['GET /v1system/events'] = { status: 200, body: { items: [], next: null } };
    await mountApp('/admin/scout/events?kind=deploy', 'scout-events-page');
    expect(await screen.findByTestId('scout-ev-empty')).toBeTruthy();
    expect((screen.getByTestId('scout-ev-kind') as HTMLSelectElement).value).toBe('deploy');
  });

  it('opens one event with its payload pretty-printed; a record that is gone gets no link', async () => {
    server.fail[`GET /v1/system/events/${EVENT.uuid}`] = { status: 200, body: EVENT };
    await mountApp(`/admin/scout/events/${EVENT.uuid}`, 'scout-event-page');
    expect((await screen.findByTestId('scout-ev-topic')).textContent).toBe('shop/orders.create.live');
    expect(screen.getByTestId('scout-ev-payload').textContent).toBe(JSON.stringify(EVENT.payload, null, 2));
    expect(screen.getByTestId('scout-ev-actor').textContent).toBe(`Ada Admin ${ME}`);
    expect(await screen.findByTestId('scout-ev-record-gone')).toBeTruthy();
    expect(screen.queryByTestId('scout-ev-record-link')).toBeNull();
  });

  it('settings: a bad retention is refused before any call, a 417 shows at its field, a save sends the body and toasts', async () => {
    server.fail['GET /v1/system/events/settings'] = { status: 200, body: { kinds: ['record', 'bulk', 'deploy', 'workflow', 'custom'], retention_days: 30 } };
    await mountApp('/admin/scout/events/settings', 'scout-settings-page');
    const days = (await screen.findByTestId('scout-ev-days')) as HTMLInputElement;
    expect(days.value).toBe('30');
    fireEvent.change(days, { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('scout-ev-save'));
    expect((await screen.findByTestId('scout-ev-days-error')).textContent).toContain('1 to 3650 days');
    expect(saves()).toEqual([]);

    server.fail['PUT /v1/system/events/settings'] = { status: 417, body: { message: 'fieldsNotValid', errors: [{ field: 'kinds', messages: ['scoutEventsInvalidKinds'] }] } };
    fireEvent.change(days, { target: { value: '7' } });
    fireEvent.click(screen.getByTestId('scout-ev-kind-deploy'));
    fireEvent.click(screen.getByTestId('scout-ev-save'));
    expect(await screen.findByText('Choose kinds from the list, each once.')).toBeTruthy();

    server.fail['PUT /v1/system/events/settings'] = { status: 200, body: { kinds: ['record', 'bulk', 'workflow', 'custom'], retention_days: 7 } };
    fireEvent.click(screen.getByTestId('scout-ev-save'));
    await waitFor(() => expect(toastStore.get().map((t) => t.message)).toContain('scoutEvents.saved'));
    expect(saves().at(-1)!.body).toEqual({ kinds: ['record', 'bulk', 'workflow', 'custom'], retention_days: 7 });
  });
});
