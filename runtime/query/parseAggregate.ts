// $aggregate, the safe subset (docs/lists.md): $match stages, then one $group, then an optional
// $sort and an optional $limit (n <= 5000). Paths are "$path" strings checked against the view;
// accumulator names are plain identifiers (they never reach SQL: the server aliases them).
import { decodeJson, parseAdvInto } from './parseAdv';
import type { PathCatalogue } from './paths';
import { pathProblem, Problems } from './refusal';
import { LIST_LIMITS, QUERY_MESSAGE, type Accumulator, type AggregatePipeline, type Condition, type Parsed, type QueryPath } from './types';

const NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const STAGE_ORDER = new Map([['$match', 0], ['$group', 1], ['$sort', 2], ['$limit', 3]]);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function singleKey(value: unknown): [string, unknown] | null {
  if (!isPlainObject(value)) return null;
  const keys = Object.keys(value);
  return keys.length === 1 ? [keys[0]!, value[keys[0]!]] : null;
}

function dollarPath(paths: PathCatalogue, problems: Problems, at: string, value: unknown): QueryPath | null {
  if (typeof value !== 'string' || !value.startsWith('$')) {
    problems.add(at, QUERY_MESSAGE.invalid);
    return null;
  }
  const found = paths.lookup(value.slice(1));
  if (!found.ok) {
    pathProblem(problems, at, found.reason, value.slice(1));
    return null;
  }
  return found.path;
}

const isNumeric = (path: QueryPath) => path.source === 'data' && path.kind === 'number';

function parseGroup(paths: PathCatalogue, problems: Problems, at: string, spec: unknown): AggregatePipeline['group'] | null {
  if (!isPlainObject(spec) || !Object.prototype.hasOwnProperty.call(spec, '_id')) {
    problems.add(at, QUERY_MESSAGE.invalid);
    return null;
  }
  const id = spec._id === null ? null : dollarPath(paths, problems, `${at}._id`, spec._id);
  const accumulators: Accumulator[] = [];
  const names = Object.keys(spec).filter((key) => key !== '_id');
  if (names.length > LIST_LIMITS.accumulators) {
    problems.add(at, QUERY_MESSAGE.tooManyValues, { max: LIST_LIMITS.accumulators });
    return null;
  }
  for (const name of names) {
    const here = `${at}.${name.slice(0, 64)}`;
    if (!NAME.test(name)) {
      problems.add(here, QUERY_MESSAGE.invalid);
      continue;
    }
    const entry = singleKey(spec[name]);
    if (!entry) {
      problems.add(here, QUERY_MESSAGE.invalid);
      continue;
    }
    const [fn, arg] = entry;
    if (fn === '$sum' && arg === 1) {
      accumulators.push({ name, fn: 'count', path: null });
      continue;
    }
    if (fn !== '$sum' && fn !== '$avg' && fn !== '$min' && fn !== '$max') {
      problems.add(here, QUERY_MESSAGE.invalid);
      continue;
    }
    const path = dollarPath(paths, problems, `${here}.${fn}`, arg);
    if (!path) continue;
    if ((fn === '$sum' || fn === '$avg') && !isNumeric(path)) {
      problems.add(`${here}.${fn}`, QUERY_MESSAGE.invalid);
      continue;
    }
    accumulators.push({ name, fn: fn.slice(1) as 'sum' | 'avg' | 'min' | 'max', path });
  }
  return { id, accumulators };
}

/** Parses $aggregate (JSON text or a value) into `problems`. */
export function parseAggregateInto(input: unknown, paths: PathCatalogue, problems: Problems): AggregatePipeline | null {
  const before = problems.errors.length;
  const stages = decodeJson(input, '$aggregate', problems, LIST_LIMITS.advTextLength);
  if (problems.errors.length > before) return null;
  if (!Array.isArray(stages) || stages.length === 0 || stages.length > 20) {
    problems.add('$aggregate', QUERY_MESSAGE.invalid);
    return null;
  }
  const matches: Condition[] = [];
  let group: AggregatePipeline['group'] | null = null;
  let sort: AggregatePipeline['sort'] | null = null;
  let limit: number | null = null;
  // Stage order: $match* $group $sort? $limit?
  let phase = 0;
  stages.forEach((stage, index) => {
    const at = `$aggregate.${index}`;
    const entry = singleKey(stage);
    if (!entry) {
      problems.add(at, QUERY_MESSAGE.invalid);
      return;
    }
    const [name, spec] = entry;
    const order = STAGE_ORDER.get(name) ?? -1;
    if (order < 0 || order < phase || (order === phase && order !== 0)) {
      problems.add(`${at}.${name.slice(0, 40)}`, QUERY_MESSAGE.invalid);
      return;
    }
    phase = order;
    if (name === '$match') {
      const condition = parseAdvInto(spec, paths, problems, `${at}.$match`);
      if (condition) matches.push(condition);
    } else if (name === '$group') {
      group = parseGroup(paths, problems, `${at}.$group`, spec);
    } else if (name === '$sort') {
      if (!isPlainObject(spec) || Object.keys(spec).length === 0 || Object.keys(spec).length > LIST_LIMITS.accumulators + 1) {
        problems.add(`${at}.$sort`, QUERY_MESSAGE.invalid);
        return;
      }
      sort = [];
      for (const key of Object.keys(spec)) {
        const direction = spec[key];
        if (direction !== 1 && direction !== -1) problems.add(`${at}.$sort.${key.slice(0, 64)}`, QUERY_MESSAGE.invalid);
        else sort.push({ key, desc: direction === -1 });
      }
    } else {
      if (typeof spec !== 'number' || !Number.isSafeInteger(spec) || spec < 1 || spec > LIST_LIMITS.aggregateLimit) {
        problems.add(`${at}.$limit`, QUERY_MESSAGE.invalid, { max: LIST_LIMITS.aggregateLimit });
        return;
      }
      limit = spec;
    }
  });
  if (problems.errors.length > before) return null;
  const finalGroup = group as AggregatePipeline['group'] | null;
  if (!finalGroup) {
    problems.add('$aggregate', QUERY_MESSAGE.invalid);
    return null;
  }
  const finalSort = (sort ?? []) as AggregatePipeline['sort'];
  const known = new Set(['_id', ...finalGroup.accumulators.map((accumulator) => accumulator.name)]);
  for (const entry of finalSort) {
    if (!known.has(entry.key)) problems.add(`$aggregate.$sort.${entry.key.slice(0, 64)}`, QUERY_MESSAGE.unknownField);
  }
  if (problems.errors.length > before) return null;
  const match: Condition | null = matches.length === 0 ? null : matches.length === 1 ? matches[0]! : { op: 'and', items: matches };
  return { match, group: finalGroup, sort: finalSort, limit: limit ?? LIST_LIMITS.aggregateLimit };
}

export function parseAggregate(input: unknown, paths: PathCatalogue): Parsed<AggregatePipeline | null> {
  const problems = new Problems();
  const parsed = parseAggregateInto(input, paths, problems);
  return problems.empty ? { ok: true, value: parsed } : { ok: false, refusal: problems.refusal() };
}
