// Event bus throughput and delivery latency (docs/event-bus.md, issue 17), in one run: two web
// instances (real processes) on one scratch PostgreSQL database, the same record creates sent through
// both instances, first with no socket subscribed (the baseline), then with 200 sockets on loopback
// (alternately on each instance) subscribed to the component's create topic. Figures, never a
// pass/fail. `npm run bench -- events` runs it alone.
//
// - events per second end to end: events written / (first write sent -> last socket got the last event);
// - delivery latency per socket and event: the write's answer received -> the event received (p50, p95;
//   an event can arrive before the answer is read: the NOTIFY is heard at the commit, the answer is sent after);
// - write throughput with subscribers / without (what fanning out costs the writers).
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { callServer, instanceEnv, startServer, stopServer, type ChildServer } from '../api/child-server';
import { BENCH_ADMIN } from './api-client';
import { scratchDatabase } from './scratch-db';

const WRITES = Number(process.env.LUMA_BENCH_EVENT_WRITES ?? 2_000);
const SOCKETS = Number(process.env.LUMA_BENCH_EVENT_SOCKETS ?? 200);
const CONCURRENCY = Number(process.env.LUMA_BENCH_EVENT_CONCURRENCY ?? 8);
const WARMUP = 100;

interface RawSocket {
  on(event: string, listener: (...args: any[]) => void): void;
  send(text: string): void;
  close(): void;
}
const WebSocketClass = createRequire(import.meta.url)('ws') as new (url: string) => RawSocket;

/** One subscribed socket: when it got each record's event, and how many events it got. */
interface Listener {
  raw: RawSocket;
  got: Map<string, number>;
  events: number;
  closed: boolean;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `done` every 20 ms until it holds, failing after `ms` (a hang, not a measure). */
async function waitFor(what: string, ms: number, done: () => boolean): Promise<void> {
  const end = performance.now() + ms;
  while (!done()) {
    if (performance.now() > end) throw new Error(`events bench: gave up waiting for ${what}`);
    await sleep(20);
  }
}

async function listen(port: number, project: string, token: string, topic: string): Promise<Listener> {
  const raw = new WebSocketClass(`ws://127.0.0.1:${port}/api/bus/${project}?token=${encodeURIComponent(token)}`);
  const listener: Listener = { raw, got: new Map(), events: 0, closed: false };
  let subscribed = false;
  raw.on('open', () => raw.send(JSON.stringify({ type: 'subscribe', topics: [topic] })));
  raw.on('message', (data: Buffer) => {
    const at = performance.now();
    const message = JSON.parse(String(data)) as { type?: string; topic?: string; payload?: { record?: { uuid?: string } } };
    if (message.type === 'subscribed') subscribed = true;
    const uuid = message.payload?.record?.uuid;
    if (message.topic && uuid) {
      listener.events++;
      if (!listener.got.has(uuid)) listener.got.set(uuid, at);
    }
  });
  raw.on('close', () => (listener.closed = true));
  raw.on('error', () => undefined);
  await waitFor('a socket to subscribe', 30_000, () => subscribed || listener.closed);
  if (listener.closed) throw new Error('events bench: a socket was closed before it subscribed');
  return listener;
}

/** `count` creates, CONCURRENCY at a time, write i through ports[i % ports.length]; when each was sent and answered. */
async function write(ports: number[], cookie: string, component: string, count: number, label: string): Promise<{ seconds: number; started: number; answered: Map<string, number> }> {
  const answered = new Map<string, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const i = next++;
        const answer = await callServer(ports[i % ports.length]!, 'POST', `/v3/system/component/${component}/model`, cookie, { data: { title: `${label} ${i}`, amount: i } });
        if (answer.status !== 200) throw new Error(`events bench: a write answered ${answer.status} ${JSON.stringify(answer.json)}`);
        answered.set(answer.json.uuid as string, performance.now());
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, started, answered };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export interface EventFigures {
  writes: number;
  sockets: number;
  concurrency: number;
  instances: number;
  /** Writes per second with no subscriber. */
  baseline: number;
  /** Writes per second with the sockets subscribed. */
  withSockets: number;
  /** Events per second end to end (first write sent -> last socket got the last event). */
  endToEnd: number;
  /** Messages per second sent to the sockets over the same time. */
  messages: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Events the sockets got more or fewer than once (should be 0 and 0). */
  duplicates: number;
  lost: number;
}

export async function runEventsBench(): Promise<EventFigures> {
  const scratch = await scratchDatabase();
  const env = { ...instanceEnv(scratch.url, BENCH_ADMIN), LUMA_ROLE: 'web' };
  const servers: ChildServer[] = [];
  const listeners: Listener[] = [];
  try {
    // One after the other: the first migrates and seeds.
    servers.push(await startServer(env));
    servers.push(await startServer(env));
    const ports = servers.map((server) => server.port);
    const login = await fetch(`http://127.0.0.1:${ports[0]}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(BENCH_ADMIN) });
    const cookie = login.headers.getSetCookie().find((value) => value.startsWith('luma_session='))?.split(';')[0];
    if (!cookie) throw new Error(`events bench: sign-in failed (${login.status})`);
    const ok = async (method: string, path: string, body?: unknown) => {
      const answer = await callServer(ports[0]!, method, path, cookie, body);
      if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.json)}`);
      return answer.json;
    };
    const { uuid: component } = await ok('POST', '/v3/system/component', { name: 'bench_events', label: { en_US: 'Events' } });
    const model = await ok('GET', `/v3/system/component/settings/${component}/v1`);
    const fields = [
      { name: 'title', key: 'title', auto_key: false, module: 'input', type: 'text', constraints: { length: { min: 1, max: 200 } }, sortOrder: 0, label: { en_US: 'Title' } },
      { name: 'amount', key: 'amount', auto_key: false, module: 'input', type: 'number', constraints: {}, sortOrder: 1, label: { en_US: 'Amount' } },
    ];
    await ok('POST', `/v3/system/component/settings/${component}/v1`, { ...model, settings: { ...model.settings, fields } });
    const direct = new pg.Client({ connectionString: scratch.url });
    await direct.connect();
    const project = (await direct.query<{ uuid: string }>('select uuid from projects limit 1').finally(() => direct.end())).rows[0]!.uuid;

    // Warm both instances (connections, compiled views), then the baseline: nobody subscribed.
    await write(ports, cookie, component, WARMUP, 'warm');
    const baseline = await write(ports, cookie, component, WRITES, 'plain');

    // 200 sockets, alternately on each instance, subscribed to the create topic.
    const topic = `${component}.create.dev`;
    for (let start = 0; start < SOCKETS; start += 20) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(20, SOCKETS - start) }, async (_, k) => {
          const port = ports[(start + k) % ports.length]!;
          const { token } = await ok('POST', '/v1/system/eventbus/auth', {});
          return listen(port, project, token, topic);
        }),
      );
      listeners.push(...batch);
    }
    // A warm-up with the sockets too (the first fan-out compiles the admin's view), then the measure.
    await write(ports, cookie, component, WARMUP, 'warm2');
    await waitFor('the warm-up events', 120_000, () => listeners.every((listener) => listener.events >= WARMUP));
    for (const listener of listeners) {
      listener.got.clear();
      listener.events = 0;
    }
    const measured = await write(ports, cookie, component, WRITES, 'fanned');
    await waitFor('every event on every socket', 600_000, () => listeners.every((listener) => listener.got.size >= WRITES || listener.closed));
    const closed = listeners.filter((listener) => listener.closed).length;
    if (closed > 0) throw new Error(`events bench: ${closed} sockets were closed during the run`);

    const last = Math.max(...listeners.map((listener) => Math.max(...listener.got.values())));
    const seconds = (last - measured.started) / 1000;
    const latencies: number[] = [];
    let lost = 0;
    for (const listener of listeners) {
      for (const [uuid, answeredAt] of measured.answered) {
        const at = listener.got.get(uuid);
        if (at === undefined) lost++;
        else latencies.push(at - answeredAt);
      }
    }
    latencies.sort((x, y) => x - y);
    const duplicates = listeners.reduce((sum, listener) => sum + (listener.events - listener.got.size), 0);
    return {
      writes: WRITES,
      sockets: SOCKETS,
      concurrency: CONCURRENCY,
      instances: servers.length,
      baseline: WRITES / baseline.seconds,
      withSockets: WRITES / measured.seconds,
      endToEnd: WRITES / seconds,
      messages: (WRITES * SOCKETS) / seconds,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: latencies[latencies.length - 1] ?? NaN,
      duplicates,
      lost,
    };
  } finally {
    for (const listener of listeners) listener.raw.close();
    for (const server of servers) await stopServer(server, 'SIGTERM');
    await scratch.drop();
  }
}

export function printEventFigures(f: EventFigures): void {
  console.log(`\nEvent bus: ${f.writes.toLocaleString('en')} record creates, ${f.concurrency} at a time, through ${f.instances} web instances on one PostgreSQL (127.0.0.1), ${f.sockets} sockets on loopback`);
  console.log(`baseline, no subscriber: ${f.baseline.toFixed(0)} writes/s`);
  console.log(`with ${f.sockets} subscribed sockets: ${f.withSockets.toFixed(0)} writes/s (ratio with/without: ${(f.withSockets / f.baseline).toFixed(2)}x)`);
  console.log(`end to end (first write sent -> last socket got the last event): ${f.endToEnd.toFixed(0)} events/s, ${f.messages.toFixed(0)} socket messages/s (${(f.endToEnd / f.baseline).toFixed(2)}x the baseline write rate)`);
  console.log(`delivery latency (write answered -> event received, per socket): p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms, max ${f.max.toFixed(1)} ms`);
  console.log(`events delivered twice: ${f.duplicates}; lost: ${f.lost}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  runEventsBench()
    .then(printEventFigures)
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
