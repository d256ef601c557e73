// The component calls of spec section 7 (docs/components.md). {ref} is a uuid (one path
// segment) or scope/name (two), so each ref-carrying path is registered in both shapes.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { HEADER } from '../../../runtime/api/contract';
import {
  arrayOf,
  componentClonedResponse,
  componentCloneBody,
  componentCreateBody,
  componentCreatedResponse,
  componentModelSchema,
  componentSchema,
  componentSettingsBody,
  emptySchema,
  menuItemSchema,
  refParams,
  replies,
  scopedRefParams,
  settingsParams1,
  settingsParams2,
  settingsParams3,
  versionForkBody,
  versionForkSchemaBody,
  versionPublishBody,
  versionRemoveBody,
} from '../../../runtime/api/schemas';
import type { ServerContext } from '../platform/context';
import { specFor, typed } from '../platform/contract';
import { createComponent, listComponents, removeComponent, cloneComponent, componentMenu } from './components';
import { getSettings, saveSettings } from './settings';
import { versionDiff, type VersionDiffQuery } from './diff';
import { versionDiffQuery, versionDiffSchema } from '../../../runtime/api/component-diff';
import { forkVersion, forkVersionFromSchema, publishVersion, removeVersion } from './versions';
import { headerValue, isUuid } from '../platform/validate';
import { accountabilityOf } from '../auth/session-hook';

const BASE = '/v3/system/component';

type Params = { a: string; b?: string; c?: string };

function localeOf(request: FastifyRequest): string | undefined {
  return headerValue(request.headers[HEADER.acceptLanguage]);
}

/** settings/:a/:b is uuid + version, or scope/name without a version. */
function refAndVersion({ a, b, c }: Params): { ref: string; version: string | null } {
  if (c !== undefined) return { ref: `${a}/${b}`, version: c };
  if (b === undefined) return { ref: a, version: null };
  return isUuid(a) ? { ref: a, version: b } : { ref: `${a}/${b}`, version: null };
}

const spec = specFor(['components']);

export const componentRoutes: FastifyPluginAsync<ServerContext> = async (plugin, { db }) => {
  const host = typed(plugin);
  // Settings saved, a version forked, published or removed, a component removed: the project's cached
  // list answers are dropped when it commits (records/hooks.ts followRecordWrites).

  host.post(BASE, spec('Create a component', { body: componentCreateBody, response: replies({ 200: componentCreatedResponse }) }), async (request) =>
    createComponent(db, accountabilityOf(request), request.body),
  );

  host.get(`${BASE}/menu`, spec('The components of the menu', { response: replies({ 200: arrayOf(menuItemSchema) }) }), async (request) =>
    componentMenu(db, accountabilityOf(request), localeOf(request)),
  );

  host.get('/v3/system/components', spec('Every component of the project', { response: replies({ 200: arrayOf(componentSchema) }) }), async (request) =>
    listComponents(db, accountabilityOf(request), localeOf(request)),
  );

  const readSettings = async (request: FastifyRequest<{ Params: Params }>) => {
    const { ref, version } = refAndVersion(request.params);
    return getSettings(db, accountabilityOf(request), ref, version, localeOf(request));
  };
  const readSpec = (params: object) => spec('A component with the settings of a version (default: the dev version)', { params, response: replies({ 200: componentModelSchema }) });
  host.get(`${BASE}/settings/:a`, readSpec(settingsParams1), readSettings);
  host.get(`${BASE}/settings/:a/:b`, readSpec(settingsParams2), readSettings);
  host.get(`${BASE}/settings/:a/:b/:c`, readSpec(settingsParams3), readSettings);

  const writeSettings = async (request: FastifyRequest<{ Params: Params }>) => {
    const { ref, version } = refAndVersion(request.params);
    return saveSettings(db, accountabilityOf(request), ref, version, request.body, localeOf(request));
  };
  const writeSpec = (params: object) =>
    spec('Save the settings of a version', { params, body: componentSettingsBody, response: replies({ 200: componentModelSchema }) });
  host.post(`${BASE}/settings/:a/:b`, writeSpec(settingsParams2), writeSettings);
  host.post(`${BASE}/settings/:a/:b/:c`, writeSpec(settingsParams3), writeSettings);

  const remove = async (request: FastifyRequest<{ Params: Params }>) => {
    const { a, b } = request.params;
    return removeComponent(db, accountabilityOf(request), b === undefined ? a : `${a}/${b}`);
  };
  const removeSpec = (params: object) => spec('Remove a component', { params, response: replies({ 200: emptySchema }) });
  host.delete(`${BASE}/:a`, removeSpec(refParams), remove);
  host.delete(`${BASE}/:a/:b`, removeSpec(scopedRefParams), remove);

  host.post(`${BASE}/clone`, spec('Clone a component', { body: componentCloneBody, response: replies({ 200: componentClonedResponse }) }), async (request) =>
    cloneComponent(db, accountabilityOf(request), request.body),
  );
  const versionSpec = (summary: string, body: object, answer: object) => spec(summary, { body, response: replies({ 200: answer }) });
  host.post(`${BASE}/version/fork`, versionSpec('Fork a version', versionForkBody, componentModelSchema), async (request) =>
    forkVersion(db, accountabilityOf(request), request.body, localeOf(request)),
  );
  host.post(`${BASE}/version/fork/schema`, versionSpec('Fork a version from a settings object', versionForkSchemaBody, componentModelSchema), async (request) =>
    forkVersionFromSchema(db, accountabilityOf(request), request.body, localeOf(request)),
  );
  host.post(`${BASE}/version/remove`, versionSpec('Remove a version', versionRemoveBody, componentSchema), async (request) =>
    removeVersion(db, accountabilityOf(request), request.body, localeOf(request)),
  );
  host.get(
    `${BASE}/version/diff`,
    spec('What going from one version to another changes (from left out: from the live version; docs/components.md "Version diff")', {
      querystring: versionDiffQuery,
      response: replies({ 200: versionDiffSchema }),
    }),
    async (request) => versionDiff(db, accountabilityOf(request), request.query as VersionDiffQuery),
  );
  host.post(`${BASE}/version/publish`, versionSpec('Publish a version', versionPublishBody, componentSchema), async (request) =>
    publishVersion(db, accountabilityOf(request), request.body, localeOf(request)),
  );
};
