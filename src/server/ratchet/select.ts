// The external select from a ratchet connection (docs/ratchet.md "The external select"): a
// select/external field whose `constraints.ratchet` names one of the project's connections, one
// read-only statement and its value and label columns. The statement is the field's (admins set it,
// select-hooks.ts); a caller gives only the search text, bound to `:search` as a parameter, and a page.
// Nothing is cached: every page and every check runs the statement (each instance alike).
import type { Kysely } from 'kysely';
import { RATCHET_LIMITS } from '../../../runtime/api/ratchet';
import { RATCHET_SELECT_LIMITS, RATCHET_SELECT_MESSAGE, type RatchetSelectOption, type RatchetSelectPage, type RatchetSelectSource } from '../../../runtime/api/ratchet-select';
import type { Database } from '../db/schema';
import { HttpError } from '../platform/errors';
import { isPlainObject, isUuid } from '../platform/validate';
import type { FieldErrors } from '../iam/access';
import { RatchetError } from './driver';
import { runReadOnlyQuery } from './query';
import { findConnection } from './sql';
import { bindSearch, singleStatement } from './statement';

type Db = Kysely<Database>;

const KEYS = new Set(['connection', 'sql', 'value', 'label']);
const COLUMN = (value: unknown) => typeof value === 'string' && value.trim() !== '' && value.length <= RATCHET_SELECT_LIMITS.columnMax && !value.includes('\u0000');

/** A field's `constraints.ratchet` checked (417 per key at `at.*`); the connection must be the project's. */
export async function checkSelectSource(db: Db, projectUuid: string, value: unknown, errors: FieldErrors, at: string): Promise<RatchetSelectSource | null> {
  if (!isPlainObject(value)) {
    errors.add(at, 'invalid');
    return null;
  }
  for (const key of Object.keys(value)) if (!KEYS.has(key)) errors.add(`${at}.${key}`, 'invalid');
  const { connection, sql, value: valueColumn, label } = value as Record<string, unknown>;
  if (!isUuid(connection)) errors.add(`${at}.connection`, 'invalid');
  else if (!(await findConnection(db, projectUuid, connection.toLowerCase()))) errors.add(`${at}.connection`, RATCHET_SELECT_MESSAGE.connectionUnknown);
  if (typeof sql !== 'string' || sql.trim() === '' || sql.length > RATCHET_LIMITS.sqlMax || sql.includes('\u0000')) errors.add(`${at}.sql`, 'invalid');
  if (!COLUMN(valueColumn)) errors.add(`${at}.value`, 'invalid');
  if (label !== undefined && label !== null && label !== '' && !COLUMN(label)) errors.add(`${at}.label`, 'invalid');
  return { connection: String(connection).toLowerCase(), sql: String(sql), value: String(valueColumn), ...(typeof label === 'string' && label !== '' ? { label } : {}) };
}

/** A stored source as the options read it, or null when the field has none (or a broken one). */
export function selectSourceOf(constraints: unknown): RatchetSelectSource | null {
  const source = isPlainObject(constraints) ? constraints.ratchet : undefined;
  if (!isPlainObject(source) || typeof source.connection !== 'string' || typeof source.sql !== 'string' || typeof source.value !== 'string') return null;
  return { connection: source.connection, sql: source.sql, value: source.value, ...(typeof source.label === 'string' && source.label !== '' ? { label: source.label } : {}) };
}

const text = (value: unknown) => (value === null || value === undefined ? null : typeof value === 'object' ? JSON.stringify(value) : String(value));

export interface ReadOptions {
  search: string;
  limit: number;
  timeoutMs?: number;
}

/**
 * The source's options: the statement run read-only with the search bound to `:search` (without one,
 * the options whose label holds the search, any case); rows without a value are left out.
 */
export async function readOptions(db: Db, projectUuid: string, source: RatchetSelectSource, read: ReadOptions): Promise<{ options: RatchetSelectOption[]; capped: boolean }> {
  const row = await findConnection(db, projectUuid, source.connection);
  if (!row) throw new HttpError(422, RATCHET_SELECT_MESSAGE.connectionUnknown);
  const bound = bindSearch(singleStatement(source.sql, row.kind), row.kind);
  const filterHere = bound.uses === 0 && read.search !== '';
  const result = await runReadOnlyQuery(row, bound.statement, {
    limit: filterHere ? RATCHET_LIMITS.rowCap : read.limit,
    timeoutMs: read.timeoutMs,
    params: Array.from({ length: bound.uses }, () => read.search),
  });
  const names = result.columns.map((column) => column.name);
  const valueAt = names.indexOf(source.value);
  const labelAt = source.label ? names.indexOf(source.label) : valueAt;
  const missing = [valueAt === -1 ? source.value : null, labelAt === -1 ? source.label : null].filter(Boolean).join(', ');
  if (missing) throw new RatchetError(RATCHET_SELECT_MESSAGE.columnMissing, missing);
  const needle = read.search.toLocaleLowerCase();
  const options: RatchetSelectOption[] = [];
  for (const cells of result.rows) {
    const value = text(cells[valueAt]);
    if (value === null) continue;
    const label = text(cells[labelAt]) ?? value;
    if (filterHere && !label.toLocaleLowerCase().includes(needle)) continue;
    options.push({ value, label });
  }
  const capped = result.capped || options.length > read.limit;
  return { options: options.slice(0, read.limit), capped };
}

/** One page of the options (page 1.., RATCHET_SELECT_LIMITS.pageSize each). */
export async function selectPage(db: Db, projectUuid: string, source: RatchetSelectSource, search: string, page: number, timeoutMs: number): Promise<RatchetSelectPage> {
  const size = RATCHET_SELECT_LIMITS.pageSize;
  const { options, capped } = await readOptions(db, projectUuid, source, { search, limit: Math.min(page * size, RATCHET_LIMITS.rowCap), timeoutMs });
  return { options: options.slice((page - 1) * size, page * size), more: capped && page < RATCHET_SELECT_LIMITS.pages };
}

/**
 * The values of `given` that are none of the source's options (read with an empty search). When the
 * options are more than the row cap and a value is not among those read, it cannot be told: 422
 * ratchetTooManyOptions at the field. A failing connection is its RatchetError at the field.
 */
export async function unknownValues(db: Db, projectUuid: string, field: string, source: RatchetSelectSource, given: string[]): Promise<string[]> {
  let read: { options: RatchetSelectOption[]; capped: boolean };
  try {
    read = await readOptions(db, projectUuid, source, { search: '', limit: RATCHET_LIMITS.rowCap });
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 422) throw error;
    const detail = error instanceof RatchetError ? error.detail : undefined;
    throw new HttpError(422, error.message, [{ field, messages: [error.message], ...(detail ? { values: [{ detail }] } : {}) }]);
  }
  const known = new Set(read.options.map((option) => option.value));
  const unknown = given.filter((value) => !known.has(value));
  if (unknown.length > 0 && read.capped) throw new HttpError(422, RATCHET_SELECT_MESSAGE.tooManyOptions, [{ field, messages: [RATCHET_SELECT_MESSAGE.tooManyOptions] }]);
  return unknown;
}

