// Components as the API answers them (docs/components.md "Shapes"), the lookup of a {ref} inside
// the caller's project, and the permission checks of the component calls.
import type { Kysely } from 'kysely';
import type { Component, Dependency, MenuItem } from '../../../runtime/api/components';
import { COMPONENT_MESSAGE, componentRef, isValidComponentName, parseRef } from '../../../runtime/components/index';
import { hasPermission } from '../../../runtime/permissions/hasPermission';
import {
  findComponentWithEnvVersion,
  findComponentByName,
  findComponentByUuid,
  relationLinks,
  versionNamesOf,
  workspacesOfComponents,
  type RelationLink,
} from './sql';
import type { ComponentRow, Database } from '../db/schema';
import { forbidden, HttpError } from '../platform/errors';
import { isUuid } from '../platform/validate';
import type { Accountability } from '../auth/tenancy';
import { componentLookupOf, type ComponentWithEnvVersion } from '../auth/route-component';

type Db = Kysely<Database>;

export type { Component, ComponentModel, Dependency, MenuItem } from '../../../runtime/api/components';

export const componentNotFound = () => new HttpError(404, COMPONENT_MESSAGE.notFound);
export const conflict = (message: string) => new HttpError(409, message);

/** The label in the caller's language (Accept-Language), else en_US, else any, else the name. */
export function displayName(row: Pick<ComponentRow, 'label' | 'name'>, locale: string | undefined): string {
  const label = row.label ?? {};
  const wanted = locale?.split(',')[0]?.split(';')[0]?.trim().replace('-', '_');
  const candidates = [wanted, wanted?.split('_')[0], 'en_US'].filter((key): key is string => !!key);
  for (const key of candidates) if (typeof label[key] === 'string' && label[key]) return label[key];
  return Object.values(label).find((text) => typeof text === 'string' && text !== '') ?? row.name;
}

/** A {ref} (uuid, or scope/name) of the project's components, or undefined. */
export async function findComponentByRef(db: Db, projectUuid: string, ref: unknown, forUpdate = false): Promise<ComponentRow | undefined> {
  if (typeof ref !== 'string' || ref.length > 300) return undefined;
  const parsed = parseRef(ref.split('/'));
  if (parsed?.kind === 'uuid' && isUuid(parsed.uuid)) {
    return findComponentByUuid(db, projectUuid, parsed.uuid.toLowerCase(), forUpdate);
  }
  if (parsed?.kind === 'scoped' && parsed.scope.length <= 128 && isValidComponentName(parsed.name)) {
    const found = await findComponentByName(db, projectUuid, parsed.scope, parsed.name);
    // Locked by uuid: the lookup by name cannot take the row lock itself.
    return found && forUpdate ? findComponentByUuid(db, projectUuid, found.uuid, true) : found;
  }
  return undefined;
}

/**
 * A {ref} of the project's components with its `env` version's settings, in one round trip (none when
 * the request hook already found it with the caller); 404 as resolveComponent.
 */
export async function resolveComponentForEnv(db: Db, accountability: Accountability, projectUuid: string, ref: string): Promise<ComponentWithEnvVersion> {
  const preloaded = accountability.component;
  if (preloaded && preloaded.ref === ref) {
    if (!preloaded.found) throw componentNotFound();
    return preloaded.found;
  }
  const by = componentLookupOf(ref);
  const found = by ? await findComponentWithEnvVersion(db, projectUuid, by, accountability.env) : undefined;
  if (!found) throw componentNotFound();
  return found;
}

/** A {ref} of the project's components; 404 for anything else (another project's uuid included). */
export async function resolveComponent(db: Db, projectUuid: string, ref: unknown, forUpdate = false): Promise<ComponentRow> {
  const row = await findComponentByRef(db, projectUuid, ref, forUpdate);
  if (!row) throw componentNotFound();
  return row;
}

/** Admins, or holders of '{verb} {ref}' (the uuid is accepted as the ref too). */
export function mayOnComponent(accountability: Accountability, verb: string, row: Pick<ComponentRow, 'uuid' | 'scope' | 'name'>): boolean {
  return hasPermission(accountability, verb, componentRef(row)) || hasPermission(accountability, verb, row.uuid);
}

export function requireSettingsPermission(accountability: Accountability, row: ComponentRow): void {
  if (!mayOnComponent(accountability, 'settings', row)) throw forbidden();
}

/** The record screens compile the environment's version, so record permissions may read it too. */
const ENVIRONMENT_SETTINGS_READERS = ['settings', 'read', 'create', 'update', 'edit'];

export function requireEnvironmentSettingsPermission(accountability: Accountability, row: ComponentRow): void {
  if (!ENVIRONMENT_SETTINGS_READERS.some((verb) => mayOnComponent(accountability, verb, row))) throw forbidden();
}

function dependenciesFrom(links: RelationLink[], row: ComponentRow): Dependency[] {
  const ref = componentRef(row).toLowerCase();
  const targets = new Set([ref, row.uuid.toLowerCase()]);
  const found = new Map<string, Dependency>();
  for (const link of links) {
    if (link.uuid === row.uuid || found.has(link.uuid)) continue;
    if (targets.has(link.foreign?.toLowerCase() ?? '') || targets.has(link.foreign_uuid?.toLowerCase() ?? '')) {
      found.set(link.uuid, { kind: 'component', uuid: link.uuid, name: link.name, ref: componentRef(link) });
    }
  }
  return [...found.values()];
}

/**
 * Workflows of other components naming these ones (a component node's target), by component. A
 * component's own workflows are not dependants: they follow it by uuid through a rename, and a clone
 * leaves them where they are (issue 29); only its removal waits on them (ownWorkflows).
 */
async function workflowDependencies(db: Db, uuids: string[]): Promise<Map<string, Dependency[]>> {
  const found = new Map<string, Dependency[]>();
  if (uuids.length === 0) return found;
  const rows = await db
    .selectFrom('workflow_component_refs as r')
    .innerJoin('workflows as w', 'w.uuid', 'r.workflow_uuid')
    .select(['r.component_uuid', 'w.uuid', 'w.name'])
    .where('r.component_uuid', 'in', uuids)
    .whereRef('w.component_uuid', '<>', 'r.component_uuid')
    .orderBy('w.name')
    .execute();
  for (const row of rows) {
    const list = found.get(row.component_uuid) ?? [];
    list.push({ kind: 'workflow', uuid: row.uuid, name: row.name, ref: row.uuid });
    found.set(row.component_uuid, list);
  }
  return found;
}

/** The component's own workflows: its removal waits until they are removed (they would lose their component). */
export async function ownWorkflows(db: Db, componentUuid: string): Promise<{ uuid: string; name: string }[]> {
  return db.selectFrom('workflows').select(['uuid', 'name']).where('component_uuid', '=', componentUuid).orderBy('name').execute();
}

/** Components of the same project with a relation field (any version) to this one, and other components' workflows that name it. */
export async function dependenciesOf(db: Db, row: ComponentRow): Promise<Dependency[]> {
  const links = await relationLinks(db, row.project_uuid, [componentRef(row), row.uuid]);
  const workflows = await workflowDependencies(db, [row.uuid]);
  return [...dependenciesFrom(links, row), ...(workflows.get(row.uuid) ?? [])];
}

/** The rows as the API's Component, with versions, dependencies and workspaces in few queries. */
export async function shapeComponents(db: Db, rows: ComponentRow[], locale: string | undefined): Promise<Component[]> {
  if (rows.length === 0) return [];
  const uuids = rows.map((row) => row.uuid);
  const projectUuid = rows[0]!.project_uuid;
  const [versions, workspaces, links, workflows] = await Promise.all([
    versionNamesOf(db, uuids),
    workspacesOfComponents(db, uuids),
    // One component: only the links that name it; a list: every link of the project at once.
    rows.length === 1 ? relationLinks(db, projectUuid, [componentRef(rows[0]!), rows[0]!.uuid]) : relationLinks(db, projectUuid),
    workflowDependencies(db, uuids),
  ]);
  return rows.map((row) => ({
    uuid: row.uuid,
    name: row.name,
    scope: row.scope,
    tag: row.tag,
    ref: componentRef(row),
    label: row.label ?? {},
    displayName: displayName(row, locale),
    icon: row.icon,
    sort: row.sort,
    is_public: row.is_public,
    is_active: row.is_active,
    is_custom: row.is_custom,
    public_version: row.public_version,
    dev_version: row.dev_version,
    versions: versions.filter((version) => version.component_uuid === row.uuid).map((version) => version.name),
    dependencies: [...dependenciesFrom(links, row), ...(workflows.get(row.uuid) ?? [])],
    props: row.props ?? {},
    workspaces: workspaces.filter((link) => link.component_uuid === row.uuid).map(({ uuid, name }) => ({ uuid, name })),
    CreatedAt: new Date(row.created_at).toISOString(),
    UpdatedAt: new Date(row.updated_at).toISOString(),
  }));
}

export async function shapeComponent(db: Db, row: ComponentRow, locale: string | undefined): Promise<Component> {
  const [component] = await shapeComponents(db, [row], locale);
  return component!;
}

export function toMenuItem(row: ComponentRow, locale: string | undefined): MenuItem {
  return {
    uuid: row.uuid,
    name: row.name,
    scope: row.scope,
    ref: componentRef(row),
    label: row.label ?? {},
    displayName: displayName(row, locale),
    icon: row.icon,
    sort: row.sort,
    is_active: row.is_active,
  };
}
