// The list call's parameters (docs/lists.md) checked against the caller's ViewSchema: answers the
// ListQuery AST or a refusal (400 badRequest / 403 fieldNotVisible with errors at the parameter).
// Framework-free and total: it never throws, whatever the input.
import type { ViewSchema } from '../../schemas/viewSchema.schema';
import { decodeJson, isoTimestamp, parseAdvInto } from './parseAdv';
import { parseAggregateInto } from './parseAggregate';
import { isDateField, PathCatalogue } from './paths';
import { pathProblem, Problems } from './refusal';
import { LIST_LIMITS, QUERY_MESSAGE, type DateRange, type ListQuery, type Parsed, type QueryPath } from './types';

/** The list call's parameters (docs/lists.md "List"). A name that is none of these is refused, never ignored. */
export const LIST_PARAMETERS = ['offset', 'limit', 'sortBy', 'sortDesc', 'filter', 'filterOn', 'disabled', 'dateFrom', 'dateTo', 'dateField', '$adv', '$aggregate'] as const;
/** What a filter is made of: the parameters a bulk action by filter takes (no paging, order or aggregation). */
export const FILTER_PARAMETERS = ['filter', 'filterOn', 'disabled', 'dateFrom', 'dateTo', 'dateField', '$adv'] as const;
/** The export's parameters: the list's without paging or aggregation (the order is checked, the file is in created order). */
export const EXPORT_PARAMETERS = ['sortBy', 'sortDesc', ...FILTER_PARAMETERS] as const;

export type ListParameter = (typeof LIST_PARAMETERS)[number];

export interface ListOptions {
  /** X-App was sent: the default page size is 500. */
  app?: boolean;
  /** Export and bulk by filter: every matching record (no page, no cap). */
  uncapped?: boolean;
  /** The parameters this call takes (default: all of LIST_PARAMETERS); any other is refused. */
  parameters?: readonly ListParameter[];
}

const INTEGER = /^-?\d{1,9}$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** One parameter's text; arrays (a repeated parameter) and objects are refused. */
function text(query: Record<string, unknown>, name: string, problems: Problems): string | undefined {
  if (!Object.prototype.hasOwnProperty.call(query, name)) return undefined;
  const value = query[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'string') {
    problems.add(name, QUERY_MESSAGE.invalid);
    return undefined;
  }
  return value;
}

function integer(query: Record<string, unknown>, name: string, problems: Problems): number | undefined {
  const value = text(query, name, problems);
  if (value === undefined || value === '') return undefined;
  if (!INTEGER.test(value.trim())) {
    problems.add(name, QUERY_MESSAGE.invalid);
    return undefined;
  }
  return Number(value.trim());
}

const DISABLED_VALUES = new Set(['', '0', '1', 'false', 'true']);

/**
 * Every parameter name the call does not take is a problem at that name: an unknown one
 * 'unknownField', a list parameter this call has no use for 'invalid'. A filter with a misspelt or
 * unknown key is refused, never read as no filter (a bulk delete of "everything").
 */
function unknownParameters(query: Record<string, unknown>, taken: readonly ListParameter[], problems: Problems): void {
  for (const name of Object.keys(query)) {
    if ((taken as readonly string[]).includes(name)) continue;
    const known = (LIST_PARAMETERS as readonly string[]).includes(name);
    problems.add(name.slice(0, 100), known ? QUERY_MESSAGE.invalid : QUERY_MESSAGE.unknownField);
  }
}

function nextDay(date: string): string {
  const time = Date.parse(`${date}T00:00:00Z`) + 24 * 60 * 60_000;
  return new Date(time).toISOString().slice(0, 10);
}

function dateRange(query: Record<string, unknown>, paths: PathCatalogue, problems: Problems): DateRange | null {
  const from = text(query, 'dateFrom', problems) || undefined;
  const to = text(query, 'dateTo', problems) || undefined;
  const fieldName = text(query, 'dateField', problems) || 'created_at';
  let path: QueryPath | null = null;
  const found = paths.lookup(fieldName);
  if (!found.ok) pathProblem(problems, 'dateField', found.reason, fieldName);
  else if (found.path.source === 'column' ? found.path.column === 'uuid' : !(found.field && isDateField(found.field) && found.path.source === 'data')) {
    problems.add('dateField', QUERY_MESSAGE.invalid, { path: fieldName.slice(0, 100) });
  } else path = found.path;
  const range: DateRange = { path: path ?? { source: 'column', column: 'created_at', path: 'created_at' }, gte: null, lte: null, lt: null };
  const column = range.path.source === 'column';
  for (const [name, value] of [['dateFrom', from], ['dateTo', to]] as const) {
    if (value === undefined) continue;
    const iso = isoTimestamp(value);
    if (iso === null) {
      problems.add(name, QUERY_MESSAGE.invalid);
      continue;
    }
    const dateOnly = DATE_ONLY.test(value);
    if (name === 'dateFrom') range.gte = column ? iso : value.replace(' ', 'T').slice(0, dateOnly ? 10 : undefined);
    else if (dateOnly) range.lt = column ? `${nextDay(value)}T00:00:00.000Z` : nextDay(value);
    else range.lte = column ? iso : value.replace(' ', 'T');
  }
  if (!path || (range.gte === null && range.lte === null && range.lt === null)) return null;
  return range;
}

/** Parses the list call's query parameters for `view` (the caller's compiled ViewSchema). */
export function parseListParams(input: unknown, view: Pick<ViewSchema, 'fields'>, options: ListOptions = {}): Parsed<ListQuery> {
  const problems = new Problems();
  const query: Record<string, unknown> = typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const paths = new PathCatalogue(view);
  unknownParameters(query, options.parameters ?? LIST_PARAMETERS, problems);

  // Paging: offset + limit never reach past the 5000th record.
  const offset = integer(query, 'offset', problems) ?? 0;
  if (offset < 0) problems.add('offset', QUERY_MESSAGE.invalid);
  const requested = integer(query, 'limit', problems) ?? (options.app ? LIST_LIMITS.appPageSize : LIST_LIMITS.defaultPageSize);
  if (requested === 0 || requested < -1) problems.add('limit', QUERY_MESSAGE.invalid);
  const pageSize = requested === -1 ? LIST_LIMITS.cap : Math.min(Math.max(requested, 1), LIST_LIMITS.cap);
  const limit = options.uncapped ? (requested === -1 ? Number.MAX_SAFE_INTEGER : pageSize) : Math.max(0, Math.min(pageSize, LIST_LIMITS.cap - Math.max(offset, 0)));

  // Sort: a field key or a system column; uuid breaks ties.
  const sortBy = text(query, 'sortBy', problems) || 'created_at';
  let sortPath: QueryPath = { source: 'column', column: 'created_at', path: 'created_at' };
  const sortFound = paths.lookup(sortBy);
  if (!sortFound.ok) pathProblem(problems, 'sortBy', sortFound.reason, sortBy);
  else sortPath = sortFound.path;
  const sortDesc = text(query, 'sortDesc', problems);
  if (sortDesc !== undefined && sortDesc !== '' && sortDesc !== '1' && sortDesc !== '-1' && sortDesc !== 'true' && sortDesc !== 'false') problems.add('sortDesc', QUERY_MESSAGE.invalid);
  const desc = sortDesc === '1' || sortDesc === 'true';

  // Search: ILIKE on the filterOn fields (default: the visible text fields).
  let search: ListQuery['search'] = null;
  const filter = text(query, 'filter', problems);
  const filterOn = text(query, 'filterOn', problems);
  if (filter !== undefined && filter.length > LIST_LIMITS.searchLength) problems.add('filter', QUERY_MESSAGE.invalid, { max: LIST_LIMITS.searchLength });
  let on: QueryPath[] = [];
  if (filterOn !== undefined && filterOn.trim() !== '') {
    const names = filterOn.split(',').map((name) => name.trim()).filter(Boolean);
    if (names.length > 50) problems.add('filterOn', QUERY_MESSAGE.invalid);
    else {
      for (const name of names) {
        const found = paths.lookup(name);
        if (!found.ok) pathProblem(problems, 'filterOn', found.reason, name);
        else if (!on.some((path) => path.path === found.path.path)) on.push(found.path);
      }
    }
  } else on = paths.searchable();
  if (filter !== undefined && filter !== '' && filter.length <= LIST_LIMITS.searchLength) search = { text: filter, on };

  const disabledText = text(query, 'disabled', problems);
  if (disabledText !== undefined && !DISABLED_VALUES.has(disabledText)) problems.add('disabled', QUERY_MESSAGE.invalid);
  const disabled = disabledText === '1' || disabledText === 'true';

  const date = dateRange(query, paths, problems);

  let adv: ListQuery['adv'] = null;
  const advInput = query.$adv;
  if (advInput !== undefined && advInput !== null && advInput !== '') {
    const before = problems.errors.length;
    // JSON text is decoded with its keys and strings checked (a \u0000 is refused, not sent to the database).
    const value = decodeJson(advInput, '$adv', problems, LIST_LIMITS.advTextLength);
    if (problems.errors.length === before) adv = parseAdvInto(value, paths, problems);
  }

  let aggregate: ListQuery['aggregate'] = null;
  const aggregateInput = query.$aggregate;
  if (aggregateInput !== undefined && aggregateInput !== null && aggregateInput !== '') aggregate = parseAggregateInto(aggregateInput, paths, problems);

  if (!problems.empty) return { ok: false, refusal: problems.refusal() };
  return { ok: true, value: { offset, limit, pageSize, sort: { path: sortPath, desc }, search, disabled, date, adv, aggregate } };
}

/** pages = ceil(min(total, 5000) / page size). */
export function pagesOf(total: number, pageSize: number): number {
  return Math.ceil(Math.min(total, LIST_LIMITS.cap) / Math.max(pageSize, 1));
}

/** The query's paths, for checks that nothing else is referenced. */
export function pathsOf(query: ListQuery): QueryPath[] {
  const out: QueryPath[] = [query.sort.path];
  if (query.search) out.push(...query.search.on);
  if (query.date) out.push(query.date.path);
  const walk = (condition: import('./types').Condition | null): void => {
    if (!condition) return;
    if ('items' in condition) condition.items.forEach(walk);
    else out.push(condition.path);
  };
  walk(query.adv);
  if (query.aggregate) {
    walk(query.aggregate.match);
    if (query.aggregate.group.id) out.push(query.aggregate.group.id);
    for (const accumulator of query.aggregate.group.accumulators) if (accumulator.path) out.push(accumulator.path);
  }
  return out;
}
