// The event bus's calls on the main API (docs/event-bus.md): the socket's token, and the event log.
// The WebSocket itself is its own host (hosts/bus).
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  EVENTBUS_AUTH_PATH,
  EVENTS_LIST_PATH,
  EVENTS_NEW_PATH,
  eventbusTokenSchema,
  eventsListQuery,
  eventsNewQuery,
  eventsNewSchema,
  eventsPageSchema,
  eventItemSchema,
} from '../../../runtime/api/events';
import { EVENT_ONE_PATH, EVENT_SETTINGS_PATH, eventSettingsBody, eventSettingsSchema, eventUuidParams } from '../../../runtime/api/scout-events';
import { EVENT_RETENTION_DAYS } from './outbox';
import { getEventSettings, putEventSettings } from '../scout/event-settings';
import { emptySchema, replies } from '../../../runtime/api/schemas';
import type { ServerContext } from '../platform/context';
import { specFor, typed } from '../platform/contract';
import { headerValue } from '../platform/validate';
import { issueEventbusToken } from './token';
import { eventsSince, getEvent, listEvents } from './log';
import { accountabilityOf } from '../auth/session-hook';

const spec = specFor(['events']);

function localeOf(request: FastifyRequest): string | undefined {
  return headerValue(request.headers['accept-language']);
}

export const eventRoutes: FastifyPluginAsync<ServerContext> = async (plugin, { db, config }) => {
  const defaultDays = config.eventDays ?? EVENT_RETENTION_DAYS;
  const host = typed(plugin);
  host.post(
    EVENTBUS_AUTH_PATH,
    spec('A token for the event-bus WebSocket: 60 s, accepted once, for the caller and project', { body: emptySchema, response: replies({ 200: eventbusTokenSchema }) }),
    async (request) => issueEventbusToken(db, request, accountabilityOf(request)),
  );
  host.get(EVENTS_NEW_PATH, spec('What happened since a time, oldest first (filtered for the caller, capped)', { querystring: eventsNewQuery, response: replies({ 200: eventsNewSchema }) }), async (request) =>
    eventsSince(db, accountabilityOf(request), request.query.time, localeOf(request)),
  );
  host.get(EVENTS_LIST_PATH, spec('The event log, newest first, paged (filtered for the caller)', { querystring: eventsListQuery, response: replies({ 200: eventsPageSchema }) }), async (request) =>
    listEvents(db, accountabilityOf(request), request.query, localeOf(request)),
  );
  host.get(EVENT_SETTINGS_PATH, spec('Scout: which kinds of event the log keeps and for how many days (admins)', { response: replies({ 200: eventSettingsSchema }) }), async (request) =>
    getEventSettings(db, accountabilityOf(request), defaultDays),
  );
  host.put(EVENT_SETTINGS_PATH, spec('Scout: sets the kinds kept and the retention in days (admins; 417 for bad values)', { body: eventSettingsBody, response: replies({ 200: eventSettingsSchema }) }), async (request) =>
    putEventSettings(db, accountabilityOf(request), request.body),
  );
  host.get(EVENT_ONE_PATH, spec('One event of the log (filtered for the caller as the list)', { params: eventUuidParams, response: replies({ 200: eventItemSchema }) }), async (request) =>
    getEvent(db, accountabilityOf(request), request.params.uuid, localeOf(request)),
  );
};

/** Paths after whose successful write who-may-do-what may have changed (docs/event-bus.md "Revocation"). */
const IAM_PATHS = ['/v1/auth/logout', '/v1/auth/password/reset', '/v1/iam/', '/v1/user/sessions', '/v1/user/profile/edit', '/v1/project', '/v1/workspace', '/v1/auth/invite/'];

/**
 * After a successful write to an IAM route, every instance's event-bus sockets of the project (of
 * every project when the caller has none, e.g. after a logout) check their caller again: a logout, a
 * revoked secret, a removed member or a changed role stops the stream at once. One hook rather than a
 * call in each of the IAM services, so a route added there later is covered too.
 */
export function installIamChangeSignal(host: FastifyInstance, context: ServerContext, prefix: string): void {
  // onSend: before the caller has the answer, so its next call's events are judged by the change.
  host.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return payload;
    const path = (request.url.split('?')[0] ?? '').slice(prefix.length);
    if (!IAM_PATHS.some((start) => path.startsWith(start))) return payload;
    await context.bus.publish('iam.changed', { project: request.accountability?.project_uuid ?? null }).catch((error: unknown) => request.log.error({ err: error }, 'iam.changed was not published'));
    return payload;
  });
}
