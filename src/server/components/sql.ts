// SQL for components, their versions and workspace links. Every lookup is scoped to a project,
// so a uuid of another project's component finds nothing.
import { sql, type Kysely } from 'kysely';
import { clockNow } from '../db/now';
import { toJson } from '../db/json';
import type { ComponentRow, ComponentUpdate, ComponentVersionRow, Database, NewComponent } from '../db/schema';
import type { ComponentWithEnvVersion } from '../auth/route-component';

type Db = Kysely<Database>;

export function findComponentByUuid(db: Db, projectUuid: string, uuid: string, forUpdate = false): Promise<ComponentRow | undefined> {
  let query = db.selectFrom('components').selectAll().where('project_uuid', '=', projectUuid).where('uuid', '=', uuid);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** A component (by uuid, or scope and name) with the settings of its `env` version, in one statement. */
export async function findComponentWithEnvVersion(
  db: Db,
  projectUuid: string,
  by: { uuid: string } | { scope: string | null; name: string },
  env: 'dev' | 'live',
): Promise<ComponentWithEnvVersion | undefined> {
  let query = db
    .selectFrom('components as c')
    .leftJoin('component_versions as v', (join) =>
      join.onRef('v.component_uuid', '=', 'c.uuid').onRef('v.name', '=', env === 'dev' ? 'c.dev_version' : 'c.public_version'),
    )
    .selectAll('c')
    .select(['v.settings as env_settings', 'v.updated_at as env_updated_at'])
    .where('c.project_uuid', '=', projectUuid);
  query =
    'uuid' in by
      ? query.where('c.uuid', '=', by.uuid)
      : query.where(sql<string>`coalesce(c.scope, '')`, '=', by.scope ?? '').where('c.name', '=', by.name);
  const found = await query.executeTakeFirst();
  if (!found) return undefined;
  const { env_settings, env_updated_at, ...row } = found;
  return { row: row as ComponentRow, settings: (env_settings as Record<string, unknown> | null) ?? null, versionUpdatedAt: env_updated_at ?? null };
}

/** scope null: an unscoped component of that name. */
export function findComponentByName(db: Db, projectUuid: string, scope: string | null, name: string): Promise<ComponentRow | undefined> {
  return db
    .selectFrom('components')
    .selectAll()
    .where('project_uuid', '=', projectUuid)
    .where(sql<string>`coalesce(scope, '')`, '=', scope ?? '')
    .where('name', '=', name)
    .executeTakeFirst();
}

/** A component by uuid in any project: for work that follows a change already checked (its record indexes). */
export function findComponentByUuidAnyProject(db: Db, uuid: string): Promise<ComponentRow | undefined> {
  return db.selectFrom('components').selectAll().where('uuid', '=', uuid).executeTakeFirst();
}

/** Every component's uuid (the record indexes are brought in line for each when the server starts). */
export async function allComponentUuids(db: Db): Promise<string[]> {
  return (await db.selectFrom('components').select('uuid').orderBy('uuid').execute()).map((row) => row.uuid);
}

export function listComponentsOfProject(db: Db, projectUuid: string): Promise<ComponentRow[]> {
  return db.selectFrom('components').selectAll().where('project_uuid', '=', projectUuid).orderBy('sort').orderBy('name').orderBy('uuid').execute();
}

/** A new component (its caller announces it: components.create gives it its records' partition). */
export async function insertComponent(db: Db, values: NewComponent): Promise<ComponentRow> {
  return db.insertInto('components').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateComponent(db: Db, uuid: string, values: ComponentUpdate): Promise<void> {
  await db
    .updateTable('components')
    .set({ ...values, updated_at: clockNow() })
    .where('uuid', '=', uuid)
    .execute();
}

export async function deleteComponent(db: Db, uuid: string): Promise<void> {
  // Versions and workspace links go with it (on delete cascade); its records' partition is left
  // unreachable and dropped by housekeeping (dropOrphanPartitions).
  await db.deleteFrom('components').where('uuid', '=', uuid).execute();
}

/** Version names per component, oldest first. */
export function versionNamesOf(db: Db, componentUuids: string[]): Promise<{ component_uuid: string; name: string }[]> {
  if (componentUuids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('component_versions')
    .select(['component_uuid', 'name'])
    .where('component_uuid', 'in', componentUuids)
    .orderBy('created_at')
    .orderBy('name')
    .execute();
}

export function findVersion(db: Db, componentUuid: string, name: string): Promise<ComponentVersionRow | undefined> {
  return db.selectFrom('component_versions').selectAll().where('component_uuid', '=', componentUuid).where('name', '=', name).executeTakeFirst();
}

export function versionsOf(db: Db, componentUuid: string): Promise<ComponentVersionRow[]> {
  return db.selectFrom('component_versions').selectAll().where('component_uuid', '=', componentUuid).orderBy('created_at').orderBy('name').execute();
}

export async function insertVersion(db: Db, componentUuid: string, name: string, settings: unknown, createdAt?: Date): Promise<void> {
  await db
    .insertInto('component_versions')
    .values({ component_uuid: componentUuid, name, settings: toJson(settings), ...(createdAt ? { created_at: createdAt } : {}) })
    .execute();
}

export async function updateVersionSettings(db: Db, componentUuid: string, name: string, settings: unknown): Promise<void> {
  await db
    .updateTable('component_versions')
    .set({ settings: toJson(settings), updated_at: clockNow() })
    .where('component_uuid', '=', componentUuid)
    .where('name', '=', name)
    .execute();
}

export async function deleteVersion(db: Db, componentUuid: string, name: string): Promise<void> {
  await db.deleteFrom('component_versions').where('component_uuid', '=', componentUuid).where('name', '=', name).execute();
}

export function workspacesOfComponents(db: Db, componentUuids: string[]): Promise<{ component_uuid: string; uuid: string; name: string }[]> {
  if (componentUuids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('component_workspaces')
    .innerJoin('workspaces', 'workspaces.uuid', 'component_workspaces.workspace_uuid')
    .select(['component_workspaces.component_uuid', 'workspaces.uuid', 'workspaces.name'])
    .where('component_workspaces.component_uuid', 'in', componentUuids)
    .orderBy('workspaces.created_at')
    .orderBy('workspaces.uuid')
    .execute();
}

/** Which of these workspace uuids belong to the project. */
export async function workspacesInProject(db: Db, projectUuid: string, workspaceUuids: string[]): Promise<string[]> {
  if (workspaceUuids.length === 0) return [];
  const rows = await db.selectFrom('workspaces').select('uuid').where('project_uuid', '=', projectUuid).where('uuid', 'in', workspaceUuids).execute();
  return rows.map((row) => row.uuid);
}

export async function replaceComponentWorkspaces(db: Db, componentUuid: string, workspaceUuids: string[]): Promise<void> {
  await db.deleteFrom('component_workspaces').where('component_uuid', '=', componentUuid).execute();
  if (workspaceUuids.length === 0) return;
  await db
    .insertInto('component_workspaces')
    .values(workspaceUuids.map((workspace_uuid) => ({ component_uuid: componentUuid, workspace_uuid })))
    .execute();
}

export interface RelationLink {
  /** The component whose version holds the relation field. */
  uuid: string;
  name: string;
  scope: string | null;
  foreign: string | null;
  foreign_uuid: string | null;
}

/**
 * Relation targets named by any field of any version of the project's components: one row per
 * (component, foreign, foreign_uuid). With `targets`, only links whose foreign or foreign_uuid is
 * one of them (compared case-insensitively).
 */
export function relationLinks(db: Db, projectUuid: string, targets?: string[]): Promise<RelationLink[]> {
  const lowered = targets?.map((target) => target.toLowerCase());
  if (lowered && lowered.length === 0) return Promise.resolve([]);
  const fields = sql`jsonb_array_elements(case when jsonb_typeof(v.settings -> 'fields') = 'array' then v.settings -> 'fields' else '[]'::jsonb end)`;
  const foreign = sql<string | null>`case when jsonb_typeof(f.value -> 'relation') = 'object' then f.value -> 'relation' ->> 'foreign' end`;
  const foreignUuid = sql<string | null>`case when jsonb_typeof(f.value -> 'relation') = 'object' then f.value -> 'relation' ->> 'foreign_uuid' end`;
  const filter = lowered
    ? sql`and (lower(${foreign}) in (${sql.join(lowered)}) or lower(${foreignUuid}) in (${sql.join(lowered)}))`
    : sql`and (${foreign} is not null or ${foreignUuid} is not null)`;
  return sql<RelationLink>`
    select distinct c.uuid, c.name, c.scope, ${foreign} as "foreign", ${foreignUuid} as foreign_uuid
    from components c
    join component_versions v on v.component_uuid = c.uuid
    cross join lateral ${fields} as f(value)
    where c.project_uuid = ${projectUuid} and jsonb_typeof(f.value) = 'object' ${filter}
    order by c.name, c.uuid`
    .execute(db)
    .then((result) => result.rows);
}
