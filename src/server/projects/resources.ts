// GET /v1/system/resources (spec section 7 lists the call; its meaning is ours, docs/platform.md
// "Resources"): what the caller's project holds and the limits it counts against, read for the admin
// dashboard. Plain counts over the tables, by project: no capability above this folder is imported.
// Records count those not deleted in both environments (a count over the project's partitions).
import { sql, type Kysely } from 'kysely';
import type { ProjectResources } from '../../../runtime/api/resources';
import type { Database } from '../db/schema';
import type { Config } from '../platform/config';
import type { Accountability } from '../auth/tenancy';
import { requireAdmin } from '../iam/access';

type Db = Kysely<Database>;
type CountedTable = 'components' | 'workflows' | 'global_functions' | 'sparks' | 'widgets' | 'media_libraries';

async function countIn(db: Db, table: CountedTable, projectUuid: string): Promise<number> {
  const row = await db.selectFrom(table).select(sql<number>`count(*)::int`.as('n')).where('project_uuid', '=', projectUuid).executeTakeFirstOrThrow();
  return row.n;
}

async function appCounts(db: Db, projectUuid: string): Promise<{ platform: number; public: number }> {
  const rows = await db.selectFrom('apps').select(['kind', sql<number>`count(*)::int`.as('n')]).where('project_uuid', '=', projectUuid).groupBy('kind').execute();
  return { platform: rows.find((row) => row.kind === 'platform')?.n ?? 0, public: rows.find((row) => row.kind === 'public')?.n ?? 0 };
}

async function memberCounts(db: Db, projectUuid: string): Promise<{ users: number; api_users: number }> {
  const rows = await db
    .selectFrom('project_users as p')
    .innerJoin('users as u', 'u.uuid', 'p.user_uuid')
    .select(['u.kind', sql<number>`count(*)::int`.as('n')])
    .where('p.project_uuid', '=', projectUuid)
    .groupBy('u.kind')
    .execute();
  return { users: rows.filter((row) => row.kind !== 'api').reduce((sum, row) => sum + row.n, 0), api_users: rows.find((row) => row.kind === 'api')?.n ?? 0 };
}

async function mediaUse(db: Db, projectUuid: string): Promise<{ files: number; bytes: number }> {
  const row = await db
    .selectFrom('media_files as f')
    .innerJoin('media_libraries as l', 'l.uuid', 'f.library_uuid')
    .select([sql<number>`count(*)::int`.as('files'), sql<string>`coalesce(sum(f.size), 0)::text`.as('bytes')])
    .where('l.project_uuid', '=', projectUuid)
    .where('f.mime_type', '!=', 'dir')
    .executeTakeFirstOrThrow();
  return { files: row.files, bytes: Number(row.bytes) };
}

/** The project's resources (the project's admins; another project's header is refused before this). */
export async function projectResources(db: Db, accountability: Accountability, config: Pick<Config, 'sparkLimit' | 'publicAppLimit'>): Promise<ProjectResources> {
  const projectUuid = requireAdmin(accountability);
  const records = await db
    .selectFrom('records')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('project_uuid', '=', projectUuid)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  const [components, workflows, functions, sparks, widgets, libraries, apps, members, media] = await Promise.all([
    countIn(db, 'components', projectUuid),
    countIn(db, 'workflows', projectUuid),
    countIn(db, 'global_functions', projectUuid),
    countIn(db, 'sparks', projectUuid),
    countIn(db, 'widgets', projectUuid),
    countIn(db, 'media_libraries', projectUuid),
    appCounts(db, projectUuid),
    memberCounts(db, projectUuid),
    mediaUse(db, projectUuid),
  ]);
  return {
    project_uuid: projectUuid,
    components,
    records: records.n,
    workflows,
    functions,
    sparks: { count: sparks, limit: config.sparkLimit },
    widgets,
    apps: apps.platform,
    public_apps: { count: apps.public, limit: config.publicAppLimit },
    media: { libraries, files: media.files, bytes: media.bytes },
    users: members.users,
    api_users: members.api_users,
  };
}
