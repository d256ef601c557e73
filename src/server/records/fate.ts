// The records' fate of a deploy (docs/components.md "The records' fate"): how many live records the
// newer version would refuse or lose a value of, counted in SQL over the component's partition (one
// pass for the counts, one more for the first records only when some break a rule), never read into
// Node. The components ask through the hook registry's `components.diff` filter (hooks.ts).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ComponentSettings } from '../../../schemas/index';
import type { FateCount, FateRule, VersionDiff, VersionFate } from '../../../runtime/api/components';
import { fatePlan, type FatePlan } from '../../../runtime/components/recordsFate';
import type { ComponentRow, Database } from '../db/schema';
import { fieldChecks, removedCheck, type FateCheck } from './fate-sql';
import { compileFor } from './view';

type Db = Kysely<Database>;

/** How many records the fate lists by name. */
export const FATE_FIRST = 10;

/**
 * The bound on counting (docs/components.md "The records' fate", Cost): a statement that runs longer is
 * cancelled by PostgreSQL (`statement_timeout`) and the fate says it timed out instead of holding the
 * deploy confirmation. PGlite runs in the server's own thread and cannot cancel a statement: there the
 * count runs to its end. A test may lower it.
 */
export const fateLimits = { timeoutMs: 10_000 };

/** PostgreSQL's "canceling statement due to statement timeout". */
const isStatementTimeout = (error: unknown) => (error as { code?: unknown } | null)?.code === '57014';

/** `count` on one connection with the bound set on it (reset after); a timeout answers null. */
async function bounded<T>(db: Db, count: (connection: Db) => Promise<T>): Promise<T | null> {
  if (db.isTransaction) return count(db);
  return db.connection().execute(async (connection) => {
    await sql`select set_config('statement_timeout', ${String(Math.max(1, Math.floor(fateLimits.timeoutMs)))}, false)`.execute(connection);
    try {
      return await count(connection);
    } catch (error) {
      if (isStatementTimeout(error)) return null;
      throw error;
    } finally {
      await sql`select set_config('statement_timeout', '0', false)`.execute(connection);
    }
  });
}

interface Counted {
  checks: FateCheck[];
  /** Unique fields: where the records keep the value, and the field's key. */
  unique: { stored: string; field: string }[];
  uncounted: string[];
}

/** The plan's checks as predicates; fields without faithful ones are listed as not counted. */
export function fateChecks(plan: FatePlan): Counted {
  const out: Counted = { checks: plan.removed.map(removedCheck), unique: [], uncounted: [] };
  for (const { stored, field } of plan.checked) {
    const checks = fieldChecks(stored, field);
    if (checks) out.checks.push(...checks);
    else out.uncounted.push(field.key);
    if (field.unique && !field.hashed) out.unique.push({ stored, field: field.key });
  }
  return out;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byFieldAndRule = (a: { field: string; rule: string }, b: { field: string; rule: string }) => byText(a.field, b.field) || byText(a.rule, b.rule);

const column = (index: number) => sql.raw(`c${index}`);

/** The fate of `plan` over the live records of the component `row`, or that counting timed out. */
export async function countFate(db: Db, row: ComponentRow, plan: FatePlan): Promise<VersionFate> {
  const counted = await bounded(db, (connection) => countWithin(connection, row, plan));
  if (counted) return counted;
  const fields = [...new Set([...plan.removed, ...plan.checked.map((entry) => entry.field.key)])].sort();
  return { records: 0, refused: 0, losing: 0, counts: [], first: [], uncounted: fields, timed_out: true };
}

// One statement for the counts and one for the first records: a whole, kept together.
async function countWithin(db: Db, row: ComponentRow, plan: FatePlan): Promise<VersionFate> {
  const { checks, unique, uncounted } = fateChecks(plan);
  const all: FateCheck[] = [
    ...checks,
    ...unique.map(({ stored, field }, index): FateCheck => ({
      field,
      rule: 'unique',
      predicate: sql`(data ->> ${stored} is not null and ${sql.raw(`u${index}`)} > 1)`,
    })),
  ];
  const windows = unique.map(({ stored }, index) => sql`, count(*) over (partition by data ->> ${stored}) as ${sql.raw(`u${index}`)}`);
  const flags = all.map((check, index) => sql`, coalesce(${check.predicate}, false) as ${column(index)}`);
  const loses = (rule: FateRule) => rule === 'removed' || rule === 'lost';
  const refusing = all.map((check, index) => (loses(check.rule) ? null : column(index))).filter((part) => part !== null);
  const losing = all.map((check, index) => (loses(check.rule) ? column(index) : null)).filter((part) => part !== null);
  const anyOf = (parts: RawBuilder<unknown>[]) => (parts.length === 0 ? sql`false` : sql.join(parts, sql` or `));
  const flagged = sql`
    with live as (
      select uuid, created_at, seq, data ${sql.join(windows, sql` `)}
      from records
      where project_uuid = ${row.project_uuid} and component_uuid = ${row.uuid} and env = 'live' and deleted_at is null
    ),
    flagged as (select uuid, created_at, seq ${sql.join(flags, sql` `)} from live)`;
  const counts = all.map((_, index) => sql`, count(*) filter (where ${column(index)})::int as ${sql.raw(`n${index}`)}`);
  const totals = await sql<Record<string, number>>`
    ${flagged}
    select count(*)::int as records,
      count(*) filter (where ${anyOf(refusing)})::int as refused,
      count(*) filter (where ${anyOf(losing)})::int as losing
      ${sql.join(counts, sql` `)}
    from flagged`.execute(db);
  const total = totals.rows[0]!;
  const fateCounts: FateCount[] = all
    .map((check, index) => ({ field: check.field, rule: check.rule, count: Number(total[`n${index}`]) }))
    .filter((entry) => entry.count > 0)
    .sort(byFieldAndRule);
  const fate: VersionFate = {
    records: Number(total.records),
    refused: Number(total.refused),
    losing: Number(total.losing),
    counts: fateCounts,
    first: [],
    uncounted: uncounted.sort(),
  };
  if (fate.refused + fate.losing === 0) return fate;
  const first = await sql<Record<string, unknown> & { uuid: string }>`
    ${flagged}
    select uuid ${sql.join(all.map((_, index) => sql`, ${column(index)}`), sql` `)}
    from flagged where ${anyOf(all.map((_, index) => column(index)))}
    order by created_at, seq limit ${FATE_FIRST}`.execute(db);
  fate.first = first.rows.map((record) => ({
    uuid: String(record.uuid),
    breaks: all.flatMap((check, index): { field: string; rule: FateRule }[] => (record[`c${index}`] === true ? [{ field: check.field, rule: check.rule }] : [])).sort(byFieldAndRule),
  }));
  return fate;
}

/** The fate of going live with `newer` (after `diff` from what is live) for the component `row`. */
export function versionFate(db: Db, row: ComponentRow, newer: ComponentSettings, diff: VersionDiff): Promise<VersionFate> {
  const view = compileFor(row, newer, { locale: 'en_US', roles: [], isAdmin: true, page: 'model_edit' });
  return countFate(db, row, fatePlan(diff, view.fields));
}
