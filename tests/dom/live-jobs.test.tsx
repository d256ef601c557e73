// A bulk job's progress over the event bus: while connected, '{ref}.job.{env}' events move the
// progress bar and the job poll slows to 5 s (a safety net); when the bus drops, the poll is back at
// 1 s. Events come from a real bus server on loopback through the real client (realBus); the poll's
// interval runs on React Query's injectable timer provider (manualQueryIntervals), never on sleeps.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventBusProvider } from '../../renderers/data/eventBus';
import { JOB_POLL_LIVE_MS, JOB_POLL_MS } from '../../renderers/data/records';
import { toastStore } from '../../renderers/ui/toast';
import { realBus } from './bus-harness';
import { withIntl } from './harness';
import { OrdersList, json, ordersBasics, ordersSettings } from './orders-harness';
import { manualQueryIntervals } from './timers';

const JOB = '00000000-0000-4000-8000-0000000000f1';
const intervals = manualQueryIntervals();

/** The job as the server's job table has it (GET .../jobs/{job} answers it). */
let job: { status: 'running' | 'done' | 'failed'; processed: number; total: number; affected: number; refused: number; error: string | null };
let jobPolls = 0;

const settings = ordersSettings({ model: { events: [], disable: true, timestamps: true, cleanup_after: null } });

async function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
  const method = init?.method ?? 'GET';
  const basic = ordersBasics(path, settings);
  if (basic) return basic;
  if (path === '/v3/system/component/orders/models') return json({ items: [{ uuid: 'u-1', title: 'First' }, { uuid: 'u-2', title: 'Second' }], total: 40, pages: 20 });
  if (path === '/v3/system/component/orders/enable/models' && method === 'POST') return json({ job: JOB }, 202);
  if (path === `/v3/system/component/orders/jobs/${JOB}`) {
    jobPolls += 1;
    return json(job);
  }
  return json({ message: 'notFound' }, 404);
}

let bus: Awaited<ReturnType<typeof realBus>> | null = null;

/** The list, connected, with a job enabling every matching record started and its first answer shown. */
async function startJob() {
  bus = await realBus();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(withIntl(<QueryClientProvider client={client}><EventBusProvider client={bus.client}><OrdersList /></EventBusProvider></QueryClientProvider>));
  await waitFor(() => expect(screen.queryAllByTestId('record-row')).toHaveLength(2));
  await waitFor(() => expect(bus!.client.status).toBe('connected'));
  fireEvent.click(within(screen.getAllByTestId('record-row')[0]!).getByTestId('row-select'));
  fireEvent.click(screen.getByTestId('bulk-all-matching'));
  fireEvent.click(screen.getByTestId('bulk-enable'));
  await waitFor(() => expect(progress().value).toBe(0));
  expect(jobPolls).toBe(1);
  // The job's topic reached the server.
  await waitFor(() => expect(bus!.subscribed('orders.job.live')).toBe(true));
  return bus;
}

const progress = () => screen.getByTestId('bulk-progress') as HTMLProgressElement;
const progressText = () => progress().parentElement!.textContent;

/** A batch done on the server: the job row moves and its progress event is published (records/bulk.ts). */
function batch(live: NonNullable<typeof bus>, processed: number) {
  job = { ...job, processed, affected: processed };
  live.publish('orders.job.live', { job: JOB, action: 'enable', status: 'running', total: job.total, processed, affected: processed });
}

beforeEach(() => {
  job = { status: 'running', processed: 0, total: 40, affected: 0, refused: 0, error: null };
  jobPolls = 0;
  toastStore.set([]);
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
});
afterEach(async () => {
  await bus?.close();
  bus = null;
  vi.unstubAllGlobals();
});
afterAll(() => intervals.release());

describe('bulk job progress over the event bus', () => {
  it('moves the progress bar from job events while connected, polling only every 5 s, and ends when the last batch is in', async () => {
    const live = await startJob();
    expect(intervals.delays()).toEqual([JOB_POLL_LIVE_MS]);
    batch(live, 10);
    await waitFor(() => expect(progress().value).toBe(10));
    expect(progressText()).toContain('10 of 40');
    expect(progress().getAttribute('aria-label')).toBe('Bulk action progress');
    expect(progress().parentElement!.getAttribute('role')).toBe('status');
    // An event of another job (another tab's, another user's) leaves this one alone.
    live.publish('orders.job.live', { job: '00000000-0000-4000-8000-0000000000f2', action: 'enable', status: 'running', total: 99, processed: 98, affected: 98 });
    batch(live, 25);
    await waitFor(() => expect(progress().value).toBe(25));
    expect(progress().max).toBe(40);
    // A second of poll time: no call (the bus carries the progress).
    await intervals.advance(JOB_POLL_MS);
    expect(jobPolls).toBe(1);
    // The safety net at 5 s.
    await intervals.advance(JOB_POLL_LIVE_MS - JOB_POLL_MS);
    await waitFor(() => expect(jobPolls).toBe(2));
    // The last batch: the job is finished on the server; the screen says so without waiting for the next poll.
    job = { ...job, status: 'done', processed: 40, affected: 40 };
    live.publish('orders.job.live', { job: JOB, action: 'enable', status: 'running', total: 40, processed: 40, affected: 40 });
    await waitFor(() => expect(screen.queryByTestId('bulk-progress')).toBeNull());
    expect(toastStore.get().map((t) => t.message)).toContain('records.list.bulkDone');
  });

  it('polls every second again when the bus drops, and the poll finishes the job', async () => {
    const live = await startJob();
    batch(live, 10);
    await waitFor(() => expect(progress().value).toBe(10));
    live.drop();
    await waitFor(() => expect(live.client.state).toBe('retrying'));
    await waitFor(() => expect(intervals.delays()).toEqual([JOB_POLL_MS]));
    // The server goes on without the bus: each second's poll shows where it is.
    job = { ...job, processed: 20, affected: 20 };
    await intervals.advance(JOB_POLL_MS);
    await waitFor(() => expect(jobPolls).toBe(2));
    await waitFor(() => expect(progress().value).toBe(20));
    job = { ...job, processed: 30, affected: 30 };
    await intervals.advance(JOB_POLL_MS);
    await waitFor(() => expect(jobPolls).toBe(3));
    await waitFor(() => expect(progressText()).toContain('30 of 40'));
    job = { ...job, status: 'done', processed: 40, affected: 40 };
    await intervals.advance(JOB_POLL_MS);
    await waitFor(() => expect(screen.queryByTestId('bulk-progress')).toBeNull());
    expect(jobPolls).toBe(4);
    expect(toastStore.get().map((t) => t.message)).toContain('records.list.bulkDone');
  });
});
