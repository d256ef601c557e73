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
  /**
   * Events committed to the event log (events/outbox.ts): only ever sent by notifyAfterCommit inside
   * the writing transaction, so every instance (the writer's too) hears it once, after the commit.
   */
  'events.new': { ids: string[] };
  /**
   * Who may do what changed (a logout, a session ended, a role, membership or API secret changed):
   * every event-bus socket of the project (of every project when null) checks its caller again.
   */
  'iam.changed': { project: string | null };
  /**
   * A row that a caller is found from changed (migration 0019_caller_changes): sent by the database's
   * triggers, never by publish. t: the table; k: the row's key (a token hash, a user, a project or a component).
   */
  'caller.changed': { t: string; k: string };
  /** An operator switched a satellite (docs/satellites.md): that process (every one when null) beats its heartbeat now. */
  'satellite.changed': { satellite: string | null };
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

/**
 * The sender id of messages sent from inside a transaction (notifyAfterCommit): no instance's id, so
 * every instance, the sending one included, delivers it when the NOTIFY arrives (after the commit).
 */
export const OUTBOX_SENDER = 'outbox';

/**
 * NOTIFY `payload` on `channel` through `db` (a transaction, normally): PostgreSQL (and PGlite) hold a
 * NOTIFY sent inside a transaction until it commits and drop it when it rolls back, so the subscribers
 * of every instance hear it exactly when, and only if, the write it belongs to is committed.
 */
export async function notifyAfterCommit<C extends BusChannel>(db: Kysely<Database>, channel: C, payload: BusChannels[C]): Promise<void> {
  await sql`select pg_notify(${PG_CHANNEL}, ${encode(OUTBOX_SENDER, channel, payload)})`.execute(db);
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

/** The part of PGlite the local bus listens with (notifyAfterCommit's messages). */
export interface EmbeddedListener {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

function parseEnvelope(text: string, log: (error: unknown, message: string) => void): Envelope | null {
  try {
    return JSON.parse(text) as Envelope;
  } catch (error) {
    log(error, 'bus: a message that is not JSON was ignored');
    return null;
  }
}

/**
 * In-process delivery only: PGlite, where every caller lives in this one process. Given the PGlite
 * instance, it also LISTENs there, for the messages notifyAfterCommit sends inside transactions.
 */
export function createLocalBus(options: BusOptions & { pglite?: EmbeddedListener | null } = {}): Bus {
  const subscribers = new Subscribers();
  const instance = randomUUID();
  const log = options.log ?? ((error, message) => console.error(message, error));
  // PGlite runs its statements one after another, so the LISTEN is in force before any later statement's NOTIFY.
  const unlisten = options.pglite
    ? options.pglite.listen(PG_CHANNEL, (text) => {
        const envelope = parseEnvelope(text, log);
        if (envelope && envelope.i !== instance) subscribers.deliver(envelope.c, envelope.p, false, (error) => log(error, `bus handler failed on ${envelope.c}`));
      })
    : null;
  unlisten?.catch((error: unknown) => log(error, 'bus: LISTEN on PGlite failed'));
  return {
    instance,
    async publish(channel, payload) {
      encode(instance, channel, payload); // the same limit everywhere, so PGlite does not hide an oversized message
      subscribers.deliver(channel, payload, true, (error) => log(error, `bus handler failed on ${channel}`));
    },
    subscribe(channel, handler) {
      return subscribers.add(channel, handler as (payload: unknown, meta: { local: boolean }) => void);
    },
    async close() {
      if (unlisten) await unlisten.then((stop) => stop()).catch(() => undefined);
    },
  };
}

export interface PostgresBusOptions extends BusOptions {
  /** Back-off bounds for reconnecting the listening connection (ms). */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
}

/** The listening side of a PostgreSQL bus: its one connection, and the back-off that brings it back. */
interface Listener {
  readonly url: string;
  readonly instance: string;
  readonly subscribers: Subscribers;
  readonly log: (error: unknown, message: string) => void;
  readonly minDelay: number;
  readonly maxDelay: number;
  readonly reconnectHandlers: (() => void)[];
  client: pg.Client | null;
  closed: boolean;
  delay: number;
  timer: NodeJS.Timeout | null;
}

function onNotification(listener: Listener, message: pg.Notification): void {
  if (message.channel !== PG_CHANNEL || !message.payload) return;
  const envelope = parseEnvelope(message.payload, listener.log);
  if (!envelope) return;
  if (envelope.i === listener.instance) return; // already delivered locally when published
  listener.subscribers.deliver(envelope.c, envelope.p, false, (error) => listener.log(error, `bus handler failed on ${envelope.c}`));
}

async function connect(listener: Listener): Promise<void> {
  const next = new pg.Client({ connectionString: listener.url, application_name: 'luma-bus' });
  next.on('notification', (message) => onNotification(listener, message));
  next.on('error', (error) => {
    listener.log(error, 'bus: the listening connection failed');
    drop(listener, next);
  });
  next.on('end', () => drop(listener, next));
  await next.connect();
  await next.query(`LISTEN ${PG_CHANNEL}`);
  if (listener.closed) {
    await next.end().catch(() => undefined);
    return;
  }
  listener.client = next;
  listener.delay = listener.minDelay;
}

function drop(listener: Listener, which: pg.Client): void {
  if (listener.client !== which) return;
  listener.client = null;
  which.removeAllListeners('notification');
  void which.end().catch(() => undefined);
  schedule(listener);
}

function schedule(listener: Listener): void {
  if (listener.closed || listener.timer) return;
  listener.timer = setTimeout(() => {
    listener.timer = null;
    connect(listener)
      .then(() => {
        // Whatever was said while we were deaf is lost: tell the subscribers to assume the worst.
        for (const handler of listener.reconnectHandlers) handler();
      })
      .catch((error) => {
        listener.log(error, 'bus: reconnecting failed');
        listener.delay = Math.min(listener.delay * 2, listener.maxDelay);
        schedule(listener);
      });
  }, listener.delay);
  listener.timer.unref();
}

async function stopListening(listener: Listener): Promise<void> {
  listener.closed = true;
  if (listener.timer) clearTimeout(listener.timer);
  const current = listener.client;
  listener.client = null;
  if (current) {
    current.removeAllListeners();
    current.on('error', () => undefined);
    await current.end().catch(() => undefined);
  }
}

/**
 * LISTEN/NOTIFY: publish sends NOTIFY through the pool (db); one dedicated client per instance
 * LISTENs and reconnects (with back-off) when the connection drops. Messages sent while it is down
 * are lost, so on every reconnect the subscribers of 'list.invalidate' get a project-wide
 * invalidation of everything (a reconnect handler, see onReconnect).
 */
export async function createPostgresBus(db: Kysely<Database>, url: string, options: PostgresBusOptions = {}): Promise<Bus & { onReconnect(handler: () => void): void; listening(): boolean }> {
  const minDelay = options.reconnectMinMs ?? 100;
  const listener: Listener = {
    url,
    instance: randomUUID(),
    subscribers: new Subscribers(),
    log: options.log ?? ((error, message) => console.error(message, error)),
    minDelay,
    maxDelay: options.reconnectMaxMs ?? 5000,
    reconnectHandlers: [],
    client: null,
    closed: false,
    delay: minDelay,
    timer: null,
  };
  const { instance, subscribers, log } = listener;
  await connect(listener);

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
      listener.reconnectHandlers.push(handler);
    },
    listening() {
      return listener.client !== null;
    },
    close: () => stopListening(listener),
  };
}
