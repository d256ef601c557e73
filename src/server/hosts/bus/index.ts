// The event-bus host (docs/event-bus.md): the WebSocket at /api/bus/{project uuid}?token=. No session
// hook: the socket's one-use token names the caller (events/routes-socket.ts).
import type { FastifyPluginAsync } from 'fastify';
import { installEventSocket } from '../../events/routes-socket';
import type { HostContext } from '../context';

export const busHost: FastifyPluginAsync<HostContext> = async (host, context) => {
  await installEventSocket(host, context);
};
