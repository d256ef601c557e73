// The feedback inbox on the main API (runtime/api/feedback.ts): members send, admins list and mark read.
import type { FastifyPluginAsync } from 'fastify';
import { FEEDBACK_ITEM_PATH, FEEDBACK_PATH, feedbackBody, feedbackCreatedSchema, feedbackItemSchema, feedbackListQuery, feedbackListSchema, feedbackReadBody } from '../../../runtime/api/feedback';
import { replies, uuidParams } from '../../../runtime/api/schemas';
import type { ServerContext } from '../platform/context';
import { specFor, typed } from '../platform/contract';
import { accountabilityOf } from '../auth/session-hook';
import { listFeedback, markFeedback, sendFeedback } from './feedback';

const spec = specFor(['feedback']);

export const feedbackRoutes: FastifyPluginAsync<ServerContext> = async (plugin, { db }) => {
  const host = typed(plugin);
  host.post(FEEDBACK_PATH, spec("Send a report: the failed call's request id, the route and the user's words", { body: feedbackBody, response: replies({ 201: feedbackCreatedSchema }) }), async (request, reply) =>
    reply.code(201).send(await sendFeedback(db, accountabilityOf(request), request.body)),
  );
  host.get(FEEDBACK_PATH, spec("The project's reports, newest first (admins)", { querystring: feedbackListQuery, response: replies({ 200: feedbackListSchema }) }), async (request) =>
    listFeedback(db, accountabilityOf(request), request.query.filter),
  );
  host.patch(FEEDBACK_ITEM_PATH, spec('Mark a report read or unread (admins)', { params: uuidParams, body: feedbackReadBody, response: replies({ 200: feedbackItemSchema }) }), async (request) =>
    markFeedback(db, accountabilityOf(request), request.params.uuid, request.body.read),
  );
};
