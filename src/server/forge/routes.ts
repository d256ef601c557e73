// The forge calls (docs/forge.md "The calls"; spec section 7: GET /luma/appservice/v1/forge/workspace).
// Bundles arrive as multipart `file` (a zip), read into memory up to FORGE_LIMITS.zipBytes (413 past
// it) and judged by bundle.ts before anything is stored.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  forgeAppListSchema,
  forgeAppSchema,
  forgeComponentParams,
  forgeComponentReleaseParams,
  forgeCreateBody,
  forgeDeployBody,
  forgeFileQuery,
  forgeFilesBody,
  forgeFileTextSchema,
  forgeIdParams,
  forgeOpenSchema,
  forgeReleaseBody,
  forgeReleaseSchema,
  forgeRollbackBody,
  forgeTemplateSourcesSchema,
  forgeWorkspaceListSchema,
  FORGE_LIMITS,
  FORGE_MESSAGE,
} from '../../../runtime/api/forge';
import { emptySchema, replies } from '../../../runtime/api/schemas';
import type { ServerContext } from '../platform/context';
import { filePart, multipartForm, specFor } from '../platform/contract';
import { eachPart } from '../platform/multipart';
import { accountabilityOf } from '../auth/session-hook';
import { requireAdmin } from '../iam/access';
import { createForgeApp, deployRelease, forgeAppRow, listForgeApps, readForgeApp, removeForgeApp, rollBack, workspaceForgeApps } from './apps';
import { bundleError, readBundle } from './bundle';
import { componentOf, componentRelease, componentReleaseFile, openComponentRelease, openForgeApp, previewFiles } from './components';
import { shapeRelease, storeRelease } from './releases';
import { templateSources } from './template-picker';
import { requireProject } from '../auth/tenancy';

const BASE = '/v3/system/forge';
const spec = specFor(['forge']);

type Id = FastifyRequest<{ Params: { id: string } }>;
type Uuid = FastifyRequest<{ Params: { uuid: string } }>;
const idOf = (request: FastifyRequest) => (request as Id).params.id;
const uuidOf = (request: FastifyRequest) => (request as Uuid).params.uuid;

const uploadForm = multipartForm({ file: { ...filePart, description: 'the bundle: a zip of HTML, JS, CSS and assets' } }, ['file']);
const uploadSpec = (summary: string, params: object) =>
  ({ config: { multipartForm: uploadForm }, schema: { tags: ['forge'], summary, consumes: ['multipart/form-data'], params, response: replies({ 200: forgeReleaseSchema }) } }) as const;

/** The `file` part of a multipart body, whole (its size is bounded by the parser's limit). */
async function zipOf(request: FastifyRequest): Promise<Buffer> {
  let zip: Buffer | null = null;
  await eachPart(request, async (part) => {
    if (part.type !== 'file' || part.fieldname !== 'file' || zip) {
      if (part.type === 'file') part.file.resume();
      return;
    }
    zip = await part.toBuffer();
  });
  if (!zip) throw bundleError(FORGE_MESSAGE.bundleEmpty);
  return zip;
}

export const forgeRoutes: FastifyPluginAsync<ServerContext> = async (host, { db, config }) => {
  await host.register(fastifyMultipart, { throwFileSizeLimit: true, limits: { fileSize: FORGE_LIMITS.zipBytes, files: 1, fields: 4, parts: 5, headerPairs: 100 } });

  host.post(BASE, spec('Create a forge app (admins)', { body: forgeCreateBody, response: replies({ 200: forgeAppSchema }) }), async (request) => createForgeApp(db, accountabilityOf(request), request.body));
  host.get(BASE, spec("The project's forge apps (admins)", { response: replies({ 200: forgeAppListSchema }) }), async (request) => listForgeApps(db, accountabilityOf(request)));
  host.get(`${BASE}/templates`, spec("The template picker's choices: the components the caller sees that have a template distribution, with its entrypoints", { response: replies({ 200: forgeTemplateSourcesSchema }) }), async (request) => {
    const accountability = accountabilityOf(request);
    return templateSources(db, requireProject(accountability), accountability);
  });
  host.get(`${BASE}/:id`, spec('A forge app with its releases and deploys (admins)', { params: forgeIdParams, response: replies({ 200: forgeAppSchema }) }), async (request) => readForgeApp(db, accountabilityOf(request), idOf(request)));
  host.delete(`${BASE}/:id`, spec('Remove a forge app with its releases (admins)', { params: forgeIdParams, response: replies({ 200: emptySchema }) }), async (request) =>
    removeForgeApp(db, config, accountabilityOf(request), idOf(request)),
  );
  host.post(`${BASE}/:id/release`, uploadSpec('Upload a bundle as a new release (admins)', forgeIdParams), async (request) => {
    const accountability = accountabilityOf(request);
    const projectUuid = requireAdmin(accountability);
    const app = await forgeAppRow(db, projectUuid, idOf(request));
    const bundle = await readBundle(await zipOf(request), { requireIndex: true });
    try {
      return shapeRelease(await storeRelease(db, config, { projectUuid, kind: 'app', uuid: app.uuid, userUuid: accountability.user.uuid }, bundle));
    } finally {
      bundle.close();
    }
  });
  host.post(`${BASE}/:id/deploy`, spec('Make a release the live one (admins)', { params: forgeIdParams, body: forgeDeployBody, response: replies({ 200: forgeAppSchema }) }), async (request) =>
    deployRelease(db, accountabilityOf(request), idOf(request), request.body),
  );
  host.post(`${BASE}/:id/rollback`, spec('Deploy again the release live before the current one (admins)', { params: forgeIdParams, body: forgeRollbackBody, response: replies({ 200: forgeAppSchema }) }), async (request) =>
    rollBack(db, accountabilityOf(request), idOf(request)),
  );
  host.get(`${BASE}/:id/open`, spec("The live release's signed bundle URL (members of a workspace it is linked to)", { params: forgeIdParams, response: replies({ 200: forgeOpenSchema }) }), async (request) =>
    openForgeApp(db, accountabilityOf(request), idOf(request)),
  );

  host.post(`${BASE}/component/:uuid/dist`, uploadSpec("Upload a component's template distribution (settings permission)", forgeComponentParams), async (request) => {
    const accountability = accountabilityOf(request);
    const component = await componentOf(db, accountability, uuidOf(request), 'settings');
    const bundle = await readBundle(await zipOf(request), { requireIndex: false });
    try {
      return shapeRelease(await storeRelease(db, config, { projectUuid: component.project_uuid, kind: 'component', uuid: component.uuid, userUuid: accountability.user.uuid }, bundle));
    } finally {
      bundle.close();
    }
  });
  host.post(`${BASE}/component/:uuid/files`, spec("A template distribution from the editor's text files (settings permission)", { params: forgeComponentParams, body: forgeFilesBody, response: replies({ 200: forgeReleaseSchema }) }), async (request) => {
    const accountability = accountabilityOf(request);
    const component = await componentOf(db, accountability, uuidOf(request), 'settings');
    const bundle = previewFiles(db, component.uuid, (request.body as { files?: unknown } | undefined)?.files);
    return shapeRelease(await storeRelease(db, config, { projectUuid: component.project_uuid, kind: 'component', uuid: component.uuid, userUuid: accountability.user.uuid }, bundle.bundle));
  });
  host.post(`${BASE}/component/:uuid/preview`, spec("An unsaved distribution's URL for the editor's preview (settings permission)", { params: forgeComponentParams, body: forgeFilesBody, response: replies({ 200: forgeOpenSchema }) }), async (request) => {
    const component = await componentOf(db, accountabilityOf(request), uuidOf(request), 'settings');
    return previewFiles(db, component.uuid, (request.body as { files?: unknown } | undefined)?.files).open();
  });
  host.get(
    `${BASE}/component/:uuid/dist/:release`,
    spec("A distribution's files, or one text file's content (settings permission)", { params: forgeComponentReleaseParams, querystring: forgeFileQuery, response: replies({ 200: { anyOf: [forgeReleaseSchema, forgeFileTextSchema] } }) }),
    async (request) => {
      const { uuid, release } = (request as FastifyRequest<{ Params: { uuid: string; release: string } }>).params;
      const file = (request.query as { file?: string }).file;
      return file === undefined ? componentRelease(db, accountabilityOf(request), uuid, release) : componentReleaseFile(db, config, accountabilityOf(request), uuid, release, file);
    },
  );
  host.post(`${BASE}/component/:uuid/open`, spec("A distribution's signed bundle URL (members)", { params: forgeComponentParams, body: forgeReleaseBody, response: replies({ 200: forgeOpenSchema }) }), async (request) =>
    openComponentRelease(db, accountabilityOf(request), uuidOf(request), request.body),
  );

  host.get('/luma/appservice/v1/forge/workspace', spec("The forge apps of the caller's workspace with a live release", { response: replies({ 200: forgeWorkspaceListSchema }) }), async (request) =>
    workspaceForgeApps(db, accountabilityOf(request)),
  );
};
