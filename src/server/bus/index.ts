// The internal bus (docs/platform.md "Bus"): typed channels carrying JSON payloads between every Luma
// instance on one database. On PostgreSQL a message is a NOTIFY on one database channel, heard by one
// dedicated LISTEN connection per instance (reconnected with back-off if it drops); on PGlite (one
// process by construction) it is delivered in-process. Either way the publishing instance's own
// subscribers are called at once, synchronously, and never a second time when its NOTIFY comes back.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Every channel and its payload. Later features add theirs here (record and system events, job progress). */
export interface BusChannels {
  /** A component's list answers changed (records or settings): drop cached answers. component null: every component of the project. */
  'list.invalidate': { project: string | null; component: string | null };
  /** A workflow's platform_notification node (delivered over the event-bus WebSocket once it exists). */
  'workflow.notification': { project: string; env: 'dev' | 'live'; workflow: string; node: number; notification: string };
  /** A workflow run finished (Scout's live list, the event bus). */
  'workflow.run': { project: string; workflow: string; run: string; status: string };
  /** Test and diagnostics channel. */
  'bus.ping': { text: string };
}

export type BusChannel = keyof BusChannels;
export type BusHandler<C extends BusChannel> = (payload: BusChannels[C], meta: { local: boolean }) => void;

export interface Bus {
  /** Delivers to this instance's subscribers at once, then to every other instance. */
  publish<C extends BusChannel>(channel: C, payload: BusChannels[C]): Promise<void>;
  /** Answers the unsubscribe function. */
  subscribe<C extends BusChannel>(channel: C, handler: BusHandler<C>): () => void;
  /** This instance's id (the sender id in every envelope). */
  readonly instance: string;
  close(): Promise<void>;
}

/** The one PostgreSQL channel all bus messages travel on. */
export const PG_CHANNEL = 'luma_bus';
/** NOTIFY's payload limit is 8000 bytes; the envelope must fit under it. */
export const MAX_MESSAGE_BYTES = 7900;

interface Envelope {
  /** sender instance */
  i: string;
  /** channel */
  c: string;
  /** payload */
  p: unknown;
}

export class BusPayloadTooLarge extends Error {
  constructor(channel: string, bytes: number) {
    super(`bus message on '${channel}' is ${bytes} bytes; the limit is ${MAX_MESSAGE_BYTES}`);
  }
}

class Subscribers {
  readonly #handlers = new Map<string, Set<(payload: unknown, meta: { local: boolean }) => void>>();

  add(channel: string, handler: (payload: unknown, meta: { local: boolean }) => void): () => void {
    let set = this.#handlers.get(channel);
    if (!set) this.#handlers.set(channel, (set = new Set()));
    set.add(handler);
    return () => set.delete(handler);
  }

  deliver(channel: string, payload: unknown, local: boolean, onError: (error: unknown) => void): void {
    for (const handler of this.#handlers.get(channel) ?? []) {
      try {
        handler(structuredClone(payload), { local });
      } catch (error) {
        onError(error);
      }
    }
  }
}

function encode(instance: string, channel: string, payload: unknown): string {
  const text = JSON.stringify({ i: instance, c: channel, p: payload } satisfies Envelope);
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > MAX_MESSAGE_BYTES) throw new BusPayloadTooLarge(channel, bytes);
  return text;
}

export interface BusOptions {
  log?: (error: unknown, message: string) => void;
}

/** In-process delivery only: PGlite, where every caller lives in this one process. */
export function createLocalBus(options: BusOptions = {}): Bus {
  const subscribers = new Subscribers();
  const instance = randomUUID();
  const log = options.log ?? ((error, message) => console.error(message, error));
  return {
    instance,
    async publish(channel, payload) {
      encode(instance, channel, payload); // the same limit everywhere, so PGlite does not hide an oversized message
      subscribers.deliver(channel, payload, true, (error) => log(error, `bus handler failed on ${channel}`));
    },
    subscribe(channel, handler) {
      return subscribers.add(channel, handler as (payload: unknown, meta: { local: boolean }) => void);
    },
    async close() {},
  };
}

export interface PostgresBusOptions extends BusOptions {
  /** Back-off bounds for reconnecting the listening connection (ms). */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
}

/**
 * LISTEN/NOTIFY: publish sends NOTIFY through the pool (db); one dedicated client per instance
 * LISTENs and reconnects (with back-off) when the connection drops. Messages sent while it is down
 * are lost, so on every reconnect the subscribers of 'list.invalidate' get a project-wide
 * invalidation of everything (a reconnect handler, see onReconnect).
 */
export async function createPostgresBus(db: Kysely<Database>, url: string, options: PostgresBusOptions = {}): Promise<Bus & { onReconnect(handler: () => void): void; listening(): boolean }> {
  const subscribers = new Subscribers();
  const instance = randomUUID();
  const log = options.log ?? ((error, message) => console.error(message, error));
  const minDelay = options.reconnectMinMs ?? 100;
  const maxDelay = options.reconnectMaxMs ?? 5000;
  const reconnectHandlers: (() => void)[] = [];
  let client: pg.Client | null = null;
  let closed = false;
  let delay = minDelay;
  let timer: NodeJS.Timeout | null = null;

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== PG_CHANNEL || !message.payload) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message.payload) as Envelope;
    } catch (error) {
      log(error, 'bus: a message that is not JSON was ignored');
      return;
    }
    if (envelope.i === instance) return; // already delivered locally when published
    subscribers.deliver(envelope.c, envelope.p, false, (error) => log(error, `bus handler failed on ${envelope.c}`));
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, application_name: 'luma-bus' });
    next.on('notification', onNotification);
    next.on('error', (error) => {
      log(error, 'bus: the listening connection failed');
      drop(next);
    });
    next.on('end', () => drop(next));
    await next.connect();
    await next.query(`LISTEN ${PG_CHANNEL}`);
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    delay = minDelay;
  };

  const drop = (which: pg.Client) => {
    if (client !== which) return;
    client = null;
    which.removeAllListeners('notification');
    void which.end().catch(() => undefined);
    schedule();
  };

  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      connect()
        .then(() => {
          // Whatever was said while we were deaf is lost: tell the subscribers to assume the worst.
          for (const handler of reconnectHandlers) handler();
        })
        .catch((error) => {
          log(error, 'bus: reconnecting failed');
          delay = Math.min(delay * 2, maxDelay);
          schedule();
        });
    }, delay);
    timer.unref();
  };

  await connect();

  return {
    instance,
    async publish(channel, payload) {
      const text = encode(instance, channel, payload);
      subscribers.deliver(channel, payload, true, (error) => log(error, `bus handler failed on ${channel}`));
      await sql`select pg_notify(${PG_CHANNEL}, ${text})`.execute(db);
    },
    subscribe(channel, handler) {
      return subscribers.add(channel, handler as (payload: unknown, meta: { local: boolean }) => void);
    },
    onReconnect(handler) {
      reconnectHandlers.push(handler);
    },
    listening() {
      return client !== null;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners();
        current.on('error', () => undefined);
        await current.end().catch(() => undefined);
      }
    },
  };
}
