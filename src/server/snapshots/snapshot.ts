// The snapshot of a project (docs/snapshots.md): its configuration as one JSON document in a stable
// order (by name, then version) with the rows' own uuids as ids, so two snapshots of the same project
// are byte-identical. Never users, sessions, API users, keys, secrets (an integration's writeOnly
// settings included), variables or media files;
// records only when asked, one array of objects per component and environment (the import's JSON).
import type { Kysely } from 'kysely';
import type { Accountability } from '../auth/tenancy';
import type { Database } from '../db/schema';
import { lumaVersion } from '../platform/root';
import { notFound } from '../platform/errors';
import { requireAdmin } from '../iam/access';
import { listComponentsOfProject, workspacesOfComponents } from '../components/sql';
import { listGlobalFunctions } from '../functions/global-sql';
import { listWidgets, placesOf } from '../widgets/sql';
import { appsOfProject, workspacesOfApps } from '../apps/sql';
import { integrationsOf } from './integrations';
import { appVersionsOf, componentVersionsOf, recordsOf, sparkReleasesOf, sparksOfProject, templateInstallsOf, workflowsOfProject, workflowVersionsOf } from './sql';

type Db = Kysely<Database>;

/**
 * The document's format: a reader refuses a newer one. 2 added `integrations` (a format-1 reader's
 * closed body refuses the key); a format-1 document is still read (it leaves the integrations as they are).
 */
export const SNAPSHOT_FORMAT = 2;

const byName = <T extends { name: string }>(a: T, b: T) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
const byKey = <T>(key: (item: T) => string) => (a: T, b: T) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
/** Workspace links by the workspace's name (uuids differ between projects): an apply finds them by name. */
const workspaceNames = (links: { name: string }[]) => [...new Set(links.map((link) => link.name))].sort();
const ownedBy = <T>(rows: T[], owner: (row: T) => string) => (uuid: string) => rows.filter((row) => owner(row) === uuid);

async function components(db: Db, projectUuid: string) {
  const rows = (await listComponentsOfProject(db, projectUuid)).sort(byKey((row) => `${row.scope ?? ''}/${row.name}/${row.uuid}`));
  const versions = ownedBy(await componentVersionsOf(db, rows.map((row) => row.uuid)), (row) => row.component_uuid);
  const links = ownedBy(await workspacesOfComponents(db, rows.map((row) => row.uuid)), (row) => row.component_uuid);
  return rows.map((row) => ({
    uuid: row.uuid,
    scope: row.scope,
    name: row.name,
    tag: row.tag,
    label: row.label,
    icon: row.icon,
    sort: row.sort,
    is_public: row.is_public,
    is_active: row.is_active,
    is_custom: row.is_custom,
    props: row.props,
    dev_version: row.dev_version,
    public_version: row.public_version,
    versions: versions(row.uuid).sort(byName).map((v) => ({ name: v.name, settings: v.settings })),
    workspaces: workspaceNames(links(row.uuid)),
  }));
}

async function workflows(db: Db, projectUuid: string) {
  const rows = await workflowsOfProject(db, projectUuid);
  const versions = ownedBy(await workflowVersionsOf(db, rows.map((row) => row.uuid)), (row) => row.workflow_uuid);
  return rows.map((row) => ({ ...row, versions: versions(row.uuid).sort(byName).map((v) => ({ name: v.name, nodes: v.nodes })) }));
}

/** Global functions without their signing keys or the API user they run as. */
async function functions(db: Db, projectUuid: string) {
  const rows = (await listGlobalFunctions(db, projectUuid)).sort(byKey((row) => `${row.name}/${row.uuid}`));
  return rows.map((row) => ({ uuid: row.uuid, name: row.name, description: row.description, code: row.code, public: row.public, signed: row.signed }));
}

async function sparks(db: Db, projectUuid: string) {
  const rows = await sparksOfProject(db, projectUuid);
  const releases = ownedBy(await sparkReleasesOf(db, rows.map((row) => row.uuid)), (row) => row.spark_uuid);
  return rows.map((row) => ({ ...row, releases: releases(row.uuid).map((r) => ({ version: r.version, code: r.code, note: r.note })) }));
}

/** Widgets over a component, and their places. A widget over a thunder data set is left out: sets are not in snapshots yet (docs/thunder.md). */
async function widgets(db: Db, projectUuid: string) {
  const rows = (await listWidgets(db, projectUuid)).filter((row) => row.component_uuid !== null).sort(byKey((row) => `${row.name}/${row.uuid}`));
  const kept = new Set(rows.map((row) => row.uuid));
  const places: Record<string, string[]> = {};
  for (const { place, widget_uuid } of await placesOf(db, projectUuid)) if (kept.has(widget_uuid)) (places[place] ??= []).push(widget_uuid);
  return {
    widgets: rows.map((row) => ({ uuid: row.uuid, name: row.name, kind: row.kind, component_uuid: row.component_uuid, settings: row.settings })),
    widget_places: places,
  };
}

async function apps(db: Db, projectUuid: string) {
  const rows = (await appsOfProject(db, projectUuid)).sort(byKey((row) => `${row.name}/${row.uuid}`));
  const versions = ownedBy(await appVersionsOf(db, rows.map((row) => row.uuid)), (row) => row.app_uuid);
  const links = ownedBy(await workspacesOfApps(db, rows.map((row) => row.uuid)), (row) => row.app_uuid);
  return rows.map((row) => ({
    uuid: row.uuid,
    name: row.name,
    label: row.label,
    icon: row.icon,
    onboarding_required: row.onboarding_required,
    dev_version: row.dev_version,
    public_version: row.public_version,
    versions: versions(row.uuid).sort(byName).map((v) => ({ name: v.name, definition: v.definition })),
    workspaces: workspaceNames(links(row.uuid)),
  }));
}

const LEDGER_PARTS = ['components', 'workflows', 'functions', 'sparks', 'widgets', 'apps', 'records'] as const;

/** Which template each workspace holds (by the workspace's name) and what its install created. */
async function templates(db: Db, projectUuid: string) {
  const rows = await templateInstallsOf(db, projectUuid);
  return rows.map((row) => ({
    workspace: row.workspace_name,
    template: row.template_id,
    ledger: Object.fromEntries(LEDGER_PARTS.map((part) => [part, Array.isArray(row.ledger?.[part]) ? row.ledger[part] : []])),
  }));
}

async function records(db: Db, projectUuid: string, componentUuids: string[]) {
  const out: { component_uuid: string; env: string; rows: Record<string, unknown>[] }[] = [];
  for (const componentUuid of componentUuids) {
    for (const row of await recordsOf(db, projectUuid, componentUuid)) {
      let last = out[out.length - 1];
      if (!last || last.component_uuid !== componentUuid || last.env !== row.env) out.push((last = { component_uuid: componentUuid, env: row.env, rows: [] }));
      last.rows.push({ uuid: row.uuid, ...row.data });
    }
  }
  return out;
}

/** The caller's project as a snapshot (admins only), serialized: the same project gives the same bytes. */
export async function projectSnapshot(db: Db, accountability: Accountability, options: { records: boolean }): Promise<{ filename: string; body: string }> {
  const { name, document } = await projectSnapshotDocument(db, accountability, options);
  return { filename: `${slug(name)}.snapshot.json`, body: `${stableJson(document)}\n` };
}

/** The caller's project's snapshot as a value (admins only), and the project's name. */
export async function projectSnapshotDocument(db: Db, accountability: Accountability, options: { records: boolean }) {
  const projectUuid = requireAdmin(accountability);
  const project = await db.selectFrom('projects').select('name').where('uuid', '=', projectUuid).executeTakeFirst();
  if (!project) throw notFound();
  const componentList = await components(db, projectUuid);
  const document = {
    format: SNAPSHOT_FORMAT,
    luma: lumaVersion(),
    project: { name: project.name },
    components: componentList,
    workflows: await workflows(db, projectUuid),
    functions: await functions(db, projectUuid),
    sparks: await sparks(db, projectUuid),
    ...(await widgets(db, projectUuid)),
    apps: await apps(db, projectUuid),
    templates: await templates(db, projectUuid),
    integrations: await integrationsOf(db, projectUuid),
    ...(options.records ? { records: await records(db, projectUuid, componentList.map((c) => c.uuid)) } : {}),
  };
  return { name: project.name, document };
}

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'project';
}

/** JSON with two-space indentation and every object's keys in a fixed order (jsonb reorders them). */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
    return Object.fromEntries(Object.keys(item).sort().map((key) => [key, (item as Record<string, unknown>)[key]]));
  }, 2);
}
