// The records' fate as one statement (docs/components.md "The records' fate", Cost): one pass over the
// component's live partition for every count, one grouped lookup per field made unique, and the first
// records read in the list's (created_at, seq) order from the first that breaks a rule, stopping at
// the tenth. Each stored value is extracted once per record, and each costly part of it (a trim, a
// parse) computed once, however many rules read it: the passes are subqueries fenced with `offset 0`,
// so the planner does not fold an expression back into every predicate that names its column.
import { sql, type RawBuilder } from 'kysely';
import type { FatePlan } from '../../../runtime/components/recordsFate';
import type { ComponentRow } from '../db/schema';
import { fieldChecks, removedCheck, type FateCheck, type ValueSource } from './fate-sql';

type Sql = RawBuilder<unknown>;

/** A row of the statement: the counts (n0, n1... per check), and one of the first records (c0, c1... its flags) or nulls. */
export type FateRow = Record<string, unknown> & { records: number; refused: number; losing: number; uuid: string | null };

export interface FateStatement {
  /** The checks in the order of their n and c columns. */
  checks: FateCheck[];
  /** Fields whose rules have no faithful predicate. */
  uncounted: string[];
  statement: RawBuilder<FateRow>;
}

const name = (prefix: string, index: number) => sql.raw(`${prefix}${index}`);
const after = (parts: Sql[]) => (parts.length === 0 ? sql`` : sql`, ${sql.join(parts)}`);
const anyOf = (parts: Sql[]) => (parts.length === 0 ? sql`false` : sql.join(parts, sql` or `));

/** The passes' columns: each stored value's text once per record (x0, x1...), each shared part once (s0...); `data` passes through for a JSON type. */
function passColumns() {
  const stored: string[] = [];
  const shared: Sql[] = [];
  const source: ValueSource = {
    parts(key) {
      const index = stored.includes(key) ? stored.indexOf(key) : stored.push(key) - 1;
      return { text: name('x', index), type: sql`jsonb_typeof(data -> ${key})` };
    },
    share: (expression) => name('s', shared.push(expression) - 1),
  };
  return { source, stored, shared };
}

/** The plan's checks over the passes' columns (a unique field's duplicates looked up in dup0, dup1...); fields without faithful predicates apart. */
function planChecks(plan: FatePlan, source: ValueSource) {
  const checks: FateCheck[] = plan.removed.map((stored) => removedCheck(stored, source));
  const unique: string[] = [];
  const uncounted: string[] = [];
  for (const { stored, field } of plan.checked) {
    const fieldChecked = fieldChecks(stored, field, source);
    if (fieldChecked) checks.push(...fieldChecked);
    else uncounted.push(field.key);
    if (!field.unique || field.hashed) continue;
    // What the unique index would refuse: a value (as text) that more than one live record holds.
    const lookup = name('dup', unique.push(stored) - 1);
    checks.push({ field: field.key, rule: 'unique', predicate: sql`(${source.parts(stored).text} collate "C" in (select k from ${lookup}))` });
  }
  return { checks, unique, uncounted };
}

/** The fate of `plan` over the live records of `row` as one statement, with at most `first` records named. */
export function fateStatement(row: ComponentRow, plan: FatePlan, first: number): FateStatement {
  const columns = passColumns();
  const { checks, unique, uncounted } = planChecks(plan, columns.source);
  const live = sql`project_uuid = ${row.project_uuid} and component_uuid = ${row.uuid} and env = 'live' and deleted_at is null`;
  const values = columns.stored.map((key, index) => sql`data ->> ${key} as ${name('x', index)}`);
  const shared = columns.shared.map((expression, index) => sql`${expression} as ${name('s', index)}`);
  // A flag may be null (a rule's test of no value): it counts as not broken, as a filter reads it.
  const flags = checks.map((check, index) => sql`${check.predicate} as ${name('c', index)}`);
  // The live records `where` says, in the list's order when `ordered`, and their flags.
  const flagged = (where: Sql, ordered: boolean) => sql`
    select uuid, created_at, seq ${after(flags)} from (
      select * ${after(shared)} from (
        select uuid, created_at, seq, data ${after(values)} from records where ${live} and ${where} ${ordered ? sql`order by created_at, seq` : sql``} offset 0
      ) as valued offset 0
    ) as shared offset 0`;
  const loses = (check: FateCheck) => check.rule === 'removed' || check.rule === 'lost';
  const flagsWhere = (test: (check: FateCheck) => boolean) => anyOf(checks.flatMap((check, index) => (test(check) ? [name('c', index)] : [])));
  const breaking = flagsWhere(() => true);
  // Grouped from the values sorted bytewise (abbreviated keys: far cheaper than hashing every text into a
  // table larger than work_mem); text equality is bytewise in every deterministic collation.
  const lookups = unique.map(
    (stored, index) =>
      sql`${name('dup', index)} as materialized (select k from (select (data ->> ${stored}) collate "C" as k from records where ${live} order by 1 offset 0) as sorted group by k having count(*) > 1),`,
  );
  const counts = checks.map((_, index) => sql`count(*) filter (where ${name('c', index)})::int as ${name('n', index)}`);
  // The first records, read through the list's indexes (one for live records, one for disabled ones) in
  // their order between the first and the last that break a rule, each stopping at the `first`-th that
  // breaks one: the order is the innermost pass's only, so the planner, knowing the limit, walks the
  // index rather than sorting every record.
  const between = sql`created_at between (select first_at from counted) and (select last_at from counted)`;
  const firstOf = (disabled: Sql) => sql`(select * from (${flagged(sql`${disabled} and ${between}`, true)}) as listed where ${breaking} limit ${first})`;
  const statement = sql<FateRow>`
    with ${lookups.length === 0 ? sql`` : sql.join(lookups, sql` `)}
    counted as materialized (
      select count(*)::int as records, count(*) filter (where ${flagsWhere((check) => !loses(check))})::int as refused,
        count(*) filter (where ${flagsWhere(loses)})::int as losing,
        min(created_at) filter (where ${breaking}) as first_at, max(created_at) filter (where ${breaking}) as last_at ${after(counts)}
      from (${flagged(sql`true`, false)}) as counting
    ),
    firsts as (${firstOf(sql`disabled_at is null`)} union all ${firstOf(sql`disabled_at is not null`)})
    select * from counted left join (select * from firsts order by created_at, seq limit ${first}) as listed on true order by listed.created_at, listed.seq`;
  return { checks, uncounted, statement };
}
