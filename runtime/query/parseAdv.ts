// $adv (docs/lists.md): { $and: [...] } | { $or: [...] } | { path: value | { $op: value } }, with the
// keys of one object ANDed. Depth 8, 100 conditions, 500 values per $in. Never throws: anything
// else is a problem at its place ('$adv.$or.1.title').
import { parseStorableJson } from '../api/storable';
import type { PathCatalogue } from './paths';
import { pathProblem, Problems } from './refusal';
import { LIST_LIMITS, QUERY_MESSAGE, type CompareOp, type Condition, type Parsed, type QueryPath, type Scalar } from './types';

const COMPARE: Record<string, CompareOp> = { $eq: 'eq', $ne: 'ne', $gt: 'gt', $gte: 'gte', $lt: 'lt', $lte: 'lte' };
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A date or date-time text as a UTC ISO timestamp (no zone: UTC), or null when it is not one. */
export function isoTimestamp(text: string): string | null {
  if (!ISO_DATE.test(text)) return null;
  let normalised = text.replace(' ', 'T');
  if (normalised.length === 10) normalised += 'T00:00:00Z';
  else if (!/(?:Z|[+-]\d{2}:?\d{2})$/.test(normalised)) normalised += 'Z';
  const time = Date.parse(normalised);
  if (!Number.isFinite(time)) return null;
  const date = new Date(time);
  if (date.getUTCFullYear() < 1 || date.getUTCFullYear() > 9999) return null;
  // 2024-02-31 rolls over in Date.parse: refuse it.
  if (text.length >= 10 && !/(?:[+-]\d{2}:?\d{2})$/.test(text) && date.toISOString().slice(0, 10) !== text.slice(0, 10)) return null;
  return date.toISOString();
}

function isScalar(value: unknown): value is string | number | boolean | null {
  return value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

/** A value as its path compares it; undefined when it cannot be one. */
function typedValue(path: QueryPath, value: unknown): Scalar | undefined {
  if (!isScalar(value)) return undefined;
  if (value === null) return null;
  if (typeof value === 'string' && value.length > 10_000) return undefined;
  if (path.source === 'column') {
    if (path.column === 'uuid') return typeof value === 'string' ? value.toLowerCase() : undefined;
    return typeof value === 'string' ? (isoTimestamp(value) ?? undefined) : undefined;
  }
  if (path.source === 'data' && path.kind === 'number') {
    if (typeof value === 'number') return value;
    if (typeof value === 'string' && /^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i.test(value.trim())) {
      const number = Number(value);
      return Number.isFinite(number) ? number : undefined;
    }
    return undefined;
  }
  return String(value);
}

function validRegex(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

interface State {
  conditions: number;
  problems: Problems;
  paths: PathCatalogue;
}

function opsFor(state: State, at: string, path: QueryPath, ops: Record<string, unknown>): Condition[] {
  const out: Condition[] = [];
  const keys = Object.keys(ops);
  if (keys.length === 0) state.problems.add(at, QUERY_MESSAGE.invalid);
  for (const key of keys) {
    const value = ops[key];
    const here = `${at}.${key.slice(0, 40)}`;
    if (++state.conditions > LIST_LIMITS.advConditions) {
      state.problems.add('$adv', QUERY_MESSAGE.tooManyConditions, { max: LIST_LIMITS.advConditions });
      return out;
    }
    const compare = Object.prototype.hasOwnProperty.call(COMPARE, key) ? COMPARE[key] : undefined;
    if (compare) {
      const typed = typedValue(path, value);
      if (typed === undefined || (typed === null && compare !== 'eq' && compare !== 'ne')) state.problems.add(here, QUERY_MESSAGE.invalid);
      else out.push({ op: compare, path, value: typed });
    } else if (key === '$in' || key === '$nin') {
      if (!Array.isArray(value)) {
        state.problems.add(here, QUERY_MESSAGE.invalid);
        continue;
      }
      if (value.length > LIST_LIMITS.inValues) {
        state.problems.add(here, QUERY_MESSAGE.tooManyValues, { max: LIST_LIMITS.inValues });
        continue;
      }
      const values: Scalar[] = [];
      let bad = false;
      for (const item of value) {
        const typed = typedValue(path, item);
        if (typed === undefined) bad = true;
        else values.push(typed);
      }
      if (bad) state.problems.add(here, QUERY_MESSAGE.invalid);
      else out.push({ op: key === '$in' ? 'in' : 'nin', path, values });
    } else if (key === '$exists') {
      if (typeof value !== 'boolean') state.problems.add(here, QUERY_MESSAGE.invalid);
      else out.push({ op: 'exists', path, value });
    } else if (key === '$regex') {
      if (typeof value !== 'string' || value.length > LIST_LIMITS.regexLength) state.problems.add(here, QUERY_MESSAGE.invalid, { max: LIST_LIMITS.regexLength });
      else if (!validRegex(value)) state.problems.add(here, QUERY_MESSAGE.invalidRegex);
      else if (path.source === 'column' && path.column !== 'uuid') state.problems.add(here, QUERY_MESSAGE.invalid);
      else out.push({ op: 'regex', path, pattern: value });
    } else {
      state.problems.add(here, QUERY_MESSAGE.invalid);
    }
  }
  return out;
}

function filterAt(state: State, at: string, input: unknown, depth: number): Condition | null {
  if (depth > LIST_LIMITS.advDepth) {
    state.problems.add(at, QUERY_MESSAGE.tooDeep, { max: LIST_LIMITS.advDepth });
    return null;
  }
  if (!isPlainObject(input)) {
    state.problems.add(at, QUERY_MESSAGE.invalid);
    return null;
  }
  const items: Condition[] = [];
  for (const key of Object.keys(input)) {
    const value = input[key];
    const here = `${at}.${key.slice(0, 100)}`;
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(value) || value.length === 0 || value.length > LIST_LIMITS.advConditions) {
        state.problems.add(here, QUERY_MESSAGE.invalid);
        continue;
      }
      const children: Condition[] = [];
      value.forEach((child, index) => {
        if (state.conditions > LIST_LIMITS.advConditions) return;
        const parsed = filterAt(state, `${here}.${index}`, child, depth + 1);
        if (parsed) children.push(parsed);
      });
      items.push({ op: key === '$and' ? 'and' : 'or', items: children });
      continue;
    }
    if (key.startsWith('$')) {
      state.problems.add(here, QUERY_MESSAGE.invalid);
      continue;
    }
    const found = state.paths.lookup(key);
    if (!found.ok) {
      pathProblem(state.problems, here, found.reason, key);
      continue;
    }
    if (isPlainObject(value)) {
      items.push(...opsFor(state, here, found.path, value));
    } else {
      items.push(...opsFor(state, here, found.path, { $eq: value }));
    }
  }
  return items.length === 1 ? items[0]! : { op: 'and', items };
}

/** Parses an $adv filter (already JSON-decoded) into `problems`; null when nothing to apply or refused. */
export function parseAdvInto(input: unknown, paths: PathCatalogue, problems: Problems, at = '$adv'): Condition | null {
  const state: State = { conditions: 0, problems, paths };
  const before = problems.errors.length;
  const parsed = filterAt(state, at, input, 1);
  if (problems.errors.length > before) return null;
  return parsed;
}

/** $adv as JSON text or a value: the checked filter, or the refusal. */
export function parseAdv(input: unknown, paths: PathCatalogue): Parsed<Condition | null> {
  const problems = new Problems();
  const value = decodeJson(input, '$adv', problems, LIST_LIMITS.advTextLength);
  const parsed = problems.empty ? parseAdvInto(value, paths, problems) : null;
  return problems.empty ? { ok: true, value: parsed } : { ok: false, refusal: problems.refusal() };
}

/** JSON text decoded (a value that is not text is taken as is); a problem at `at` when it is not JSON. */
export function decodeJson(input: unknown, at: string, problems: Problems, maxLength: number): unknown {
  if (typeof input !== 'string') return input;
  if (input.length > maxLength) {
    problems.add(at, QUERY_MESSAGE.invalid, { max: maxLength });
    return undefined;
  }
  try {
    const { value, unstorable } = parseStorableJson(input);
    if (!unstorable) return value;
  } catch {
    // not JSON: refused below
  }
  problems.add(at, QUERY_MESSAGE.invalid);
  return undefined;
}
