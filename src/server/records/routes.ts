// The record calls of docs/records.md (main host). {ref} is a uuid (one path segment) or
// scope/name (two), so each path is registered in both shapes.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { HEADER } from '../../../runtime/api/contract';
import { emptySchema, recordSchema, recordWriteBody, refIdParams, refParams, replies, scopedRefIdParams, scopedRefParams } from '../../../runtime/api/schemas';
import type { ServerContext } from '../platform/context';
import { specFor, typed } from '../platform/contract';
import { createRecord, deleteRecord, getRecord, updateRecord } from './records';
import { headerValue } from '../platform/validate';
import { accountabilityOf } from '../auth/session-hook';

const BASE = '/v3/system/component';

type Params = { a: string; b?: string; id?: string };

function localeOf(request: FastifyRequest): string | undefined {
  return headerValue(request.headers[HEADER.acceptLanguage]);
}

const refOf = ({ a, b }: Params) => (b === undefined ? a : `${a}/${b}`);

const spec = specFor(['records']);

export const recordRoutes: FastifyPluginAsync<ServerContext> = async (plugin, { db }) => {
  const host = typed(plugin);
  const create = async (request: FastifyRequest<{ Params: Params }>) =>
    createRecord(db, accountabilityOf(request), refOf(request.params), request.body, localeOf(request));
  const createSpec = (params: object) => spec('Create a record', { params, body: recordWriteBody, response: replies({ 200: recordSchema }) });
  host.post(`${BASE}/:a/model`, createSpec(refParams), create);
  host.post(`${BASE}/:a/:b/model`, createSpec(scopedRefParams), create);

  const read = async (request: FastifyRequest<{ Params: Params }>) =>
    getRecord(db, accountabilityOf(request), refOf(request.params), request.params.id ?? '', localeOf(request));
  const readSpec = (params: object) => spec('Read a record', { params, response: replies({ 200: recordSchema }) });
  host.get(`${BASE}/:a/model/:id`, readSpec(refIdParams), read);
  host.get(`${BASE}/:a/:b/model/:id`, readSpec(scopedRefIdParams), read);

  const update = async (request: FastifyRequest<{ Params: Params }>) =>
    updateRecord(db, accountabilityOf(request), refOf(request.params), request.params.id ?? '', request.body, localeOf(request));
  const updateSpec = (params: object) => spec('Update a record (optimistic: send the version read)', { params, body: recordWriteBody, response: replies({ 200: recordSchema }) });
  host.post(`${BASE}/:a/model/:id`, updateSpec(refIdParams), update);
  host.post(`${BASE}/:a/:b/model/:id`, updateSpec(scopedRefIdParams), update);

  const remove = async (request: FastifyRequest<{ Params: Params }>) =>
    deleteRecord(db, accountabilityOf(request), refOf(request.params), request.params.id ?? '');
  const removeSpec = (params: object) => spec('Delete a record', { params, response: replies({ 200: emptySchema }) });
  host.delete(`${BASE}/:a/model/:id`, removeSpec(refIdParams), remove);
  host.delete(`${BASE}/:a/:b/model/:id`, removeSpec(scopedRefIdParams), remove);
};
