// The event-bus socket (docs/event-bus.md), installed by hosts/bus: a WebSocket at
// /api/bus/{project uuid}?token= (a token from POST /api/v1/system/eventbus/auth, accepted once). A
// bad, used or expired token, or a token of another project, is accepted as a socket and closed at
// once with 1000 and reason '401' (spec section 4: the client treats it as Unauthorized). The socket
// then carries the caller's events (events/hub.ts). A socket over the user's or the project's limit
// of open sockets (counted in the database across instances, events/sockets.ts) is closed at once
// with 4029. On shutdown every socket is closed with 3002: reconnect at once.
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { CLOSE, CLOSE_REASON, EVENTBUS_LIMITS } from '../../../runtime/api/events';
import { replies } from '../../../runtime/api/schemas';
import type { ServerContext } from '../platform/context';
import { notFound } from '../platform/errors';
import { headerValue, isUuid } from '../platform/validate';
import { busAccountability, consumeEventbusToken } from './token';
import { EventHub } from './hub';
import { SocketLedger } from './sockets';

/** On the bus host's own instance: the socket plugin and its preClose hook must share the route's scope. */
export async function installEventSocket(host: FastifyInstance, { db, bus, config }: ServerContext): Promise<void> {
  const log = (error: unknown, message: string) => host.log.error({ err: error }, message);
  const hub = new EventHub(db, bus, {
    sessionIdleMs: config.sessionIdleMs,
    queueMessages: config.eventQueueMessages,
    queueBytes: config.eventQueueBytes,
    log,
  });
  const ledger = new SocketLedger(db, { perUser: config.busSocketsPerUser, perProject: config.busSocketsPerProject }, log);
  // Before the plugin's own preClose (which closes sockets without a code): ours say 3002.
  host.addHook('preClose', async () => {
    hub.close();
    await ledger.close().catch((error: unknown) => log(error, 'event bus: releasing the open sockets failed'));
  });
  await host.register(fastifyWebsocket, { options: { maxPayload: EVENTBUS_LIMITS.clientMessageBytes } });

  const schema = {
    tags: ['events'],
    summary: 'The event-bus WebSocket (101 Switching Protocols); a bad, used or expired token is closed with 1000 and reason 401',
    params: { type: 'object', properties: { project: { type: 'string', description: 'the project uuid' } }, required: ['project'] },
    querystring: { type: 'object', properties: { token: { type: 'string', description: 'from POST /api/v1/system/eventbus/auth' } }, additionalProperties: false },
    response: replies({ 101: { description: 'Switching Protocols: then frames of one {topic, payload} message or a JSON array of them in order', type: 'null' } }),
  } as const;
  host.route<{ Params: { project: string }; Querystring: { token?: string } }>({
    method: 'GET',
    url: '/:project',
    schema,
    // A plain GET (no upgrade) is not the socket: the 404 error shape like any unknown /api path.
    handler: async () => {
      throw notFound();
    },
    wsHandler: (socket, request) => {
    // Messages that arrive while the token is checked wait for it.
    const early: string[] = [];
    let handlers: { message(text: string): void; closed(): void } | null = null;
    let open = true;
    let claimed: string | null = null;
    const release = () => {
      if (claimed !== null) void ledger.release(claimed).catch((error: unknown) => log(error, 'event bus: releasing a socket failed'));
      claimed = null;
    };
    socket.on('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
      if (isBinary) return socket.close(CLOSE.badMessage, CLOSE_REASON.badMessage);
      const text = String(data);
      if (handlers) handlers.message(text);
      else early.push(text);
    });
    socket.on('close', () => {
      open = false;
      handlers?.closed();
      release();
    });
    socket.on('error', (error: Error) => request.log.warn({ err: error }, 'event bus socket error'));
    const project = request.params.project;
    void (async () => {
      const principal = isUuid(project) ? await consumeEventbusToken(db, request.query.token, project) : null;
      const accountability = principal ? await busAccountability(db, principal, config.sessionIdleMs) : null;
      if (!open) return;
      if (!principal || !accountability) return socket.close(CLOSE.normal, CLOSE_REASON.unauthorized);
      const claim = await ledger.claim(principal.projectUuid, principal.userUuid);
      if (!claim.ok) return socket.close(CLOSE.tooManySockets, claim.limit === 'user' ? CLOSE_REASON.tooManySocketsUser : CLOSE_REASON.tooManySocketsProject);
      claimed = claim.uuid;
      // Closed while the claim was made: the close handler ran before there was a row to release.
      if (!open) return release();
      handlers = hub.add(socket, principal, accountability, headerValue(request.headers['accept-language']));
      for (const text of early.splice(0)) handlers.message(text);
    })().catch((error: unknown) => {
      request.log.error({ err: error }, 'event bus: accepting a socket failed');
      if (open) socket.close(1011, 'serverError');
    });
    },
  });
}
