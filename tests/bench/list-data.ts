// The list bench's data (tests/bench/list.ts): the 10-field component, the generate_series seed of its
// records (beside another component's records), and the typed table holding the same rows.
import type pg from 'pg';
import { TYPED_TABLE } from './list-cases';


export const FIELDS = [
  { key: 'title', module: 'input', type: 'text', filterable: true },
  { key: 'name', module: 'input', type: 'text', filterable: true },
  { key: 'email', module: 'input', type: 'email' },
  { key: 'amount', module: 'input', type: 'number', filterable: true },
  { key: 'qty', module: 'input', type: 'number' },
  { key: 'status', module: 'select', type: 'text', filterable: true, constraints: { selectables: { items: ['new', 'paid', 'sent'] } } },
  { key: 'due', module: 'picker', type: 'date' },
  { key: 'paid', module: 'checkbox', type: 'bool' },
  { key: 'notes', module: 'text', type: 'default' },
  { key: 'code', module: 'input', type: 'text' },
].map((f, i) => ({
  name: f.key.replace(/^./, (c) => c.toUpperCase()),
  label: { en_US: f.key },
  sortOrder: i,
  constraints: f.type === 'text' ? { length: { min: 0, max: 200 } } : {},
  ...f,
}));

// ---------------------------------------------------------------------------------------------
// The seed. Record n (1..count) of the bench component has these values; its uuid is md5('bench ' || n),
// so the typed table's rows carry the very same ids, and created_at is 2026-01-01 + n seconds (no ties).

const VALUES = (n: string) => ({
  title: `'Order ' || ${n}`,
  name: `md5(${n}::text)`,
  email: `'buyer' || (${n} % 1000) || '@luma.test'`,
  amount: `(${n}::bigint * 7919) % 100000`,
  qty: `${n} % 50`,
  status: `(array['new','paid','sent'])[1 + ${n} % 3]`,
  due: `date '2026-01-01' + (${n} % 365)`,
  paid: `${n} % 2 = 0`,
  notes: `'note ' || (${n} % 97)`,
  code: `'C' || lpad(${n}::text, 8, '0')`,
});

function jsonData(n: string): string {
  const v = VALUES(n);
  const pairs = Object.entries({ ...v, due: `to_char(${v.due}, 'YYYY-MM-DD')` }).map(([key, expression]) => `'${key}', ${expression}`);
  return `jsonb_build_object(${pairs.join(', ')})`;
}

/**
 * The records of both components in one statement, interleaved evenly in insertion order (so the
 * bench component's rows share heap pages with the other's, as in a real project): row s of
 * 1..count+others belongs to the other component when floor(s*others/(count+others)) steps up.
 * Parameters: $1 project, $2 bench component, $3 other component, $4 user, $5 count, $6 others.
 */
export const SEED_RECORDS = `
  insert into records (uuid, project_uuid, component_uuid, env, version, data, created_by, created_at, updated_by, updated_at)
  select md5(case when x.other then 'other ' else 'bench ' end || x.n)::uuid, $1::uuid,
    case when x.other then $3::uuid else $2::uuid end, 'live', 1, ${jsonData('x.n')},
    $4::uuid, timestamptz '2026-01-01' + x.n * interval '1 second', $4::uuid, timestamptz '2026-01-01' + x.n * interval '1 second'
  from (
    select h > hp as other, (case when h > hp then h else s - h end)::int as n
    from (
      select s, s * $6::bigint / ($5::bigint + $6::bigint) as h, (s - 1) * $6::bigint / ($5::bigint + $6::bigint) as hp
      from generate_series(1::bigint, $5::bigint + $6::bigint) s
    ) a
  ) x`;

/** The typed table, filled from the same expressions ($1: count), then indexed, then analysed. */
export async function createTypedTable(client: pg.Client, count: number): Promise<void> {
  const v = VALUES('g');
  await client.query(`create table ${TYPED_TABLE} (
    id uuid primary key,
    seq bigint not null,
    title text not null, name text not null, email text not null, amount numeric not null, qty int not null,
    status text not null, due date not null, paid boolean not null, notes text not null, code text not null unique,
    created_at timestamptz not null, updated_at timestamptz not null, disabled_at timestamptz, deleted_at timestamptz
  )`);
  await client.query(
    `insert into ${TYPED_TABLE} (id, seq, title, name, email, amount, qty, status, due, paid, notes, code, created_at, updated_at)
     select md5('bench ' || g)::uuid, g, ${v.title}, ${v.name}, ${v.email}, ${v.amount}, ${v.qty}, ${v.status}, ${v.due}, ${v.paid}, ${v.notes}, ${v.code},
       timestamptz '2026-01-01' + g * interval '1 second', timestamptz '2026-01-01' + g * interval '1 second'
     from generate_series(1, $1::int) g`,
    [count],
  );
  // A b-tree per filterable and sortable column (the sorted ones with the insertion-order tiebreak
  // the queries order by, as Luma's seq), and trigram GIN indexes for the infix search. Created after Luma's deploy, so the
  // extension's presence cannot change what Luma's deploy does.
  await client.query('create extension if not exists pg_trgm');
  for (const ddl of [
    `create index ${TYPED_TABLE}_title on ${TYPED_TABLE} (title)`,
    `create index ${TYPED_TABLE}_name on ${TYPED_TABLE} (name)`,
    `create index ${TYPED_TABLE}_status on ${TYPED_TABLE} (status)`,
    `create index ${TYPED_TABLE}_amount on ${TYPED_TABLE} (amount, seq)`,
    `create index ${TYPED_TABLE}_created on ${TYPED_TABLE} (created_at, seq)`,
    `create index ${TYPED_TABLE}_title_trgm on ${TYPED_TABLE} using gin (title gin_trgm_ops)`,
    `create index ${TYPED_TABLE}_code_trgm on ${TYPED_TABLE} using gin (code gin_trgm_ops)`,
  ]) {
    await client.query(ddl);
  }
  await client.query(`vacuum (analyze) ${TYPED_TABLE}`);
}

/** Two id lists are the same, in the same order. */
export function sameIds(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}
