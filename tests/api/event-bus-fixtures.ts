// A WebSocket client of the event bus for the API tests (the `ws` package that @fastify/websocket
// depends on; it has no type declarations here, so it is loaded untyped).
import { createRequire } from 'node:module';
import { until } from './harness';

const WebSocketClass = createRequire(import.meta.url)('ws') as new (url: string, options?: Record<string, unknown>) => RawSocket;

interface RawSocket {
  on(event: string, listener: (...args: any[]) => void): void;
  send(text: string): void;
  close(code?: number, reason?: string): void;
  readyState: number;
  _socket?: { pause(): void; resume(): void };
}

export interface BusMessage {
  topic?: string;
  type?: string;
  payload?: Record<string, unknown>;
  topics?: string[];
}

export interface BusClient {
  /** Messages in order, those of an array frame one by one. */
  messages: BusMessage[];
  /** Frames received (an array frame counts once). */
  frames: number;
  /** Event messages only (not subscribe answers). */
  events(): BusMessage[];
  closed: { code: number; reason: string } | null;
  opened: boolean;
  raw: RawSocket;
  /** Subscribes and waits for the server's answer: every event committed before it was judged by it. */
  subscribe(topics: string[]): Promise<void>;
  /** A subscribe round trip with no new topics: events the server handled before it have been sent. */
  sync(): Promise<void>;
  waitClosed(): Promise<{ code: number; reason: string }>;
  close(): void;
}

export function openBus(port: number, project: string, token: string, headers: Record<string, string> = {}): BusClient {
  const raw = new WebSocketClass(`ws://127.0.0.1:${port}/api/bus/${project}?token=${encodeURIComponent(token)}`, { headers });
  const client: BusClient = {
    messages: [],
    frames: 0,
    events: () => client.messages.filter((message) => message.topic !== undefined),
    closed: null,
    opened: false,
    raw,
    async subscribe(topics) {
      await until('the socket to open', 10_000, () => (client.opened || client.closed ? true : undefined));
      const before = client.messages.filter((message) => message.type === 'subscribed').length;
      raw.send(JSON.stringify({ type: 'subscribe', topics }));
      await until('the subscribe answer', 10_000, () => (client.messages.filter((message) => message.type === 'subscribed').length > before || client.closed ? true : undefined));
    },
    sync: () => client.subscribe([]),
    waitClosed: () => until('the socket to close', 15_000, () => client.closed ?? undefined),
    close: () => raw.close(),
  };
  raw.on('open', () => (client.opened = true));
  raw.on('message', (data: Buffer) => {
    client.frames += 1;
    // A frame is one message or an array of messages in order (docs/event-bus.md "The socket").
    const message = JSON.parse(String(data)) as BusMessage | BusMessage[];
    client.messages.push(...(Array.isArray(message) ? message : [message]));
  });
  raw.on('close', (code: number, reason: Buffer) => (client.closed = { code, reason: String(reason) }));
  raw.on('error', () => undefined);
  return client;
}
