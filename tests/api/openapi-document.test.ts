// The published contract (docs/api.md "Declared contract"): /api/openapi.json is valid OpenAPI 3.1 (a
// maintained validator says so), every body and query is declared with its properties and closed, every
// operation but the user-defined routes declares its reply's shape, the multipart calls publish their
// form, and a typed client generated from it (openapi-typescript) type-checks real calls.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { RouteOptions } from 'fastify';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { seed } from '../../src/server/auth/seed';
import { createScratchDatabase, DB_KIND, describeApi, testConfig, SETUP_TIMEOUT_MS } from './harness';

type Schema = { type?: string; properties?: Record<string, unknown>; additionalProperties?: unknown; content?: unknown; $ref?: string };
type Operation = {
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>> };

/**
 * The user-defined routes (component routes) and a public function's call: what they take (the
 * function's `data`, any JSON) and answer is their code's.
 */
const USER_DEFINED = /^\/api\/v1\/(?:route\/|public\/function\/)/;
const closedObject = (schema: Schema | undefined) => !!schema && typeof schema.properties === 'object' && schema.additionalProperties === false;

/** Every operation as "METHOD path" with its operation object. */
function operationsOf(doc: Doc): [string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => [`${method.toUpperCase()} ${path}`, operation] as [string, Operation]));
}

/** The departures of a document from the declared contract: an empty list when it holds. */
function contractDepartures(doc: Doc, routes: RouteOptions[]): string[] {
  const found: string[] = [];
  for (const [name, operation] of operationsOf(doc)) {
    if (USER_DEFINED.test(name.split(' ')[1]!)) continue;
    for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
      if (!closedObject(media.schema)) found.push(`${name}: body (${type}) without properties or additionalProperties: false`);
    }
    for (const parameter of operation.parameters ?? []) {
      if (parameter.in === 'query' && typeof parameter.schema?.type !== 'string') found.push(`${name}: query ${parameter.name} without a type`);
    }
    // 101: the event-bus WebSocket's upgrade is its success.
    const success = Object.entries(operation.responses ?? {}).filter(([code]) => code.startsWith('2') || code === '101');
    if (success.length === 0) found.push(`${name}: no success reply`);
    for (const [code, reply] of success) {
      for (const [type, media] of Object.entries(reply.content ?? {})) {
        const schema = media.schema;
        const anyObject = !schema || (schema.type === 'object' && !schema.properties && !schema.$ref);
        if (anyObject) found.push(`${name}: ${code} ${type} reply of any shape`);
      }
    }
  }
  for (const route of routes) {
    if (!route.url.startsWith('/api/') || USER_DEFINED.test(route.url)) continue;
    const query = route.schema?.querystring as Schema | undefined;
    if (query && !closedObject(query)) found.push(`${String(route.method)} ${route.url}: querystring not closed`);
  }
  return found;
}

describeApi(`OpenAPI document: valid, closed, typed (${DB_KIND})`, () => {
  let doc: Doc;
  const routes: RouteOptions[] = [];
  beforeAll(async () => {
    const scratch = await createScratchDatabase();
    const config = testConfig();
    await seed(scratch.database.db, config);
    const app = await buildApp({ config, database: scratch.database, onRoute: (route) => routes.push(route) });
    try {
      await app.ready();
      doc = (await app.inject({ url: '/api/openapi.json' })).json() as Doc;
    } finally {
      await app.close();
      await scratch.drop();
    }
  }, SETUP_TIMEOUT_MS);

  it('passes an OpenAPI 3.1 validator', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('declares every body and query with its properties, closed, and every reply with its shape', () => {
    expect(operationsOf(doc).length).toBeGreaterThan(180);
    expect(contractDepartures(doc, routes)).toEqual([]);
  });

  it('finds a body, a query and a reply that are not declared (the walk can fail)', () => {
    const broken = structuredClone(doc);
    broken.paths['/api/v1/iam/invites']!.post!.requestBody!.content['application/json']!.schema = { type: 'object', description: 'prose only' } as Schema;
    broken.paths['/api/workflow/runs']!.get!.parameters!.push({ in: 'query', name: 'loose', schema: {} });
    broken.paths['/api/workflow/runs']!.get!.responses!['200']!.content!['application/json']!.schema = { type: 'object', additionalProperties: true };
    const looseRoute = { method: 'GET', url: '/api/probe', schema: { querystring: { type: 'object', additionalProperties: { type: 'string' } } } } as unknown as RouteOptions;
    expect(contractDepartures(broken, [looseRoute])).toEqual([
      'POST /api/v1/iam/invites: body (application/json) without properties or additionalProperties: false',
      'GET /api/workflow/runs: query loose without a type',
      'GET /api/workflow/runs: 200 application/json reply of any shape',
      'GET /api/probe: querystring not closed',
    ]);
  });

  it('publishes the multipart calls\' forms', () => {
    for (const path of ['/api/media/v2/dms/media/upload', '/api/media/v2/dms/media/library/{id}/upload/share', '/api/v1/system/component/{a}/import']) {
      const form = doc.paths[path]?.post?.requestBody?.content['multipart/form-data']?.schema;
      expect({ path, file: form?.properties?.file !== undefined, closed: form?.additionalProperties }).toEqual({ path, file: true, closed: false });
    }
  });

  let dir = '';
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  it('generates a typed client (openapi-typescript) whose calls type-check, and whose wrong calls do not', async () => {
      dir = await mkdtemp(join(tmpdir(), 'luma-openapi-'));
      await writeFile(join(dir, 'luma-api.ts'), astToString(await openapiTS(structuredClone(doc) as never)));
      const usage = (wrong: string) => `import type { paths } from './luma-api';
type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type UserModel = Json<paths['/api/v1/user/model']['get']['responses'][200]>;
export const email: string = ({} as UserModel).email;
type MemberUpdate = Json<NonNullable<paths['/api/v1/iam/users/{uuid}']['put']['requestBody']>>;
export const update: MemberUpdate = { role_uuids: [], status: 'active' };
type Runs = Json<paths['/api/workflow/runs']['get']['responses'][200]>;
export const total: number = ({} as Runs).total;
export const firstStatus: 'queued' | 'running' | 'success' | 'error' | 'refused' | undefined = ({} as Runs).items[0]?.status;
type RunsQuery = NonNullable<paths['/api/workflow/runs']['get']['parameters']['query']>;
export const query: RunsQuery = { page: '2', status: 'error' };
type Bulk = Json<NonNullable<paths['/api/v3/system/component/{a}/delete/models']['post']['requestBody']>>;
export const bulk: Bulk = { filter: { filter: 'text', disabled: true } };
${wrong}
`;
      const tsc = join(process.cwd(), 'node_modules', 'typescript', 'bin', 'tsc');
      const check = async (name: string, wrong: string) => {
        await writeFile(join(dir, name), usage(wrong));
        const args = ['--noEmit', '--strict', '--skipLibCheck', '--target', 'es2022', '--module', 'esnext', '--moduleResolution', 'bundler', join(dir, 'luma-api.ts'), join(dir, name)];
        return promisify(execFile)(process.execPath, [tsc, ...args]).then(
          () => '',
          (error: { stdout?: string }) => error.stdout ?? String(error),
        );
      };
      expect(await check('usage.ts', '')).toBe('');
      // A key the call does not take is a type error too (the body is closed).
      expect(await check('wrong.ts', "export const wrong: MemberUpdate = { roles: [] };")).toContain("'roles' does not exist");
  }, 180_000);
});
