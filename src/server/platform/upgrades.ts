// Connection upgrades (docs/security.md "HTTP edges"). The only socket route is the event bus,
// GET /api/bus/{project}. @fastify/websocket listens to every 'upgrade' of the server and routes it
// through the whole app, so an upgrade to any other path would get that path's reply (the app's page)
// written on a socket nobody closes: left in CLOSE-WAIT, it kept the server from ever closing. Here
// every upgrade outside the bus route is answered 404 in the error shape and its socket destroyed
// before any route sees it, and an upgrade that reaches a route but is answered as plain HTTP (a
// refusal of a hook, the router's 414) has its socket destroyed once the reply is out.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_KEY, HEADER, HOST_PREFIX } from '../../../runtime/api/contract';
import { API_CSP } from './security';

/** The bus route's shape: one path part after the prefix, a GET (the query carries the token). */
const BUS_ROUTE = new RegExp(`^${HOST_PREFIX.bus}/[^/?]+(?:\\?|$)`);

export function isSocketRoute(method: string | undefined, url: string | undefined): boolean {
  return method === 'GET' && BUS_ROUTE.test(url ?? '');
}

/** Writes a 404 in the error shape on a raw socket and destroys it once written. */
function refuseUpgrade(socket: Duplex): void {
  const request_uuid = randomUUID();
  const body = JSON.stringify({ status: 404, message: ERROR_KEY.notFound, request_uuid });
  const head = [
    'HTTP/1.1 404 Not Found',
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `${HEADER.requestUuid}: ${request_uuid}`,
    `Content-Security-Policy: ${API_CSP}`,
    'X-Content-Type-Options: nosniff',
    'Cache-Control: no-store',
    'Connection: close',
  ];
  socket.on('error', () => socket.destroy());
  if (!socket.writable) return void socket.destroy();
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
}

type UpgradeListener = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

/**
 * Destroys the socket of an upgrade request once its plain HTTP reply is out. A live WebSocket is never
 * touched: its reply is hijacked and never finishes.
 */
export function endUpgradeAfterReply(request: FastifyRequest, reply: FastifyReply): void {
  // Node marks a request that came through the server's 'upgrade' event.
  if (!(request.raw as IncomingMessage & { upgrade?: boolean }).upgrade) return;
  const socket = request.raw.socket;
  if (reply.raw.writableFinished) socket.destroy();
  else reply.raw.once('finish', () => socket.destroy()).once('close', () => socket.destroy());
}

/**
 * Call before the hosts are registered (its reply hook then covers their routes); the 'upgrade'
 * listeners present when the app is ready (the bus's) only ever see the bus route, every other upgrade
 * is refused here.
 */
export function guardUpgrades(app: FastifyInstance): void {
  let gate: UpgradeListener | null = null;
  let closing = false;
  app.addHook('onReady', async () => {
    const server = app.server;
    const listeners = server.listeners('upgrade') as UpgradeListener[];
    server.removeAllListeners('upgrade');
    gate = (request, socket, head) => {
      if (closing || !isSocketRoute(request.method, request.url) || listeners.length === 0) return refuseUpgrade(socket);
      for (const listener of listeners) listener.call(server, request, socket, head);
    };
    server.on('upgrade', gate);
  });
  // Closing: no new socket of any kind (the bus closes its own with 3002).
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onClose', async () => {
    if (gate) app.server.removeListener('upgrade', gate);
  });
  app.addHook('onResponse', async (request, reply) => endUpgradeAfterReply(request, reply));
}
