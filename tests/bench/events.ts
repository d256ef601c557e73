// Event bus throughput and delivery latency (docs/event-bus.md, issue 17), in one run: two web
// instances (real processes) on one scratch PostgreSQL database, the same record creates sent through
// both instances with no socket open (the baseline) and with 200 sockets on loopback
// (alternately on each instance) subscribed to the component's create topic; in rounds (without,
// with, without, with), so a machine whose load changes weighs on both alike. Figures, never a
// pass/fail. `npm run bench -- events` runs it alone.
//
// - events per second end to end: events written / (first write sent -> last socket got the last event);
// - delivery latency per socket and event: the write's answer received -> the event received (p50, p95;
//   an event can arrive before the answer is read: the NOTIFY is heard at the commit, the answer is sent after);
// - write throughput with subscribers / without (what fanning out costs the writers): the fan-out
//   ratio, printed last;
// - events per socket frame (the hub sends a socket a delivery's events as one frame).
import { readFileSync } from 'node:fs';
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
/** The writes are split into rounds, each without then with the sockets. */
const ROUNDS = Number(process.env.LUMA_BENCH_EVENT_ROUNDS ?? 2);

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
  /** Socket frames received (several events of one delivery share one). */
  frames: number;
  closed: boolean;
}

/** Conditions waited on: each is checked again whenever a socket opens, gets a message or closes. */
const waiters = new Set<() => void>();
function poke(): void {
  for (const check of [...waiters]) check();
}

/** Resolves once `done` holds (checked on every socket happening); fails after `ms` (a hang, not a measure). */
function waitFor(what: string, ms: number, done: () => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const guard = setTimeout(() => {
      waiters.delete(check);
      reject(new Error(`events bench: gave up waiting for ${what}`));
    }, ms);
    const check = () => {
      if (!done()) return;
      clearTimeout(guard);
      waiters.delete(check);
      resolve();
    };
    waiters.add(check);
    check();
  });
}

async function listen(port: number, project: string, token: string, topic: string): Promise<Listener> {
  const raw = new WebSocketClass(`ws://127.0.0.1:${port}/api/bus/${project}?token=${encodeURIComponent(token)}`);
  const listener: Listener = { raw, got: new Map(), events: 0, frames: 0, closed: false };
  let subscribed = false;
  raw.on('open', () => raw.send(JSON.stringify({ type: 'subscribe', topics: [topic] })));
  raw.on('message', (data: Buffer) => {
    const at = performance.now();
    type Message = { type?: string; topic?: string; payload?: { record?: { uuid?: string } } };
    // A frame is one message or an array of messages in order (docs/event-bus.md "The socket").
    const parsed = JSON.parse(String(data)) as Message | Message[];
    listener.frames++;
    for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
      if (message.type === 'subscribed') subscribed = true;
      const uuid = message.payload?.record?.uuid;
      if (message.topic && uuid) {
        listener.events++;
        if (!listener.got.has(uuid)) listener.got.set(uuid, at);
      }
    }
    poke();
  });
  raw.on('close', () => {
    listener.closed = true;
    poke();
  });
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

/** CPU time (user + system, ms) the server processes and this process have used so far. */
function cpuMs(servers: ChildServer[]): { servers: number; client: number } {
  const tick = 1000 / 100; // USER_HZ: 100 on Linux
  let total = 0;
  for (const server of servers) {
    const fields = readFileSync(`/proc/${server.process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    total += (Number(fields[11]) + Number(fields[12])) * tick;
  }
  const own = process.cpuUsage();
  return { servers: total, client: (own.user + own.system) / 1000 };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export interface EventFigures {
  writes: number;
  rounds: number;
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
  /** CPU ms per write of the two servers together and of the bench process (the writers and the 200 sockets' reading). */
  cpuPerWrite: { baseline: { servers: number; client: number }; measured: { servers: number; client: number } };
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Events the sockets got more or fewer than once (should be 0 and 0). */
  duplicates: number;
  lost: number;
  /** Events per socket frame the sockets got (a delivery's events go to a socket as one frame). */
  eventsPerFrame: number;
}

export async function runEventsBench(): Promise<EventFigures> {
  const scratch = await scratchDatabase();
  // One user holds every socket: the per-user limit (20 by default) is raised to the bench's count.
  const env = { ...instanceEnv(scratch.url, BENCH_ADMIN), LUMA_ROLE: 'web', LUMA_BUS_SOCKETS_PER_USER: String(SOCKETS) };
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

    // Warm both instances (connections, compiled views).
    await write(ports, cookie, component, WARMUP, 'warm');

    const topic = `${component}.create.dev`;
    /** SOCKETS sockets, alternately on each instance, subscribed to the create topic. */
    const open = async () => {
      for (let start = 0; start < SOCKETS; start += 20) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(20, SOCKETS - start) }, async (_, k) => {
            const { token } = await ok('POST', '/v1/system/eventbus/auth', {});
            return listen(ports[(start + k) % ports.length]!, project, token, topic);
          }),
        );
        listeners.push(...batch);
      }
    };
    const closeAll = async () => {
      for (const listener of listeners) listener.raw.close();
      await waitFor('the sockets to close', 60_000, () => listeners.every((listener) => listener.closed));
      listeners.splice(0);
    };

    // Rounds of the same writes without, then with, the sockets: a load that changes during the run
    // (the machine is shared) weighs on both alike.
    let baselineSeconds = 0;
    let measuredSeconds = 0;
    let endToEndSeconds = 0;
    const latencies: number[] = [];
    let lost = 0;
    let duplicates = 0;
    let frames = 0;
    let framedEvents = 0;
    const cpu = { baseline: { servers: 0, client: 0 }, measured: { servers: 0, client: 0 } };
    const timed = async <T>(into: { servers: number; client: number }, work: () => Promise<T>): Promise<T> => {
      const before = cpuMs(servers);
      const answer = await work();
      const after = cpuMs(servers);
      into.servers += after.servers - before.servers;
      into.client += after.client - before.client;
      return answer;
    };
    const perRound = Math.ceil(WRITES / ROUNDS);
    for (let round = 0; round < ROUNDS; round++) {
      baselineSeconds += (await timed(cpu.baseline, () => write(ports, cookie, component, perRound, `plain ${round}`))).seconds;
      await open();
      // A short warm-up with the sockets (their first events), then the measure.
      await write(ports, cookie, component, WARMUP / 5, `warm ${round}`);
      await waitFor('the warm-up events', 120_000, () => listeners.every((listener) => listener.events >= WARMUP / 5));
      for (const listener of listeners) {
        listener.got.clear();
        listener.events = 0;
        listener.frames = 0;
      }
      const measured = await timed(cpu.measured, async () => {
        const answer = await write(ports, cookie, component, perRound, `fanned ${round}`);
        await waitFor('every event on every socket', 600_000, () => listeners.every((listener) => listener.got.size >= perRound || listener.closed));
        return answer;
      });
      const closed = listeners.filter((listener) => listener.closed).length;
      if (closed > 0) throw new Error(`events bench: ${closed} sockets were closed during the run`);
      const last = Math.max(...listeners.map((listener) => Math.max(...listener.got.values())));
      measuredSeconds += measured.seconds;
      endToEndSeconds += (last - measured.started) / 1000;
      for (const listener of listeners) {
        for (const [uuid, answeredAt] of measured.answered) {
          const at = listener.got.get(uuid);
          if (at === undefined) lost++;
          else latencies.push(at - answeredAt);
        }
        duplicates += listener.events - listener.got.size;
        frames += listener.frames;
        framedEvents += listener.events;
      }
      await closeAll();
    }
    latencies.sort((x, y) => x - y);
    const writes = perRound * ROUNDS;
    return {
      writes,
      rounds: ROUNDS,
      sockets: SOCKETS,
      concurrency: CONCURRENCY,
      instances: servers.length,
      baseline: writes / baselineSeconds,
      withSockets: writes / measuredSeconds,
      endToEnd: writes / endToEndSeconds,
      messages: (writes * SOCKETS) / endToEndSeconds,
      cpuPerWrite: {
        baseline: { servers: cpu.baseline.servers / writes, client: cpu.baseline.client / writes },
        measured: { servers: cpu.measured.servers / writes, client: cpu.measured.client / writes },
      },
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: latencies[latencies.length - 1] ?? NaN,
      duplicates,
      lost,
      eventsPerFrame: framedEvents / frames,
    };
  } finally {
    for (const listener of listeners) listener.raw.close();
    for (const server of servers) await stopServer(server, 'SIGTERM');
    await scratch.drop();
  }
}

export function printEventFigures(f: EventFigures): void {
  console.log(`\nEvent bus: ${f.writes.toLocaleString('en')} record creates, ${f.concurrency} at a time, through ${f.instances} web instances on one PostgreSQL (127.0.0.1), ${f.sockets} sockets on loopback; ${f.rounds} rounds, each the same number of writes without then with the sockets`);
  console.log(`baseline, no subscriber: ${f.baseline.toFixed(0)} writes/s`);
  console.log(`with ${f.sockets} subscribed sockets: ${f.withSockets.toFixed(0)} writes/s (ratio with/without: ${(f.withSockets / f.baseline).toFixed(2)}x)`);
  console.log(`end to end (first write sent -> last socket got the last event): ${f.endToEnd.toFixed(0)} events/s, ${f.messages.toFixed(0)} socket messages/s (${(f.endToEnd / f.baseline).toFixed(2)}x the baseline write rate)`);
  console.log(`delivery latency (write answered -> event received, per socket): p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms, max ${f.max.toFixed(1)} ms`);
  const c = f.cpuPerWrite;
  console.log(
    `CPU per write: servers ${c.baseline.servers.toFixed(2)} ms without, ${c.measured.servers.toFixed(2)} ms with the sockets (${(c.measured.servers / c.baseline.servers).toFixed(2)}x); ` +
      `this process (writers, and the sockets' reading) ${c.baseline.client.toFixed(2)} ms without, ${c.measured.client.toFixed(2)} ms with`,
  );
  console.log(`events per socket frame: ${f.eventsPerFrame.toFixed(2)}`);
  console.log(`events delivered twice: ${f.duplicates}; lost: ${f.lost}`);
  console.log(`fan-out ratio (writes/s with ${f.sockets} sockets / without, this run): ${(f.withSockets / f.baseline).toFixed(2)}x`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  runEventsBench()
    .then(printEventFigures)
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
