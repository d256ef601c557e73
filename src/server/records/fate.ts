// The records' fate of a deploy (docs/components.md "The records' fate"): how many live records the
// newer version would refuse or lose a value of, counted in SQL over the component's partition in one
// statement (fate-passes.ts), never read into Node. The components ask through the hook registry's
// `components.diff` filter (hooks.ts).
import { sql, type Kysely } from 'kysely';
import type { ComponentSettings } from '../../../schemas/index';
import type { VersionDiff, VersionFate } from '../../../runtime/api/components';
import { fatePlan, type FatePlan } from '../../../runtime/components/recordsFate';
import type { ComponentRow, Database } from '../db/schema';
import { fateStatement } from './fate-passes';
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

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byFieldAndRule = (a: { field: string; rule: string }, b: { field: string; rule: string }) => byText(a.field, b.field) || byText(a.rule, b.rule);

/** The fate of `plan` over the live records of the component `row`, or that counting timed out. */
export async function countFate(db: Db, row: ComponentRow, plan: FatePlan): Promise<VersionFate> {
  const counted = await bounded(db, (connection) => countWithin(connection, row, plan));
  if (counted) return counted;
  const fields = [...new Set([...plan.removed, ...plan.checked.map((entry) => entry.field.key)])].sort();
  return { records: 0, refused: 0, losing: 0, counts: [], first: [], uncounted: fields, timed_out: true };
}

async function countWithin(db: Db, row: ComponentRow, plan: FatePlan): Promise<VersionFate> {
  const { checks, uncounted, statement } = fateStatement(row, plan, FATE_FIRST);
  const { rows } = await statement.execute(db);
  const total = rows[0]!;
  const breaks = (record: Record<string, unknown>) => checks.flatMap((check, index) => (record[`c${index}`] === true ? [{ field: check.field, rule: check.rule }] : []));
  return {
    records: Number(total.records),
    refused: Number(total.refused),
    losing: Number(total.losing),
    counts: checks
      .map((check, index) => ({ field: check.field, rule: check.rule, count: Number(total[`n${index}`]) }))
      .filter((entry) => entry.count > 0)
      .sort(byFieldAndRule),
    first: rows.filter((record) => record.uuid !== null).map((record) => ({ uuid: String(record.uuid), breaks: breaks(record).sort(byFieldAndRule) })),
    uncounted: uncounted.sort(),
  };
}

/** The fate of going live with `newer` (after `diff` from what is live) for the component `row`. */
export function versionFate(db: Db, row: ComponentRow, newer: ComponentSettings, diff: VersionDiff): Promise<VersionFate> {
  const view = compileFor(row, newer, { locale: 'en_US', roles: [], isAdmin: true, page: 'model_edit' });
  return countFate(db, row, fatePlan(diff, view.fields));
}
