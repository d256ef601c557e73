// A bus server for tests: the `ws` package on loopback speaking the bus protocol (single-use tokens,
// subscribe and unsubscribe messages received, {topic, payload} events sent alone or as an array frame,
// close codes). Used by the
// client's own tests (tests/unit/events/client.test.ts) and by screen tests that take a real event
// through the real client (tests/dom/live-edit.test.tsx, tests/dom/live-jobs.test.tsx).
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { WebSocketConstructor } from '../../runtime/events/client';

// `ws` has no types in this tree (no @types/ws); the part used here, typed.
interface ServerSocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close', listener: () => void): void;
}
interface WsModule {
  WebSocket: WebSocketConstructor;
  WebSocketServer: new (options: { port: number; host: string }) => {
    on(event: 'connection', listener: (socket: ServerSocket, request: { url?: string }) => void): void;
    on(event: 'listening', listener: () => void): void;
    address(): AddressInfo;
    close(callback?: () => void): void;
    clients: Set<ServerSocket>;
  };
}
export const ws = createRequire(import.meta.url)('ws') as WsModule;

interface Connection {
  socket: ServerSocket;
  token: string;
  received: unknown[];
  closed: boolean;
}

/** A bus server: tokens are single use; a connection with a bad token is closed 1000 '401'. */
export async function busServer() {
  const server = new ws.WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => server.on('listening', resolve));
  const issued = new Set<string>();
  const connections: Connection[] = [];
  let next = 0;
  /** What the token call does next: answer a token, or fail with this status. */
  let authStatus: number | null = null;
  server.on('connection', (socket, request) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const token = url.searchParams.get('token') ?? '';
    const conn: Connection = { socket, token, received: [], closed: false };
    connections.push(conn);
    socket.on('message', (data) => conn.received.push(JSON.parse(data.toString())));
    socket.on('close', () => (conn.closed = true));
    if (!url.pathname.startsWith('/api/bus/project-1') || !issued.delete(token)) socket.close(1000, '401');
  });
  const port = server.address().port;
  return {
    connections,
    origin: `http://127.0.0.1:${port}`,
    authorize: async () => {
      if (authStatus !== null) throw { status: authStatus, message: 'unexpectedError' };
      const token = `t${++next}`;
      issued.add(token);
      return token;
    },
    failAuth: (status: number | null) => (authStatus = status),
    open: () => connections.filter((c) => !c.closed),
    publish: (topic: string, payload: Record<string, unknown>) => {
      for (const c of connections) if (!c.closed) c.socket.send(JSON.stringify({ topic, payload }));
    },
    /** Several events in one frame, a JSON array in order, as the server sends a delivery's events. */
    publishFrame: (messages: unknown[]) => {
      for (const c of connections) if (!c.closed) c.socket.send(JSON.stringify(messages));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
