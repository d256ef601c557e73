// The record list calls of docs/lists.md (main host): the list, export, bulk actions and bulk job
// progress. {ref} is a uuid (one path segment) or scope/name (two), so each path is registered in
// both shapes. The plugin shares the main host's scope (skip-override). A write's cached list answers
// and totals are dropped when it commits (records/hooks.ts followRecordWrites).
import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { HEADER } from '../../../runtime/api/contract';
import {
  bulkBody,
  bulkDoneSchema,
  bulkStartedSchema,
  exportQuery,
  jobStateSchema,
  listAnswerSchema,
  listQuery,
  refJobParams,
  refParams,
  replies,
  scopedRefJobParams,
  scopedRefParams,
} from '../../../runtime/api/schemas';
import type { ServerContext } from '../platform/context';
import { specFor, typed } from '../platform/contract';
import { bulkAction, readJob } from './bulk';
import { exportRecords } from './export';
import { cacheTtlOf, listModels, sourceOf } from './list';
import type { BulkAction } from './list-sql';
import type { ListTotalCache } from './list-totals';
import { ShapeRecorder } from './auto-indexes';
import { headerValue } from '../platform/validate';
import { accountabilityOf } from '../auth/session-hook';

const BASE = '/v3/system/component';

type Params = { a: string; b?: string; job?: string };

const refOf = ({ a, b }: Params) => (b === undefined ? a : `${a}/${b}`);

function localeOf(request: FastifyRequest): string | undefined {
  return headerValue(request.headers[HEADER.acceptLanguage]);
}

const spec = specFor(['records']);

const plugin: FastifyPluginAsync<ServerContext & { totals: ListTotalCache }> = async (fastify, { db, jobs, totals, config }) => {
  const host = typed(fastify);
  const tuning = { slowMs: config.indexSlowMs, slowCount: config.indexSlowCount, autoMax: config.indexAutoMax };
  const shapes = new ShapeRecorder(db, tuning, (job) => jobs.send('luma-record-index', job), (error, message) => fastify.log.error({ err: error }, message));
  fastify.addHook('onClose', () => shapes.flush());

  const list = async (request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) => {
    const header = (name: string) => headerValue(request.headers[name]);
    const source = sourceOf(header('x-source'));
    const result = await listModels(db, accountabilityOf(request), {
      ref: refOf(request.params),
      query: request.query,
      locale: localeOf(request),
      app: header(HEADER.app) !== undefined,
      cacheTtl: cacheTtlOf(header('x-cache'), header('x-build-ttl')),
      source,
      totals,
      shapes,
    });
    if (result.cache) reply.header('x-cache', result.cache);
    if (source !== null) reply.header('x-source', source);
    return result.answer;
  };
  const listSpec = (params: object) => ({
    config: { componentRef: (params: unknown) => refOf(params as Params) },
    ...spec('A page of records (docs/lists.md)', { params, querystring: listQuery, response: replies({ 200: listAnswerSchema }) }),
  });
  host.get(`${BASE}/:a/models`, listSpec(refParams), list);
  host.get(`${BASE}/:a/:b/models`, listSpec(scopedRefParams), list);

  const exporter = async (request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) => {
    const result = await exportRecords(db, accountabilityOf(request), refOf(request.params), request.query, localeOf(request));
    reply
      .header('content-type', result.contentType)
      .header('content-disposition', `attachment; filename="${result.filename}"`)
      .header('cache-control', 'no-store');
    return reply.send(Readable.from(result.body));
  };
  const exportSpec = (params: object) =>
    spec('The records as a CSV or JSON download (the list query, without paging)', {
      params,
      querystring: exportQuery,
      produces: ['text/csv', 'application/json'],
      response: replies({ 200: { description: 'the file (Content-Disposition: attachment)', content: { 'text/csv': { schema: { type: 'string' } }, 'application/json': { schema: { type: 'array' } } } } }),
    });
  host.get(`${BASE}/:a/models/export`, exportSpec(refParams), exporter);
  host.get(`${BASE}/:a/:b/models/export`, exportSpec(scopedRefParams), exporter);

  for (const action of ['delete', 'disable', 'enable'] as const satisfies readonly BulkAction[]) {
    const bulk = async (request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) => {
      const result = await bulkAction(db, { jobs }, accountabilityOf(request), refOf(request.params), action, request.body, localeOf(request));
      return reply.code(result.status).send(result.body);
    };
    const bulkSpec = (params: object) =>
      spec(`${action[0]!.toUpperCase()}${action.slice(1)} records: 200 when done at once, 202 with a job when it runs on`, {
        params,
        body: bulkBody,
        response: replies({ 200: bulkDoneSchema, 202: bulkStartedSchema }),
      });
    host.post(`${BASE}/:a/${action}/models`, bulkSpec(refParams), bulk);
    host.post(`${BASE}/:a/:b/${action}/models`, bulkSpec(scopedRefParams), bulk);
  }

  const job = async (request: FastifyRequest<{ Params: Params }>) => readJob(db, accountabilityOf(request), refOf(request.params), request.params.job ?? '');
  const jobSpec = (params: object) => spec('The progress of a bulk job', { params, response: replies({ 200: jobStateSchema }) });
  host.get(`${BASE}/:a/jobs/:job`, jobSpec(refJobParams), job);
  host.get(`${BASE}/:a/:b/jobs/:job`, jobSpec(scopedRefJobParams), job);
};

// Shares the main host's encapsulation context (what fastify-plugin does).
(plugin as unknown as Record<symbol, unknown>)[Symbol.for('skip-override')] = true;

export const recordListRoutes = plugin;
