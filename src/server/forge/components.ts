// Opening bundles and the component side (docs/forge.md "Template distributions"): a component's
// distributions are releases owned by the component; uploading one, reading its files and the
// editor's previews need 'settings' on the component, opening one (the record screens do) any
// member of the project. A forge app opens for admins and the members of a workspace it is linked to.
import type { Kysely } from 'kysely';
import { FORGE_BUNDLE_PATH, FORGE_LIMITS, FORGE_MESSAGE, FORGE_TEXT_TYPES, type ForgeOpen, type ForgeRelease } from '../../../runtime/api/forge';
import type { Database } from '../db/schema';
import type { ComponentRow } from '../db/schema';
import type { Config } from '../platform/config';
import { forbidden, HttpError } from '../platform/errors';
import { isUuid } from '../platform/validate';
import { requireProject, type Accountability } from '../auth/tenancy';
import { bodyObject } from '../components/input';
import { mayOnComponent, resolveComponent } from '../components/model';
import { forgeAppNotFound, forgeAppRow } from './apps';
import { bundleError, extensionOf, safeBundlePath } from './bundle';
import { bundleOfTexts, findRelease, shapeRelease } from './releases';
import { bundleUrl } from './serve';
import { keepPreview } from './previews';
import { forgeDriver, releaseKey } from './storage';

type Db = Kysely<Database>;

/** The component with that uuid in the caller's project; with a verb, the caller must hold it (403). */
export async function componentOf(db: Db, accountability: Accountability, uuid: string, verb?: 'settings'): Promise<ComponentRow> {
  const projectUuid = requireProject(accountability);
  if (!isUuid(uuid)) throw new HttpError(404, 'componentNotFound');
  const row = await resolveComponent(db, projectUuid, uuid.toLowerCase());
  if (verb && !accountability.is_admin && !mayOnComponent(accountability, verb, row)) throw forbidden();
  return row;
}

export async function componentRelease(db: Db, accountability: Accountability, uuid: string, release: string): Promise<ForgeRelease> {
  const component = await componentOf(db, accountability, uuid, 'settings');
  return shapeRelease(await findRelease(db, component.project_uuid, { kind: 'component', uuid: component.uuid }, release));
}

/** One text file of a distribution, for the editor. */
export async function componentReleaseFile(db: Db, config: Pick<Config, 'dataDir'>, accountability: Accountability, uuid: string, release: string, file: string): Promise<{ path: string; text: string }> {
  const component = await componentOf(db, accountability, uuid, 'settings');
  const row = await findRelease(db, component.project_uuid, { kind: 'component', uuid: component.uuid }, release);
  const path = safeBundlePath(file);
  const listed = row.files.find((entry) => entry.path === path);
  if (!path || !listed || !(FORGE_TEXT_TYPES as readonly string[]).includes(extensionOf(path))) throw new HttpError(404, FORGE_MESSAGE.releaseNotFound);
  const stored = await forgeDriver(config).get(releaseKey(component.project_uuid, row.uuid, path));
  if (!stored) throw new HttpError(404, FORGE_MESSAGE.releaseNotFound);
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(chunk as Buffer);
  return { path, text: Buffer.concat(chunks).toString('utf8') };
}

export async function openComponentRelease(db: Db, accountability: Accountability, uuid: string, body: unknown): Promise<ForgeOpen> {
  const component = await componentOf(db, accountability, uuid);
  const row = await findRelease(db, component.project_uuid, { kind: 'component', uuid: component.uuid }, bodyObject(body).release);
  return { ...bundleUrl({ projectUuid: component.project_uuid, releaseUuid: row.uuid }, ''), release: row.uuid, files: row.files.map((file) => file.path) };
}

/** The live release of a forge app the caller may open: admins, or a member of a workspace it is linked to. */
export async function openForgeApp(db: Db, accountability: Accountability, id: string): Promise<ForgeOpen> {
  const projectUuid = requireProject(accountability);
  const app = await forgeAppRow(db, projectUuid, id);
  if (!accountability.is_admin) {
    const linked = accountability.workspace_uuid
      ? await db.selectFrom('forge_app_workspaces').select('app_uuid').where('app_uuid', '=', app.uuid).where('workspace_uuid', '=', accountability.workspace_uuid).executeTakeFirst()
      : undefined;
    if (!linked) throw forgeAppNotFound();
  }
  if (!app.live_release) throw new HttpError(404, FORGE_MESSAGE.notDeployed);
  return { ...bundleUrl({ projectUuid, releaseUuid: app.live_release }, ''), release: app.live_release };
}

/** The editor's text files as a bundle to store, or to preview unsaved. */
export function previewFiles(db: Db, componentUuid: string, files: unknown) {
  const bundle = bundleOfTexts(files);
  return {
    bundle,
    async open(): Promise<ForgeOpen> {
      if (bundle.size > FORGE_LIMITS.editorBytes) throw bundleError(FORGE_MESSAGE.bundleTooLarge);
      const texts = await Promise.all(
        bundle.entries.map(async (entry) => {
          const chunks: Buffer[] = [];
          for await (const chunk of await entry.open()) chunks.push(chunk as Buffer);
          return { path: entry.path, bytes: Buffer.concat(chunks) };
        }),
      );
      const { id, expires } = await keepPreview(db, componentUuid, texts);
      return { url: `${FORGE_BUNDLE_PATH}/${id}/`, release: null, expires_at: expires.toISOString() };
    },
  };
}
