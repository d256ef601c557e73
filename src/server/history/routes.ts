// The calls of a record's history (docs/history.md; main host), beside the record calls of
// records/routes.ts: {ref} is a uuid (one segment) or scope/name (two), so each path is registered
// in both shapes.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { HEADER } from '../../../runtime/api/contract';
import { restoreBody, revisionPageSchema, revisionSchema, revisionsQuery } from '../../../runtime/api/history';
import { recordSchema, refIdParams, replies, scopedRefIdParams } from '../../../runtime/api/schemas';
import { closed } from '../../../runtime/api/schema-kit';
import type { ServerContext } from '../platform/context';
import { specFor, typed } from '../platform/contract';
import { headerValue } from '../platform/validate';
import { accountabilityOf } from '../auth/session-hook';
import { readRevision, readRevisions, restoreRevision } from './revisions';

const BASE = '/v3/system/component';

type Params = { a: string; b?: string; id?: string; rev?: string };

const refOf = ({ a, b }: Params) => (b === undefined ? a : `${a}/${b}`);
const localeOf = (request: FastifyRequest) => headerValue(request.headers[HEADER.acceptLanguage]);

const revParam = { type: 'string', description: 'the revision id' } as const;
const revParams = closed({ ...refIdParams.properties, rev: revParam }, ['a', 'id', 'rev']);
const scopedRevParams = closed({ ...scopedRefIdParams.properties, rev: revParam }, ['a', 'b', 'id', 'rev']);

const spec = specFor(['records']);

export const historyRoutes: FastifyPluginAsync<ServerContext> = async (plugin, { db }) => {
  const host = typed(plugin);
  const list = async (request: FastifyRequest<{ Params: Params }>) =>
    readRevisions(db, accountabilityOf(request), refOf(request.params), request.params.id ?? '', request.query, localeOf(request));
  const listSpec = (params: object) =>
    spec("A record's revisions, newest first (docs/history.md)", { params, querystring: revisionsQuery, response: replies({ 200: revisionPageSchema }) });
  host.get(`${BASE}/:a/model/:id/revisions`, listSpec(refIdParams), list);
  host.get(`${BASE}/:a/:b/model/:id/revisions`, listSpec(scopedRefIdParams), list);

  const one = async (request: FastifyRequest<{ Params: Params }>) =>
    readRevision(db, accountabilityOf(request), refOf(request.params), request.params.id ?? '', request.params.rev ?? '', localeOf(request));
  const oneSpec = (params: object) => spec("One of a record's revisions", { params, response: replies({ 200: revisionSchema }) });
  host.get(`${BASE}/:a/model/:id/revisions/:rev`, oneSpec(revParams), one);
  host.get(`${BASE}/:a/:b/model/:id/revisions/:rev`, oneSpec(scopedRevParams), one);

  const restore = async (request: FastifyRequest<{ Params: Params }>) =>
    restoreRevision(db, accountabilityOf(request), refOf(request.params), request.params.id ?? '', request.params.rev ?? '', request.body, localeOf(request));
  const restoreSpec = (params: object) =>
    spec('Restore a revision: the record as it was after it, written as a new version through its rules and workflows', {
      params,
      body: restoreBody,
      response: replies({ 200: recordSchema }),
    });
  host.post(`${BASE}/:a/model/:id/revisions/:rev/restore`, restoreSpec(revParams), restore);
  host.post(`${BASE}/:a/:b/model/:id/revisions/:rev/restore`, restoreSpec(scopedRevParams), restore);
};
