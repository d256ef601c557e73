// The sockets of one instance (docs/event-bus.md "Delivery"): each is a caller (found again by its
// token's principal), its compiled-view viewer and its topic patterns. The hub hears 'events.new'
// (sent by the writing transaction's NOTIFY, so after the commit, once on every instance), reads the
// events, loads their components once, and sends each socket the events it may see, cut to the
// fields it may see. 'iam.changed' (and a periodic check) finds each caller again: one whose session
// or secret ended is closed with 1000 '401'; one whose roles changed sees by its new roles from the
// next event on. Both run on one queue, so an event after a change is judged by the change.
// Ids heard while a delivery runs wait in one batch (read with one query, components loaded once);
// sockets that see alike (same project, admin flag, permissions, roles and locale) share one encoded
// message per event, and those that also share their patterns one set of frames (events/frames.ts):
// a delivery is one send per socket. Under a stream of writes the hub's cost grows with the batches,
// the ways of seeing and the sockets, not with events x sockets sends and encodings.
import type { Kysely } from 'kysely';
import { CLOSE, CLOSE_REASON, EVENTBUS_LIMITS, topicMatches, type BusClientMessage } from '../../../runtime/api/events';
import type { Bus } from '../platform/bus';
import type { Database } from '../db/schema';
import { busAccountability, type BusPrincipal } from './token';
import { EventContext, eventFor } from './view';
import { framesOf, type Frame } from './frames';
import { viewerOf, type Viewer } from '../records/view';
import type { Accountability } from '../auth/tenancy';

type Db = Kysely<Database>;

/** The part of a ws WebSocket the hub uses (a fake one in unit tests). */
export interface HubSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  /** A text frame of `data` (UTF-8 JSON); the same Buffer may go to many sockets, so it is never changed. */
  send(data: Buffer, options: { binary: false }, callback: (error?: Error) => void): void;
  close(code: number, reason: string): void;
}

const OPEN = 1;
const TEXT = { binary: false } as const;
/** Event ids read per query (a batch heard during a long delivery is read in parts). */
const DELIVER_IDS = 500;

export interface HubOptions {
  sessionIdleMs: number;
  queueMessages: number;
  queueBytes: number;
  /** How often every caller is found again regardless of 'iam.changed' (expiry, idle time); ms. */
  recheckMs?: number;
  log?: (error: unknown, message: string) => void;
}

class Client {
  readonly #patterns = new Set<string>();
  /** Messages handed to the socket whose write has not completed. */
  pending = 0;
  closed = false;
  #accountability: Accountability;
  #viewer: Viewer;
  #viewKey: string | null = null;
  #patternKey: string | null = null;

  constructor(
    readonly socket: HubSocket,
    readonly principal: BusPrincipal,
    accountability: Accountability,
    readonly locale: string | undefined,
  ) {
    this.#accountability = accountability;
    this.#viewer = viewerOf(accountability, locale);
  }

  get accountability(): Accountability {
    return this.#accountability;
  }

  get viewer(): Viewer {
    return this.#viewer;
  }

  get patterns(): ReadonlySet<string> {
    return this.#patterns;
  }

  /** The caller found again (roles, permissions): it sees by them from the next delivery on. */
  seeAs(accountability: Accountability): void {
    this.#accountability = accountability;
    this.#viewer = viewerOf(accountability, this.locale);
    this.#viewKey = null;
  }

  subscribe(topics: readonly string[]): void {
    for (const topic of topics) this.#patterns.add(topic);
    this.#patternKey = null;
  }

  unsubscribe(topics: readonly string[] | undefined): void {
    if (topics === undefined) this.#patterns.clear();
    else for (const topic of topics) this.#patterns.delete(topic);
    this.#patternKey = null;
  }

  /**
   * Everything eventFor reads of the subscriber (hasPermission reads is_admin and permissions; the
   * compiled view roles, admin flag and locale): sockets with the same key are shown the same event.
   */
  viewKey(): string {
    if (this.#viewKey === null) {
      const { project_uuid, is_admin, permissions } = this.#accountability;
      this.#viewKey = JSON.stringify([project_uuid, is_admin, permissions, this.#viewer.roles, this.#viewer.isAdmin, this.#viewer.locale]);
    }
    return this.#viewKey;
  }

  /** Sockets with the same view key and patterns get the same messages of a delivery: the same frames. */
  groupKey(): string {
    this.#patternKey ??= JSON.stringify([...this.#patterns].sort());
    return `${this.viewKey()}\n${this.#patternKey}`;
  }

  wants(topic: string): boolean {
    for (const pattern of this.#patterns) if (topicMatches(pattern, topic)) return true;
    return false;
  }
}

export class EventHub {
  readonly #clients = new Set<Client>();
  readonly #stops: (() => void)[] = [];
  #queue: Promise<void> = Promise.resolve();
  /** Ids heard whose delivery is queued and not started: later ids join it, until other work is queued after it. */
  #batch: string[] | null = null;
  readonly #timer: NodeJS.Timeout;
  readonly #log: (error: unknown, message: string) => void;

  constructor(
    private readonly db: Db,
    bus: Bus,
    private readonly options: HubOptions,
  ) {
    this.#log = options.log ?? ((error, message) => console.error(message, error));
    this.#stops.push(bus.subscribe('events.new', ({ ids }) => this.#heard(ids)));
    this.#stops.push(bus.subscribe('iam.changed', ({ project }) => this.#enqueue(() => this.recheck(project))));
    this.#timer = setInterval(() => this.#enqueue(() => this.recheck(null)), options.recheckMs ?? 30_000);
    this.#timer.unref();
  }

  get size(): number {
    return this.#clients.size;
  }

  /** Queues `work` after everything queued so far; ids heard from now on are delivered after it. */
  #enqueue(work: () => Promise<void>): void {
    this.#batch = null;
    this.#queue = this.#queue.then(work).catch((error: unknown) => this.#log(error, 'event hub: a delivery failed'));
  }

  /**
   * Event ids heard (in commit order): they join the queued batch when there is one (nothing else was
   * queued since, so the order of deliveries, checks and subscribe answers is kept), else start one.
   */
  #heard(ids: string[]): void {
    if (this.#batch) {
      this.#batch.push(...ids);
      return;
    }
    const batch = [...ids];
    this.#enqueue(async () => {
      if (this.#batch === batch) this.#batch = null;
      for (let i = 0; i < batch.length; i += DELIVER_IDS) await this.deliver(batch.slice(i, i + DELIVER_IDS));
    });
    this.#batch = batch;
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
      client.subscribe(topics as string[]);
      if (client.patterns.size > EVENTBUS_LIMITS.topics) {
        this.#close(client, CLOSE.badMessage, CLOSE_REASON.badMessage);
        return;
      }
    } else if (message?.type === 'unsubscribe' && (topics === undefined || validTopics)) {
      client.unsubscribe(topics as string[] | undefined);
    } else {
      this.#close(client, CLOSE.badMessage, CLOSE_REASON.badMessage);
      return;
    }
    // Answered on the delivery queue: once the client has it, every later event is judged by it.
    this.#enqueue(async () => this.#send(client, framesOf([JSON.stringify({ type: 'subscribed', topics: [...client.patterns] })])[0]!));
  }

  /** Hands a frame to the socket, or closes a socket that does not keep up (CLOSE.slowConsumer). */
  #send(client: Client, frame: Frame): void {
    if (client.closed || client.socket.readyState !== OPEN) return;
    if (client.pending + frame.messages > this.options.queueMessages || client.socket.bufferedAmount + frame.data.length > this.options.queueBytes) {
      this.#close(client, CLOSE.slowConsumer, CLOSE_REASON.slowConsumer);
      return;
    }
    client.pending += frame.messages;
    client.socket.send(frame.data, TEXT, () => {
      client.pending -= frame.messages;
    });
  }

  /**
   * Sends the events `ids` (in their order: commit order) to every socket that subscribed to their
   * topic and may see them. Each event is encoded once per way of seeing it (view key); sockets that
   * also share their patterns get the same messages, so their frames are built once and the same
   * bytes go to each (events/frames.ts): one frame per socket and delivery, not one per event.
   */
  async deliver(ids: string[]): Promise<void> {
    if (ids.length === 0 || this.#clients.size === 0) return;
    if (![...this.#clients].some((client) => client.patterns.size > 0)) return;
    const order = new Map(ids.map((id, i) => [id, i]));
    const rows = (await this.db.selectFrom('events').selectAll().where('uuid', 'in', ids).execute()).sort((x, y) => order.get(x.uuid)! - order.get(y.uuid)!);
    if (rows.length === 0) return;
    const context = new EventContext(this.db);
    await context.load(rows);
    // Grouped after the reads: a socket closed or (un)subscribed meanwhile is taken as it is now.
    const groups = new Map<string, Client[]>();
    for (const client of this.#clients) {
      if (client.closed || client.patterns.size === 0) continue;
      const key = client.groupKey();
      const members = groups.get(key);
      if (members) members.push(client);
      else groups.set(key, [client]);
    }
    // One encoded message per event and view key (null: not shown), shared by the groups of that key.
    const shownBy = new Map<string, (string | null)[]>();
    for (const members of groups.values()) {
      const first = members[0]!;
      const viewKey = first.viewKey();
      let shown = shownBy.get(viewKey);
      if (!shown) shownBy.set(viewKey, (shown = []));
      const texts: string[] = [];
      rows.forEach((row, i) => {
        if (!first.wants(row.topic)) return;
        if (shown[i] === undefined) {
          const event = eventFor(row, context, first.accountability, first.viewer);
          shown[i] = event ? JSON.stringify(event) : null;
        }
        if (shown[i] !== null) texts.push(shown[i]);
      });
      if (texts.length === 0) continue;
      const frames = framesOf(texts);
      for (const client of members) for (const frame of frames) this.#send(client, frame);
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
      client.seeAs(accountability);
    }
  }

  /** Closes every socket with CLOSE.reconnect (the server goes away: reconnect at once, to another instance). */
  close(): void {
    clearInterval(this.#timer);
    for (const stop of this.#stops.splice(0)) stop();
    for (const client of [...this.#clients]) this.#close(client, CLOSE.reconnect, CLOSE_REASON.shutdown);
  }
}
