// How long revisions are kept (docs/history.md "Retention"): a component's `model.history_days` in the
// settings of the version each environment runs (dev_version for dev records, public_version for
// live); unset keeps every revision. Housekeeping (housekeeping.ts, task recordHistory) removes older
// revisions, and those of removed components, in one statement each.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** One housekeeping round at `at`: answers how many revisions were removed. */
export async function purgeRevisions(db: Db, at: Date): Promise<number> {
  const expired = await sql`
    with kept as (
      select c.uuid as component_uuid, e.env, floor((v.settings -> 'model' ->> 'history_days')::numeric)::integer as days
      from components c
      cross join (values ('dev'), ('live')) as e (env)
      join component_versions v on v.component_uuid = c.uuid and v.name = case when e.env = 'dev' then c.dev_version else c.public_version end
      where jsonb_typeof(v.settings -> 'model' -> 'history_days') = 'number'
    )
    delete from record_revisions r using kept k
    where k.days > 0 and r.component_uuid = k.component_uuid and r.env = k.env
      and r.created_at < ${at}::timestamptz - make_interval(days => k.days)`.execute(db);
  const orphans = await sql`
    delete from record_revisions r where not exists (select 1 from components c where c.uuid = r.component_uuid)`.execute(db);
  return Number(expired.numAffectedRows ?? 0n) + Number(orphans.numAffectedRows ?? 0n);
}
