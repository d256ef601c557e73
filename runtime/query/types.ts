// The record list query (docs/lists.md) as a checked AST: what parseListParams answers. Every path
// in it was found in the caller's compiled ViewSchema (or is a system column); values are typed
// for their path. The server compiles it to SQL with bound values only (records/list-sql).
import type { FieldError } from '../api/contract';

export type SystemColumn = 'uuid' | 'created_at' | 'updated_at' | 'disabled_at';
export const SYSTEM_COLUMNS: readonly SystemColumn[] = ['uuid', 'created_at', 'updated_at', 'disabled_at'];

/** How a data field's value compares: numbers as numbers, dates and everything else as text. */
export type DataKind = 'text' | 'number' | 'bool' | 'date' | 'json';

export type QueryPath =
  | { source: 'column'; column: SystemColumn; path: string }
  | { source: 'data'; key: string; kind: DataKind; path: string }
  | { source: 'locale'; key: string; locale: string; path: string }
  /** One end of a picker/daterange value ('stay.endDate'): text, 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:mm'. */
  | { source: 'range'; key: string; member: RangeMember; path: string };

export type RangeMember = 'startDate' | 'endDate';
export const RANGE_MEMBERS: readonly RangeMember[] = ['startDate', 'endDate'];

export type Scalar = string | number | null;

export type CompareOp = 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte';

export type Condition =
  | { op: 'and' | 'or'; items: Condition[] }
  | { op: CompareOp; path: QueryPath; value: Scalar }
  | { op: 'in' | 'nin'; path: QueryPath; values: Scalar[] }
  | { op: 'exists'; path: QueryPath; value: boolean }
  | { op: 'regex'; path: QueryPath; pattern: string };

export interface DateRange {
  path: QueryPath;
  /** Inclusive lower bound (ISO text; a timestamp column's bound is a full UTC ISO date-time). */
  gte: string | null;
  /** Inclusive upper bound (a date-time `dateTo`). */
  lte: string | null;
  /** Exclusive upper bound (a date-only `dateTo`: the next day). */
  lt: string | null;
}

export type Accumulator =
  | { name: string; fn: 'count'; path: null }
  | { name: string; fn: 'sum' | 'avg' | 'min' | 'max'; path: QueryPath };

export interface AggregatePipeline {
  /** Every $match stage (they come before the $group), ANDed. */
  match: Condition | null;
  group: { id: QueryPath | null; accumulators: Accumulator[] };
  /** Keys are '_id' or accumulator names. */
  sort: { key: string; desc: boolean }[];
  limit: number;
}

export interface ListQuery {
  offset: number;
  /** Rows to fetch: the page size, capped so no record past the 5000th is answered (export: uncapped). */
  limit: number;
  /** The page size `pages` is computed with. */
  pageSize: number;
  sort: { path: QueryPath; desc: boolean };
  search: { text: string; on: QueryPath[] } | null;
  /** true: only disabled records; false: only enabled ones. */
  disabled: boolean;
  date: DateRange | null;
  adv: Condition | null;
  aggregate: AggregatePipeline | null;
}

export interface Refusal {
  status: 400 | 403;
  message: 'badRequest' | 'fieldNotVisible';
  errors: FieldError[];
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

export const LIST_LIMITS = {
  /** No record past the 5000th is answered (spec section 9). */
  cap: 5000,
  /** Totals are counted up to cap + 1: 5001 means "5000 or more". */
  countUpTo: 5001,
  defaultPageSize: 10,
  appPageSize: 500,
  advDepth: 8,
  advConditions: 100,
  inValues: 500,
  regexLength: 200,
  searchLength: 500,
  advTextLength: 50_000,
  aggregateLimit: 5000,
  accumulators: 20,
} as const;

export const QUERY_MESSAGE = {
  unknownField: 'unknownField',
  fieldNotVisible: 'fieldNotVisible',
  invalid: 'invalid',
  tooDeep: 'tooDeep',
  tooManyConditions: 'tooManyConditions',
  tooManyValues: 'tooManyValues',
  invalidRegex: 'invalidRegex',
} as const;
