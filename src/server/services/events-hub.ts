// The sockets of one instance (docs/event-bus.md "Delivery"): each is a caller (found again by its
// token's principal), its compiled-view viewer and its topic patterns. The hub hears 'events.new'
// (sent by the writing transaction's NOTIFY, so after the commit, once on every instance), reads the
// events, loads their components once, and sends each socket the events it may see, cut to the
// fields it may see. 'iam.changed' (and a periodic check) finds each caller again: one whose session
// or secret ended is closed with 1000 '401'; one whose roles changed sees by its new roles from the
// next event on. Both run on one queue, so an event after a change is judged by the change.
import type { Kysely } from 'kysely';
import { CLOSE, CLOSE_REASON, EVENTBUS_LIMITS, topicMatches, type BusClientMessage } from '../../../runtime/api/events';
import type { Bus } from '../bus/index';
import type { Database } from '../db/schema';
import { busAccountability, type BusPrincipal } from './events-auth';
import { EventContext, eventFor } from './events-view';
import { viewerOf, type Viewer } from './records-view';
import type { Accountability } from './tenancy';

type Db = Kysely<Database>;

/** The part of a ws WebSocket the hub uses (a fake one in unit tests). */
export interface HubSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string, callback: (error?: Error) => void): void;
  close(code: number, reason: string): void;
}

const OPEN = 1;

export interface HubOptions {
  sessionIdleMs: number;
  queueMessages: number;
  queueBytes: number;
  /** How often every caller is found again regardless of 'iam.changed' (expiry, idle time); ms. */
  recheckMs?: number;
  log?: (error: unknown, message: string) => void;
}

class Client {
  readonly patterns = new Set<string>();
  /** Messages handed to the socket whose write has not completed. */
  pending = 0;
  closed = false;
  viewer: Viewer;

  constructor(
    readonly socket: HubSocket,
    readonly principal: BusPrincipal,
    public accountability: Accountability,
    readonly locale: string | undefined,
  ) {
    this.viewer = viewerOf(accountability, locale);
  }

  wants(topic: string): boolean {
    for (const pattern of this.patterns) if (topicMatches(pattern, topic)) return true;
    return false;
  }
}

export class EventHub {
  readonly #clients = new Set<Client>();
  readonly #stops: (() => void)[] = [];
  #queue: Promise<void> = Promise.resolve();
  readonly #timer: NodeJS.Timeout;
  readonly #log: (error: unknown, message: string) => void;

  constructor(
    private readonly db: Db,
    bus: Bus,
    private readonly options: HubOptions,
  ) {
    this.#log = options.log ?? ((error, message) => console.error(message, error));
    this.#stops.push(bus.subscribe('events.new', ({ ids }) => this.#enqueue(() => this.deliver(ids))));
    this.#stops.push(bus.subscribe('iam.changed', ({ project }) => this.#enqueue(() => this.recheck(project))));
    this.#timer = setInterval(() => this.#enqueue(() => this.recheck(null)), options.recheckMs ?? 30_000);
    this.#timer.unref();
  }

  get size(): number {
    return this.#clients.size;
  }

  #enqueue(work: () => Promise<void>): void {
    this.#queue = this.#queue.then(work).catch((error: unknown) => this.#log(error, 'event hub: a delivery failed'));
  }

  /** Adds a socket whose token was accepted; answers its message handler and its close handler. */
  add(socket: HubSocket, principal: BusPrincipal, accountability: Accountability, locale: string | undefined): { message(text: string): void; closed(): void } {
    const client = new Client(socket, principal, accountability, locale);
    this.#clients.add(client);
    return {
      message: (text) => this.#onMessage(client, text),
      closed: () => {
        client.closed = true;
        this.#clients.delete(client);
      },
    };
  }

  #close(client: Client, code: number, reason: string): void {
    if (client.closed) return;
    client.closed = true;
    this.#clients.delete(client);
    try {
      client.socket.close(code, reason);
    } catch (error) {
      this.#log(error, 'event hub: closing a socket failed');
    }
  }

  #onMessage(client: Client, text: string): void {
    let message: BusClientMessage;
    try {
      message = JSON.parse(text) as BusClientMessage;
    } catch {
      this.#close(client, CLOSE.badMessage, CLOSE_REASON.badMessage);
      return;
    }
    const topics = (message as { topics?: unknown })?.topics;
    const validTopics =
      Array.isArray(topics) &&
      topics.length <= EVENTBUS_LIMITS.topics &&
      topics.every((topic) => typeof topic === 'string' && topic.length > 0 && topic.length <= EVENTBUS_LIMITS.topicLength && !/[\u0000-\u001f\u007f]/.test(topic));
    if (message?.type === 'subscribe' && validTopics) {
      for (const topic of topics as string[]) client.patterns.add(topic);
      if (client.patterns.size > EVENTBUS_LIMITS.topics) {
        this.#close(client, CLOSE.badMessage, CLOSE_REASON.badMessage);
        return;
      }
    } else if (message?.type === 'unsubscribe' && (topics === undefined || validTopics)) {
      if (topics === undefined) client.patterns.clear();
      else for (const topic of topics as string[]) client.patterns.delete(topic);
    } else {
      this.#close(client, CLOSE.badMessage, CLOSE_REASON.badMessage);
      return;
    }
    // Answered on the delivery queue: once the client has it, every later event is judged by it.
    this.#enqueue(async () => this.#send(client, JSON.stringify({ type: 'subscribed', topics: [...client.patterns] })));
  }

  /** Hands a message to the socket, or closes a socket that does not keep up (CLOSE.slowConsumer). */
  #send(client: Client, text: string): void {
    if (client.closed || client.socket.readyState !== OPEN) return;
    const bytes = Buffer.byteLength(text, 'utf8');
    if (client.pending + 1 > this.options.queueMessages || client.socket.bufferedAmount + bytes > this.options.queueBytes) {
      this.#close(client, CLOSE.slowConsumer, CLOSE_REASON.slowConsumer);
      return;
    }
    client.pending += 1;
    client.socket.send(text, () => {
      client.pending -= 1;
    });
  }

  /** Sends the events `ids` to every socket that subscribed to their topic and may see them. */
  async deliver(ids: string[]): Promise<void> {
    if (ids.length === 0 || this.#clients.size === 0) return;
    const rows = await this.db.selectFrom('events').selectAll().where('uuid', 'in', ids).orderBy('created_at').orderBy('uuid').execute();
    const listeners = [...this.#clients].filter((client) => client.patterns.size > 0);
    if (rows.length === 0 || listeners.length === 0) return;
    const context = new EventContext(this.db);
    await context.load(rows);
    for (const row of rows) {
      for (const client of listeners) {
        if (client.closed || !client.wants(row.topic)) continue;
        const shown = eventFor(row, context, client.accountability, client.viewer);
        if (shown) this.#send(client, JSON.stringify(shown));
      }
    }
  }

  /** Finds every caller of `project` (every caller when null) again; closes those that ended. */
  async recheck(project: string | null): Promise<void> {
    const clients = [...this.#clients].filter((client) => project === null || client.principal.projectUuid === project);
    const found = new Map<string, Promise<Accountability | null>>();
    for (const client of clients) {
      const key = `${client.principal.by}|${client.principal.hash}|${client.principal.projectUuid}|${client.principal.workspaceUuid ?? ''}`;
      let lookup = found.get(key);
      if (!lookup) found.set(key, (lookup = busAccountability(this.db, client.principal, this.options.sessionIdleMs)));
      const accountability = await lookup;
      if (!accountability) {
        this.#close(client, CLOSE.normal, CLOSE_REASON.unauthorized);
        continue;
      }
      client.accountability = accountability;
      client.viewer = viewerOf(accountability, client.locale);
    }
  }

  /** Closes every socket with CLOSE.reconnect (the server goes away: reconnect at once, to another instance). */
  close(): void {
    clearInterval(this.#timer);
    for (const stop of this.#stops.splice(0)) stop();
    for (const client of [...this.#clients]) this.#close(client, CLOSE.reconnect, CLOSE_REASON.shutdown);
  }
}
