// Installing and uninstalling a workspace template (docs/templates.md). Install is an apply
// (snapshots/apply.ts) of the project's own snapshot with the template's items added, linked to the
// workspace, in one transaction with the ledger of what it created; uninstall is an apply of the
// project's snapshot without the ledger's items. One template per workspace (spec section 4). Any
// refusal answers 'templateInstallFailed' (spec section 8) with the reason at its item, and changes nothing.
import type { Kysely } from 'kysely';
import { TEMPLATE_MESSAGE, type Template, type TemplateCatalogue, type TemplateInstallResult } from '../../../runtime/api/templates';
import type { SnapshotDocument } from '../../../runtime/snapshots/diff';
import type { Database } from '../db/schema';
import type { TemplateLedger } from '../db/schema-templates';
import { joined } from '../db/joined';
import { HttpError } from '../platform/errors';
import { isUuid } from '../platform/validate';
import { requireAdmin } from '../iam/access';
import { lockTemplateDependencies } from '../integrations/dependencies';
import { findWorkspace, listWorkspaces } from '../iam/workspaces-sql';
import type { Accountability } from '../auth/tenancy';
import { applySnapshot } from '../snapshots/apply';
import { itemsOf, PARTS, prepareDocument, type Part } from '../snapshots/prepare';
import { projectSnapshotDocument } from '../snapshots/snapshot';
import { contentsOf, findTemplate, templateCatalogue } from './catalogue';
import { deleteInstall, findInstall, insertInstall, installsOfProject } from './sql';

type Db = Kysely<Database>;
interface Options {
  locale: string | undefined;
  sparkLimit: number;
}

const templateNotFound = () => new HttpError(404, TEMPLATE_MESSAGE.notFound);
const failed = (status: number, errors: { field: string; messages: string[]; values?: (Record<string, string | number> | null)[] }[]) =>
  new HttpError(status, TEMPLATE_MESSAGE.installFailed, errors);

/** A refusal of the apply, answered as the spec's 'failed to install or uninstall' with its reason at its item. */
function asFailure(error: unknown): never {
  if (!(error instanceof HttpError) || error.message === TEMPLATE_MESSAGE.installFailed) throw error;
  if (error.status === 401 || error.status === 403) throw error;
  const errors = error.errors?.length ? error.errors.map((entry) => ({ ...entry, messages: [...entry.messages, ...(entry.messages.includes(error.message) ? [] : [error.message])] })) : [{ field: 'template', messages: [error.message] }];
  throw failed(error.status, errors);
}

export async function catalogue(db: Db, accountability: Accountability): Promise<TemplateCatalogue> {
  const projectUuid = requireAdmin(accountability);
  const installs = await installsOfProject(db, projectUuid);
  const workspaces = await listWorkspaces(db, projectUuid);
  return {
    templates: templateCatalogue().map((template) => ({
      id: template.id,
      name: template.name,
      description: template.description,
      icon: template.icon,
      installed: installs.filter((row) => row.template_id === template.id).map((row) => ({ workspace_uuid: row.workspace_uuid, workspace_name: row.workspace_name, installed_at: new Date(row.installed_at).toISOString() })),
    })),
    workspaces: workspaces.map((workspace) => ({ uuid: workspace.uuid, name: workspace.name, template: installs.find((row) => row.workspace_uuid === workspace.uuid)?.template_id ?? null })),
  };
}

export async function readTemplate(db: Db, accountability: Accountability, id: string): Promise<Template> {
  const found = (await catalogue(db, accountability)).templates.find((template) => template.id === id);
  const template = findTemplate(id);
  if (!found || !template) throw templateNotFound();
  return { ...found, about: template.about, contents: contentsOf(template) };
}

async function workspaceOf(db: Db, projectUuid: string, uuid: string) {
  const workspace = isUuid(uuid) ? await findWorkspace(db, projectUuid, uuid.toLowerCase()) : undefined;
  if (!workspace) throw failed(417, [{ field: 'workspace', messages: ['invalidSelection'] }]);
  return workspace;
}

/** The project's snapshot with the template's items added (linked to the workspace), and the ledger of their uuids. */
async function withTemplate(db: Db, projectUuid: string, current: SnapshotDocument, snapshot: SnapshotDocument, workspaceName: string) {
  const { document } = await prepareDocument(db, projectUuid, snapshot, current);
  const merged: SnapshotDocument = { ...current, records: document.records ?? [] };
  const ledger: TemplateLedger = { components: [], workflows: [], functions: [], sparks: [], widgets: [], apps: [], records: [] };
  for (const part of PARTS) {
    const mine = new Set(itemsOf(current, part).map((item) => item.uuid));
    const added = itemsOf(document, part).map((item) => (part === 'components' || part === 'apps' ? { ...item, workspaces: [workspaceName] } : item));
    // Installed already (in another workspace of this project): its items are the project's.
    const taken = added.find((item) => mine.has(item.uuid));
    if (taken) throw failed(409, [{ field: `${part}.${String(taken.name)}`, messages: [TEMPLATE_MESSAGE.installFailed] }]);
    merged[part] = [...itemsOf(current, part), ...added];
    ledger[part] = added.map((item) => String(item.uuid));
  }
  const places = { ...((current.widget_places as Record<string, string[]>) ?? {}) };
  for (const [place, list] of Object.entries((document.widget_places as Record<string, string[]>) ?? {})) places[place] = [...(places[place] ?? []), ...list];
  merged.widget_places = places;
  return { merged, ledger };
}

export async function installTemplate(db: Db, accountability: Accountability, id: string, body: { workspace: string }, options: Options): Promise<TemplateInstallResult> {
  const projectUuid = requireAdmin(accountability);
  const template = findTemplate(id);
  if (!template) throw templateNotFound();
  return joined(db, async (tx) => {
    // An integration's deactivation cannot slip between this install and its commit (integrations/dependencies.ts).
    await lockTemplateDependencies(tx, projectUuid);
    const workspace = await workspaceOf(tx, projectUuid, body.workspace);
    if (await findInstall(tx, projectUuid, workspace.uuid, true)) throw failed(409, [{ field: 'workspace', messages: [TEMPLATE_MESSAGE.onePerWorkspace] }]);
    const { document: current } = await projectSnapshotDocument(tx, accountability, { records: false });
    const { merged, ledger } = await withTemplate(tx, projectUuid, current, template.snapshot, workspace.name);
    const result = await applySnapshot(tx, accountability, merged, options).catch(asFailure);
    ledger.records = result.records.flatMap((group) => group.uuids);
    await insertInstall(tx, { workspace_uuid: workspace.uuid, project_uuid: projectUuid, template_id: template.id, ledger, installed_by: accountability.user.uuid });
    return { template: template.id, workspace: workspace.uuid, diff: result.diff };
  });
}

export async function uninstallTemplate(db: Db, accountability: Accountability, id: string, body: { workspace: string }, options: Options): Promise<TemplateInstallResult> {
  const projectUuid = requireAdmin(accountability);
  if (!findTemplate(id)) throw templateNotFound();
  return joined(db, async (tx) => {
    const workspace = await workspaceOf(tx, projectUuid, body.workspace);
    const install = await findInstall(tx, projectUuid, workspace.uuid, true);
    if (!install || install.template_id !== id) throw failed(404, [{ field: 'workspace', messages: [TEMPLATE_MESSAGE.notInstalled] }]);
    const { document: current } = await projectSnapshotDocument(tx, accountability, { records: false });
    const created = new Set(PARTS.flatMap((part: Part) => install.ledger[part] ?? []));
    const without: SnapshotDocument = { ...current };
    for (const part of PARTS) without[part] = itemsOf(current, part).filter((item) => !created.has(String(item.uuid)));
    without.widget_places = Object.fromEntries(Object.entries((current.widget_places as Record<string, string[]>) ?? {}).map(([place, list]) => [place, list.filter((uuid) => !created.has(uuid))]));
    const result = await applySnapshot(tx, accountability, without, options).catch(asFailure);
    await deleteInstall(tx, projectUuid, workspace.uuid);
    return { template: id, workspace: workspace.uuid, diff: result.diff };
  });
}

