// SQL of template installs (migration 0029): one row per workspace that holds a template.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { TemplateLedger } from '../db/schema-templates';
import { toJson } from '../db/json';

type Db = Kysely<Database>;

/** The project's installs by workspace name (the snapshot's read: snapshots/sql.ts). */
export { templateInstallsOf as installsOfProject } from '../snapshots/sql';

export function findInstall(db: Db, projectUuid: string, workspaceUuid: string, forUpdate = false) {
  let query = db.selectFrom('template_installs').selectAll().where('project_uuid', '=', projectUuid).where('workspace_uuid', '=', workspaceUuid);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function insertInstall(db: Db, values: { workspace_uuid: string; project_uuid: string; template_id: string; ledger: TemplateLedger; installed_by: string }): Promise<void> {
  await db.insertInto('template_installs').values({ ...values, ledger: toJson(values.ledger) }).execute();
}

export async function deleteInstall(db: Db, projectUuid: string, workspaceUuid: string): Promise<void> {
  await db.deleteFrom('template_installs').where('project_uuid', '=', projectUuid).where('workspace_uuid', '=', workspaceUuid).execute();
}
