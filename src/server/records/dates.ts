// The picker checks that need other records (spec section 5 "Date range: dates taken by other
// records give invalidDates"; section 5 "Unavailable times are disabled in the minute list"):
// a date range may not share a day (inclusive) with another live, enabled record's range of the same
// field, and a date-time may not take the minute another such record holds. The screen disables the
// same days and minutes from the list API, which answers enabled records only; so does this.
import { isDeepStrictEqual } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { dayPart, parseDateRange, parseDateTime, formatDateTime } from '../../../runtime/validation/dates';
import type { ViewField, ViewSchema } from '../../../schemas/viewSchema.schema';
import type { RecordScope } from './sql';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** Fields whose value collides with another record's: keys to report 'invalidDates' at. */
export async function dateCollisions(
  db: Db,
  scope: RecordScope,
  view: ViewSchema,
  next: Record<string, unknown>,
  stored: { uuid: string; data: Record<string, unknown> } | null,
  skip: ReadonlySet<string>,
): Promise<string[]> {
  const keys: string[] = [];
  for (const field of view.fields) {
    if (skip.has(field.key) || (field.renderer !== 'picker/daterange' && field.renderer !== 'picker/datetime')) continue;
    const value = next[field.key];
    // An unchanged value is not checked again (a record is not refused for what it already held).
    if (stored && isDeepStrictEqual(value, stored.data[field.key])) continue;
    if (await collides(db, scope, field, value, stored?.uuid ?? null)) keys.push(field.key);
  }
  return keys;
}

async function collides(db: Db, scope: RecordScope, field: ViewField, value: unknown, self: string | null): Promise<boolean> {
  const others = sql`project_uuid = ${scope.projectUuid} and component_uuid = ${scope.componentUuid} and env = ${scope.env}
    and deleted_at is null and disabled_at is null ${self ? sql`and uuid <> ${self}` : sql``}`;
  if (field.renderer === 'picker/daterange') {
    const range = parseDateRange(value);
    if (!range) return false;
    const start = dayPart(range.startDate)!;
    const end = dayPart(range.endDate)!;
    const { rows } = await sql<{ hit: number }>`select 1 as hit from records where ${others}
      and jsonb_typeof(data -> ${field.key}::text) = 'object'
      and substr(data -> ${field.key}::text ->> 'startDate', 1, 10) <= ${end}::text
      and substr(data -> ${field.key}::text ->> 'endDate', 1, 10) >= ${start}::text
      limit 1`.execute(db);
    return rows.length > 0;
  }
  const parts = parseDateTime(value);
  if (!parts) return false;
  const minute = formatDateTime(parts);
  const { rows } = await sql<{ hit: number }>`select 1 as hit from records where ${others}
    and substr(replace(data ->> ${field.key}::text, ' ', 'T'), 1, 16) = ${minute}::text
    limit 1`.execute(db);
  return rows.length > 0;
}
