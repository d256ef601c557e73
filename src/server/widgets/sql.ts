// The SQL of widgets and their places (migration 0025_widgets).
import type { Kysely } from 'kysely';
import type { WidgetPlace } from '../../../runtime/api/widgets';
import { toJson } from '../db/json';
import type { Database } from '../db/schema';
import { nowDate } from '../platform/clock';
import type { WidgetRow } from '../db/schema-widgets';

type Db = Kysely<Database>;

export interface WidgetColumns {
  name: string;
  kind: WidgetRow['kind'];
  component_uuid: string | null;
  thunder_uuid: string | null;
  settings: Record<string, unknown>;
}

export async function listWidgets(db: Db, projectUuid: string): Promise<WidgetRow[]> {
  return db.selectFrom('widgets').selectAll().where('project_uuid', '=', projectUuid).orderBy('created_at').orderBy('uuid').execute();
}

export async function countWidgets(db: Db, projectUuid: string): Promise<number> {
  const row = await db.selectFrom('widgets').select((eb) => eb.fn.countAll<string>().as('n')).where('project_uuid', '=', projectUuid).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function findWidget(db: Db, projectUuid: string, uuid: string): Promise<WidgetRow | undefined> {
  return db.selectFrom('widgets').selectAll().where('project_uuid', '=', projectUuid).where('uuid', '=', uuid).executeTakeFirst();
}

export async function insertWidget(db: Db, row: WidgetColumns & { uuid: string; project_uuid: string; created_by: string }): Promise<WidgetRow> {
  return db
    .insertInto('widgets')
    .values({ ...row, settings: toJson(row.settings) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateWidget(db: Db, projectUuid: string, uuid: string, columns: WidgetColumns): Promise<WidgetRow | undefined> {
  return db
    .updateTable('widgets')
    .set({ ...columns, settings: toJson(columns.settings), updated_at: nowDate() })
    .where('project_uuid', '=', projectUuid)
    .where('uuid', '=', uuid)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteWidget(db: Db, projectUuid: string, uuid: string): Promise<boolean> {
  const result = await db.deleteFrom('widgets').where('project_uuid', '=', projectUuid).where('uuid', '=', uuid).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function placesOf(db: Db, projectUuid: string): Promise<{ place: WidgetPlace; widget_uuid: string }[]> {
  return db.selectFrom('widget_places').select(['place', 'widget_uuid']).where('project_uuid', '=', projectUuid).orderBy('place').orderBy('position').execute();
}

/** Replaces one place's widgets, in order, in one transaction. */
export async function setPlace(db: Db, projectUuid: string, place: WidgetPlace, widgetUuids: string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('widget_places').where('project_uuid', '=', projectUuid).where('place', '=', place).execute();
    if (widgetUuids.length === 0) return;
    await trx
      .insertInto('widget_places')
      .values(widgetUuids.map((widget_uuid, position) => ({ project_uuid: projectUuid, place, widget_uuid, position })))
      .execute();
  });
}
