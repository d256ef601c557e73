// The list bench's cases (tests/bench/list.ts): each one a Luma list query and the same question asked
// of a plain typed table (bench_typed, list-data.ts) with the indexes a careful DBA would give it.
// Luma's own SQL is never written here: the bench captures what the server sends (list-capture.ts).

/** What a case is judged by (issue 12). */
export type ListTarget =
  /** Luma within `ms` of the typed table, SQL against SQL and HTTP against the bare route. */
  | { kind: 'near'; ms: number }
  /** Luma at most `times` the typed table (its trigram plan, or its count(*)). */
  | { kind: 'ratio'; times: number }
  /** Luma's bounded count statement costs no more than its page statement. */
  | { kind: 'count-within-page' };

export interface TypedStatement {
  role: 'page' | 'count';
  text: string;
  values: unknown[];
}

export interface ListCase {
  key: string;
  name: string;
  /** The query string of GET /v3/system/component/{uuid}/models. */
  query: string;
  /** The same answer from bench_typed: the page and the bounded count (or the exact count alone). */
  typed: TypedStatement[];
  target: ListTarget;
  /** The answer is an exact count ($aggregate): compare counts, not pages. */
  exactCount?: boolean;
  /** Growth from 100k to 1M should stay under 2x (served by an index, not by a scan of the component). */
  indexed: boolean;
}

export const TYPED_TABLE = 'bench_typed';
const LIVE = `from ${TYPED_TABLE} where deleted_at is null and disabled_at is null`;
const page = (extra: string, order: string, limit: number, offset: number, values: unknown[]): TypedStatement => ({
  role: 'page',
  text: `select * ${LIVE}${extra} order by ${order} limit ${limit} offset ${offset}`,
  values,
});
// Luma counts up to 5001 ("5000 or more"); the typed table is asked the same bounded question.
const bounded = (extra: string, values: unknown[]): TypedStatement => ({
  role: 'count',
  text: `select count(*)::int as total from (select 1 ${LIVE}${extra} limit 5001) as bounded`,
  values,
});

const SEARCH = 'Order 12345';
const search = ' and (title ilike $1 or code ilike $1)';
const range = ' and amount >= $1 and amount < $2';
const paid = ' and status = $1';
const adv = (value: unknown) => encodeURIComponent(JSON.stringify(value));

export const LIST_CASES: ListCase[] = [
  {
    key: 'first',
    name: 'first page',
    query: 'limit=10',
    typed: [page('', 'created_at asc, seq asc', 10, 0, []), bounded('', [])],
    target: { kind: 'near', ms: 0.6 },
    indexed: true,
  },
  {
    key: 'search',
    name: 'text search, two fields (infix)',
    query: `limit=10&filter=${encodeURIComponent(SEARCH)}&filterOn=title,code`,
    typed: [page(search, 'created_at asc, seq asc', 10, 0, [`%${SEARCH}%`]), bounded(search, [`%${SEARCH}%`])],
    target: { kind: 'ratio', times: 2 },
    indexed: true,
  },
  {
    key: 'range',
    name: '$adv range + sort on amount',
    query: `limit=10&sortBy=amount&sortDesc=1&$adv=${adv({ amount: { $gte: 100, $lt: 200 } })}`,
    typed: [page(range, 'amount desc, seq desc', 10, 0, [100, 200]), bounded(range, [100, 200])],
    target: { kind: 'near', ms: 0.6 },
    indexed: true,
  },
  {
    key: 'offset',
    name: 'page at offset 4990',
    query: 'limit=10&offset=4990',
    typed: [page('', 'created_at asc, seq asc', 10, 4990, []), bounded('', [])],
    target: { kind: 'near', ms: 0.6 },
    indexed: true,
  },
  {
    key: 'bounded',
    name: 'bounded total, a third match',
    query: `limit=1&$adv=${adv({ status: 'paid' })}`,
    typed: [page(paid, 'created_at asc, seq asc', 1, 0, ['paid']), bounded(paid, ['paid'])],
    target: { kind: 'count-within-page' },
    indexed: true,
  },
  {
    key: 'exact',
    name: 'exact count ($aggregate)',
    query: `$aggregate=${adv([{ $group: { _id: null, n: { $sum: 1 } } }])}`,
    typed: [{ role: 'count', text: `select count(*)::int as total ${LIVE}`, values: [] }],
    target: { kind: 'ratio', times: 1.5 },
    exactCount: true,
    indexed: false,
  },
];
