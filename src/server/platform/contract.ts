// The declared API contract (docs/api.md): every route's schemas come from runtime/api/schemas; handlers
// are typed from them (json-schema-to-ts type provider); Fastify's ajv validates requests; replies are
// written with JSON.stringify (nothing a schema does not name is dropped) and, when checkResponses is on
// (tests), checked against the declared schema of their status first: a reply its schema does not allow
// is a 500 and a logged mismatch. @fastify/swagger turns the same schemas into OpenAPI 3.1 at
// GET /api/openapi.json (public: it is the developer reference and holds no data).
import fastifySwagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import { apiErrorSchema, replies, tenantHeaders } from '../../../runtime/api/schemas';
import { HOST_PREFIX } from '../../../runtime/api/contract';

type References = { references: [typeof apiErrorSchema] };

/** Whether a path is under /api: a call of one of the hosts, never a page of the app. */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** Types params, query, body and replies of a route from its JSON Schemas. */
export type TypeProvider = JsonSchemaToTsProvider<{ ValidatorSchemaOptions: References; SerializerSchemaOptions: References }>;

export function typed(host: FastifyInstance) {
  return host.withTypeProvider<TypeProvider>();
}

/** A route's schema options with its tags and summary: `const spec = specFor(['records'])`, then `spec('Read a record', { params, response })`. */
export function specFor(tags: string[]) {
  return <const S extends object>(summary: string, schema: S) => ({ schema: { tags, summary, ...schema } }) as const;
}

/** The form of a multipart call, for the document only (the handler reads the parts as they stream). */
export function multipartForm<const P extends Record<string, object>>(properties: P, required: readonly (keyof P & string)[]) {
  return { type: 'object', properties, required, additionalProperties: false } as const;
}
/** A file part of a multipart form. */
export const filePart = { type: 'string', contentEncoding: 'binary', description: 'the file\'s bytes' } as const;

/** The document's own reply: its top level declared; paths and components are OpenAPI's (open-ended maps). */
const openApiDocumentSchema = {
  type: 'object',
  properties: {
    openapi: { type: 'string' },
    info: { type: 'object', additionalProperties: true },
    tags: { type: 'array', items: { type: 'object', additionalProperties: true } },
    security: { type: 'array', items: { type: 'object', additionalProperties: true } },
    paths: { type: 'object', additionalProperties: true, description: 'OpenAPI path items' },
    components: { type: 'object', additionalProperties: true },
  },
  required: ['openapi', 'info', 'paths'],
  additionalProperties: false,
} as const;

export const OPENAPI_PATH = `${HOST_PREFIX.main}/openapi.json`;

/** A reply whose body its declared schema does not allow (only with checkResponses). */
export class ReplyShapeError extends Error {
  constructor(
    readonly route: string,
    readonly status: number,
    readonly issues: unknown,
  ) {
    super(`reply of ${route} (${status}) does not match its declared schema: ${JSON.stringify(issues)}`);
    this.name = 'ReplyShapeError';
  }
}

/** Whether a route's declared replies cover a status ('200', '4xx', 'default'). */
export function declaresStatus(responses: Record<string, unknown>, status: number): boolean {
  const code = String(status);
  return code in responses || `${code[0]}xx` in responses || `${code[0]}XX` in responses || 'default' in responses;
}

function withoutMetaSchema<T extends { $schema?: string }>(schema: T): Omit<T, '$schema'> {
  const { $schema: _ignored, ...rest } = schema;
  return rest;
}

export interface ContractOptions {
  checkResponses: boolean;
}

/** Calls that need a session document the tenancy headers; the session hook reads them (before validation), so declaring them here only documents them. */
function documentTenantHeaders(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const config = route.config as { public?: boolean } | undefined;
    if (!isApiPath(route.url) || config?.public === true || !route.schema || route.schema.headers) return;
    route.schema = { ...route.schema, headers: tenantHeaders };
  });
}

/** Replies are JSON.stringify'd; with checkResponses, a body or a status its route does not declare is a 500 and a logged mismatch. */
function installReplyChecks(app: FastifyInstance, checkResponses: boolean): void {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema(apiErrorSchema);
  app.setSerializerCompiler(({ schema, method, url, httpStatus }) => {
    if (!checkResponses) return (data) => JSON.stringify(data);
    let validate: ValidateFunction | null = null;
    return (data) => {
      validate ??= ajv.compile(schema as object);
      if (!validate(data)) {
        const error = new ReplyShapeError(`${method} ${url}`, Number(httpStatus), validate.errors);
        console.error(error.message);
        throw error;
      }
      return JSON.stringify(data);
    };
  });
  if (!checkResponses) return;
  // A status the route does not declare is a contract breach too (a 5xx is the error shape wherever it comes from).
  app.addHook('onSend', async (request, reply, payload) => {
    const responses = request.routeOptions.schema?.response as Record<string, unknown> | undefined;
    if (responses && reply.statusCode < 500 && !declaresStatus(responses, reply.statusCode)) {
      const error = new ReplyShapeError(`${request.method} ${request.routeOptions.url}`, reply.statusCode, 'status not declared');
      console.error(error.message);
      throw error;
    }
    return payload;
  });
}

/** The OpenAPI document's own part: its info, the tags of every host and the two ways to call. */
const OPENAPI_DOCUMENT: FastifyDynamicSwaggerOptions['openapi'] = {
  openapi: '3.1.0',
  info: {
    title: 'Luma API',
    version: '1',
    description:
      'Every host of spec section 7 under its prefix (/api, /api/workflow, /api/media, /api/integration, /api/transaction, /api/spark, /api/ratchet). ' +
      'Calls need a session cookie (luma_session) or an API user\'s bearer secret, and name the tenant with X-Project-Uuid, X-Workspace-Uuid ' +
      'and X-Project-Env; calls marked without security are public. Every error is the ApiError shape.',
  },
  tags: [
    { name: 'auth', description: `${HOST_PREFIX.main}: sign-in, registration, password reset, invites (public)` },
    { name: 'user', description: `${HOST_PREFIX.main}: the caller's account, sessions and two-factor` },
    { name: 'project', description: `${HOST_PREFIX.main}: projects and workspaces` },
    { name: 'iam', description: `${HOST_PREFIX.main}: members, invites, roles and API users (admins)` },
    { name: 'config', description: `${HOST_PREFIX.main}: project and user config entries` },
    { name: 'environment', description: `${HOST_PREFIX.main}: global variables per environment, context.env of scripts (secrets write-only)` },
    { name: 'components', description: `${HOST_PREFIX.main}: components and their versions; {ref} is a uuid (one segment) or scope/name (two)` },
    { name: 'records', description: `${HOST_PREFIX.main}: records, lists, export, bulk actions, import` },
    { name: 'functions', description: `${HOST_PREFIX.main}: component functions, global functions and their signing keys, the public function call` },
    { name: 'thunder', description: `${HOST_PREFIX.main}: thunder data sets, materialised results of a component's $aggregate or a ratchet query, their builds and stored result (admins; docs/thunder.md)` },
    { name: 'widgets', description: `${HOST_PREFIX.main}: widgets (number, table, chart over a component's filter and $aggregate), their data and places (docs/widgets.md)` },
    { name: 'workflows', description: `${HOST_PREFIX.workflow}: workflows, their versions, the dry run and the run log (docs/workflows.md)` },
    { name: 'media', description: `${HOST_PREFIX.media}: media libraries, files, upload, download and share links (docs/media.md); the file URL /media/library/{uuid}/get/{key} at the site root` },
    { name: 'integration', description: `${HOST_PREFIX.integration}: the project's integrations, the catalogue, install and change (docs/integrations.md)` },
    { name: 'transaction', description: `${HOST_PREFIX.transaction}: subscriptions, trials, prices, currency rates, checkout links, the bank transfer and the card provider's webhook (docs/billing.md)` },
    { name: 'sparks', description: `${HOST_PREFIX.spark}: sparks, their releases and deployments, invocation and its log` },
    { name: 'events', description: `${HOST_PREFIX.main}: the event bus token and Scout's event log (docs/event-bus.md)` },
    { name: 'api-log', description: `${HOST_PREFIX.main}: Scout's API call log (admins)` },
    { name: 'apps', description: `${HOST_PREFIX.main}: platform apps, their versions and the gateway's app lists (docs/apps.md)` },
    { name: 'public-apps', description: `${HOST_PREFIX.main}: public apps, their hostnames, API user and portal flag, and the gateway's public-app lists (docs/public-apps.md); the served app's own calls at /__public-app on its hostnames` },
    { name: 'forge', description: `${HOST_PREFIX.main}: forge apps, their releases and deploys, component template distributions (docs/forge.md)` },
    { name: 'snapshots', description: `${HOST_PREFIX.main}: the project's configuration as one versioned JSON document (docs/snapshots.md)` },
    { name: 'templates', description: `${HOST_PREFIX.main}: workspace templates, their catalogue, install and uninstall (docs/templates.md)` },
    { name: 'ratchet', description: `${HOST_PREFIX.ratchet}: ratchet connections to outside PostgreSQL and MariaDB databases, their test and the read-only SQL console (admins; docs/ratchet.md)` },
    { name: 'documents', description: `${HOST_PREFIX.integration}: documents of a library, their variants, versions and comments` },
    { name: 'feedback', description: `${HOST_PREFIX.main}: the feedback inbox: the report-error modal's reports, read by the project's admins (docs/platform.md "Feedback")` },
    { name: 'reference', description: 'this document' },
  ],
  components: {
    securitySchemes: {
      session: { type: 'apiKey', in: 'cookie', name: 'luma_session' },
      bearer: { type: 'http', scheme: 'bearer', description: "an API user's secret: 'luma_' + 43 base64url characters" },
    },
  },
  security: [{ session: [] }, { bearer: [] }],
};

export async function installContract(app: FastifyInstance, { checkResponses }: ContractOptions): Promise<void> {
  // Shared by $ref (Fastify's ajv is draft-07: the 2020-12 meta-schema line is left out; the schema uses nothing newer).
  app.addSchema(withoutMetaSchema(apiErrorSchema));
  documentTenantHeaders(app);
  installReplyChecks(app, checkResponses);
  await app.register(fastifySwagger, {
    openapi: OPENAPI_DOCUMENT,
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.title === 'string' ? json.title : `def-${i}`),
    },
    transform: ({ schema, url, route }) => {
      // Public calls (config.public) need no session: no security in the document.
      const transformed = { ...(schema ?? {}) } as Record<string, unknown>;
      const config = route.config as { public?: boolean; multipartForm?: object } | undefined;
      if (config?.public === true) transformed.security = [];
      // A multipart call reads its parts as they stream (no body for ajv): its form is published from config.multipartForm.
      if (config?.multipartForm) transformed.body = { content: { 'multipart/form-data': { schema: config.multipartForm } } };
      return { schema: transformed as typeof schema, url };
    },
  });
  app.get(
    OPENAPI_PATH,
    {
      config: { public: true },
      schema: { summary: 'This OpenAPI 3.1 document', tags: ['reference'], response: replies({ 200: openApiDocumentSchema }) },
    },
    async () => app.swagger(),
  );
}
