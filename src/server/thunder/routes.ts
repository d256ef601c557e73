// The thunder calls (docs/thunder.md; main host, spec section 7): POST /v3/system/thunder defines a
// set (its first build queued) or, given only an existing set's name, queues its rebuild; PUT changes
// a set's definition (its rebuild queued); the list, one set with its build log, its stored result
// (read in constant time) and its removal. Admins only (403 for everyone else).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { emptySchema, replies } from '../../../runtime/api/schemas';
import { THUNDER_NAME, thunderDataSchema, thunderDetailSchema, thunderListSchema, thunderParams, thunderSetSchema, thunderWriteSchema } from '../../../runtime/api/thunder';
import { HEADER } from '../../../runtime/api/contract';
import type { ServerContext } from '../platform/context';
import { specFor } from '../platform/contract';
import { notFound } from '../platform/errors';
import { headerValue } from '../platform/validate';
import { accountabilityOf } from '../auth/session-hook';
import { requireAdmin } from '../iam/access';
import { readSetData, requestBuild } from './build';
import { changeSet, defineSet, getSetDetail, listProjectSets, removeSet, toThunderSet } from './define';
import { findSet } from './sql';

const spec = specFor(['thunder']);
const BASE = '/v3/system/thunder';
const localeOf = (request: FastifyRequest) => headerValue(request.headers[HEADER.acceptLanguage]);
const nameOf = (request: FastifyRequest) => (request.params as { name: string }).name;

export const thunderRoutes: FastifyPluginAsync<ServerContext> = async (host, { db, jobs }) => {
  /** The set as it stands after its build was queued. */
  const queued = async (uuid: string, trigger: 'define' | 'manual') => {
    await requestBuild(db, uuid, trigger, jobs);
    return toThunderSet((await findSet(db, uuid))!);
  };
  host.get(BASE, spec("The project's thunder data sets with status, size, last and next build (admins)", { response: replies({ 200: thunderListSchema }) }), async (request) =>
    listProjectSets(db, accountabilityOf(request)),
  );
  host.post(
    BASE,
    spec('Define a data set and queue its first build; with only the name of an existing set, queue its rebuild (admins)', {
      body: thunderWriteSchema,
      response: replies({ 200: thunderSetSchema }),
    }),
    async (request) => {
      const { row, created } = await defineSet(db, accountabilityOf(request), request.body, localeOf(request));
      return queued(row.uuid, created ? 'define' : 'manual');
    },
  );
  host.put(BASE, spec("Change a data set's definition (the keys given) and queue its rebuild (admins)", { body: thunderWriteSchema, response: replies({ 200: thunderSetSchema }) }), async (request) => {
    const row = await changeSet(db, accountabilityOf(request), request.body, localeOf(request));
    return queued(row.uuid, 'manual');
  });
  host.get(`${BASE}/:name`, spec('A data set with its build log, newest first (admins)', { params: thunderParams, response: replies({ 200: thunderDetailSchema }) }), async (request) =>
    getSetDetail(db, accountabilityOf(request), nameOf(request)),
  );
  host.get(
    `${BASE}/:name/data`,
    spec("The data set's stored result of its last good build, read in constant time (admins)", { params: thunderParams, response: replies({ 200: thunderDataSchema }) }),
    async (request) => {
      const name = nameOf(request);
      const data = THUNDER_NAME.test(name) ? await readSetData(db, { projectUuid: requireAdmin(accountabilityOf(request)), name }) : null;
      if (!data) throw notFound();
      return data;
    },
  );
  host.delete(`${BASE}/:name`, spec('Remove a data set and its log (admins; 409 thunderInUse while a widget shows it)', { params: thunderParams, response: replies({ 200: emptySchema }) }), async (request) =>
    removeSet(db, accountabilityOf(request), nameOf(request)),
  );
};
