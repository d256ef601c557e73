// The record calls of docs/records.md (main host). {ref} is a uuid (one path segment) or
// scope/name (two), so each path is registered in both shapes.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { HEADER } from '../../../../runtime/api/contract';
import type { ServerContext } from '../../context';
import { createRecord, deleteRecord, getRecord, updateRecord } from '../../services/records';
import { headerValue } from '../../validate';
import { accountabilityOf } from '../session';

const BASE = '/v3/system/component';

type Params = { a: string; b?: string; id?: string };

function localeOf(request: FastifyRequest): string | undefined {
  return headerValue(request.headers[HEADER.acceptLanguage]);
}

const refOf = ({ a, b }: Params) => (b === undefined ? a : `${a}/${b}`);

export const recordRoutes: FastifyPluginAsync<ServerContext> = async (host, { db }) => {
  const create = async (request: FastifyRequest<{ Params: Params }>) =>
    createRecord(db, accountabilityOf(request), refOf(request.params), request.body, localeOf(request));
  host.post<{ Params: Params }>(`${BASE}/:a/model`, create);
  host.post<{ Params: Params }>(`${BASE}/:a/:b/model`, create);

  const read = async (request: FastifyRequest<{ Params: Params }>) =>
    getRecord(db, accountabilityOf(request), refOf(request.params), request.params.id ?? '', localeOf(request));
  host.get<{ Params: Params }>(`${BASE}/:a/model/:id`, read);
  host.get<{ Params: Params }>(`${BASE}/:a/:b/model/:id`, read);

  const update = async (request: FastifyRequest<{ Params: Params }>) =>
    updateRecord(db, accountabilityOf(request), refOf(request.params), request.params.id ?? '', request.body, localeOf(request));
  host.post<{ Params: Params }>(`${BASE}/:a/model/:id`, update);
  host.post<{ Params: Params }>(`${BASE}/:a/:b/model/:id`, update);

  const remove = async (request: FastifyRequest<{ Params: Params }>) =>
    deleteRecord(db, accountabilityOf(request), refOf(request.params), request.params.id ?? '');
  host.delete<{ Params: Params }>(`${BASE}/:a/model/:id`, remove);
  host.delete<{ Params: Params }>(`${BASE}/:a/:b/model/:id`, remove);
};
