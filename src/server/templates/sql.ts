// SQL of template installs (migration 0029): one row per workspace that holds a template.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { TemplateLedger } from '../db/schema-templates';
import { toJson } from '../db/json';

type Db = Kysely<Database>;

export function installsOfProject(db: Db, projectUuid: string) {
  return db
    .selectFrom('template_installs as t')
    .innerJoin('workspaces as w', 'w.uuid', 't.workspace_uuid')
    .select(['t.workspace_uuid', 'w.name as workspace_name', 't.template_id', 't.installed_at', 't.ledger'])
    .where('t.project_uuid', '=', projectUuid)
    .orderBy('w.name')
    .execute();
}

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
