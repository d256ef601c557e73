// Every write to a component's records is said on the bus by the database itself ('list.invalidate'
// with the component's uuid), after the commit and to every instance: each instance's list totals
// (records/list-totals.ts) and X-Cache answers of that component are dropped. Statement triggers,
// so an import of 100,000 rows sends one message per statement, not per row, and PostgreSQL folds
// identical messages of one transaction into one.
// - On the parent `records` (statements naming it: a record's create, update, delete, a bulk action,
//   an import's updates, the purge): the components are read from the statement's transition table.
//   A trigger with a transition table takes one event, hence three.
// - On each component's partition (statements naming it: an import's COPY): the component is the
//   trigger's argument. ensureRecordPartition adds it to new partitions; here, to the existing ones.
import { sql, type Kysely } from 'kysely';

const CHANNEL = 'luma_bus';
const PARTITION = /^records_c_[0-9a-f]{32}$/;

function envelope(component: string): string {
  return `json_build_object('i', 'database', 'c', 'list.invalidate', 'p', json_build_object('project', null, 'component', ${component}))::text`;
}

/** The statement trigger of one partition (its name checked: it goes into SQL). */
export function partitionTriggerSql(partition: string, componentUuid: string): string {
  if (!PARTITION.test(partition) || !/^[0-9a-f-]{36}$/.test(componentUuid)) throw new Error(`unexpected partition ${partition}`);
  return `create trigger records_changed after insert or update or delete or truncate on ${partition} for each statement execute function luma_records_changed('${componentUuid}')`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create function luma_records_changed() returns trigger language plpgsql as $$
begin
  if tg_nargs > 0 then
    perform pg_notify('${CHANNEL}', ${envelope('tg_argv[0]')});
  else
    perform pg_notify('${CHANNEL}', ${envelope('c.component_uuid')}) from (select distinct component_uuid::text as component_uuid from changed) c;
  end if;
  return null;
end
$$`,
    )
    .execute(db);
  await sql.raw('create trigger records_inserted after insert on records referencing new table as changed for each statement execute function luma_records_changed()').execute(db);
  await sql.raw('create trigger records_updated after update on records referencing new table as changed for each statement execute function luma_records_changed()').execute(db);
  await sql.raw('create trigger records_deleted after delete on records referencing old table as changed for each statement execute function luma_records_changed()').execute(db);
  const partitions = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'records'::regclass`.execute(db);
  for (const { name } of partitions.rows) {
    if (!PARTITION.test(name)) continue;
    const hex = name.slice('records_c_'.length);
    const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    await sql.raw(partitionTriggerSql(name, uuid)).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const partitions = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'records'::regclass`.execute(db);
  for (const { name } of partitions.rows) if (PARTITION.test(name)) await sql.raw(`drop trigger if exists records_changed on ${name}`).execute(db);
  for (const trigger of ['records_inserted', 'records_updated', 'records_deleted']) await sql.raw(`drop trigger if exists ${trigger} on records`).execute(db);
  await sql.raw('drop function if exists luma_records_changed()').execute(db);
}
