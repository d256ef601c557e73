// Component and global functions (docs/user-code.md "Functions"): the component function call, the
// admin management of global functions and their signing keys, the admin test run, and the public
// call (no session). The public call keeps its raw body: a signature covers the bytes as sent.
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { HEADER } from '../../../runtime/api/contract';
import {
  SIGNATURE_HEADER,
  componentFunctionParams,
  functionCallAnswerSchema,
  functionCallBodySchema,
  globalFunctionKeyCreatedSchema,
  globalFunctionParams,
  globalFunctionSchema,
  globalFunctionWriteSchema,
  publicCallBodySchema,
  publicFunctionParams,
  signatureParams,
} from '../../../runtime/api/functions';
import { arrayOf, emptySchema, replies } from '../../../runtime/api/schemas';
import type { ServerContext } from '../platform/context';
import { specFor } from '../platform/contract';
import { badRequest } from '../platform/errors';
import { runComponentFunction } from './component';
import { createFunction, createKey, getFunction, listFunctions, removeFunction, revokeKey, updateFunction } from './global';
import { callPublicFunction, testGlobalFunction } from './global-run';
import { parseTenantHeaders } from '../auth/tenancy';
import { headerValue } from '../platform/validate';
import { accountabilityOf } from '../auth/session-hook';

const spec = specFor(['functions']);
const localeOf = (request: FastifyRequest) => headerValue(request.headers[HEADER.acceptLanguage]);

type ComponentParams = { a: string; name: string };
type IdParams = { id: string };
type SignatureParams = { x: string; y: string };
type PublicParams = { project: string; name: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** The body as sent, on the public function call (what its signature covers). */
    rawBody?: string;
  }
}

export const functionRoutes: FastifyPluginAsync<ServerContext> = async (host, context) => {
  const { db, config } = context;
  host.post(
    '/v3/system/component/:a/function/:name',
    {
      ...spec("Run a component function of the caller's environment ('run' or 'settings' on it; expression and config: 'settings', dev only)", {
        params: componentFunctionParams,
        body: functionCallBodySchema,
        response: replies({ 200: functionCallAnswerSchema }),
      }),
      config: { componentRef: (params: unknown) => (params as ComponentParams).a },
    },
    async (request) => {
      const { a, name } = request.params as ComponentParams;
      return runComponentFunction(db, config, accountabilityOf(request), a, name, request.body, localeOf(request));
    },
  );

  globalFunctionRoutes(host, context);
  // The public call, in its own context so that its JSON parser can keep the raw body.
  await host.register(async (open) => publicCallRoute(open, context));
};

/** The admin management of global functions and their signing keys, and the admin test run. */
function globalFunctionRoutes(host: FastifyInstance, { db, config }: ServerContext): void {
  host.get('/v1/system/function', spec("The project's global functions (admins)", { response: replies({ 200: arrayOf(globalFunctionSchema) }) }), async (request) =>
    listFunctions(db, accountabilityOf(request)),
  );
  host.post('/v1/system/function', spec('Create a global function (admins)', { body: globalFunctionWriteSchema, response: replies({ 200: globalFunctionSchema }) }), async (request) =>
    createFunction(db, accountabilityOf(request), request.body),
  );
  host.get('/v1/system/function/:id', spec('A global function (admins)', { params: globalFunctionParams, response: replies({ 200: globalFunctionSchema }) }), async (request) =>
    getFunction(db, accountabilityOf(request), (request.params as IdParams).id),
  );
  host.patch(
    '/v1/system/function/:id',
    spec('Change a global function (admins)', { params: globalFunctionParams, body: globalFunctionWriteSchema, response: replies({ 200: globalFunctionSchema }) }),
    async (request) => updateFunction(db, accountabilityOf(request), (request.params as IdParams).id, request.body),
  );
  host.delete('/v1/system/function/:id', spec('Remove a global function and its keys (admins)', { params: globalFunctionParams, response: replies({ 200: emptySchema }) }), async (request) =>
    removeFunction(db, accountabilityOf(request), (request.params as IdParams).id),
  );
  host.post('/v1/system/function/:id/key', spec('Add a signing key (the key is answered once)', { params: globalFunctionParams, response: replies({ 200: globalFunctionKeyCreatedSchema }) }), async (request) =>
    createKey(db, accountabilityOf(request), (request.params as IdParams).id),
  );
  host.delete('/v1/system/function/signature/:x/:y', spec('Revoke a signing key: x the function, y the key', { params: signatureParams, response: replies({ 200: emptySchema }) }), async (request) => {
    const { x, y } = request.params as SignatureParams;
    return revokeKey(db, accountabilityOf(request), x, y);
  });
  host.post(
    '/v1/system/function/:id/run',
    spec("Run a global function as its API user (admins; expression runs unsaved code)", { params: globalFunctionParams, body: functionCallBodySchema, response: replies({ 200: functionCallAnswerSchema }) }),
    async (request) => testGlobalFunction(db, config, accountabilityOf(request), (request.params as IdParams).id, request.body, localeOf(request)),
  );
}

/** The public call (no session): its JSON parser keeps the raw body, which a signature covers. */
function publicCallRoute(open: FastifyInstance, { db, config }: ServerContext): void {
  open.removeContentTypeParser('application/json');
  open.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    const raw = typeof text === 'string' ? text : text.toString('utf8');
    request.rawBody = raw;
    if (raw.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(raw));
    } catch {
      done(badRequest([{ field: 'body', messages: ['invalidInput'] }]), undefined);
    }
  });
  open.post(
    '/v1/public/function/:project/:name',
    {
      ...spec('Call a public global function without a session (signed when the function says so; rate-limited per function and client address)', {
        params: publicFunctionParams,
        body: publicCallBodySchema,
        response: replies({ 200: functionCallAnswerSchema }),
      }),
      config: { public: true },
    },
    async (request) => {
      const { project, name } = request.params as PublicParams;
      const env = parseTenantHeaders({ env: headerValue(request.headers[HEADER.projectEnv]) }).env;
      return callPublicFunction(db, config, {
        projectUuid: project,
        name,
        body: request.body,
        rawBody: request.rawBody ?? '',
        signature: headerValue(request.headers[SIGNATURE_HEADER]),
        address: request.ip,
        env,
        locale: localeOf(request),
      });
    },
  );
}
