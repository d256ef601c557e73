// The list call's checked query, remembered per cached view (issue 12, "Targets over HTTP"). A list
// client asks the same question again and again (the next poll, the same filter page after page), and
// parseListParams is a pure function of the query parameters, the view's fields and the options: for a
// view that compileForVersion keeps (deep-frozen, so its fields cannot change under the memo) the
// answer of the same parameters is kept beside the view, frozen, and handed out again. Nothing of a
// caller's data is kept: only what the query text and the view give. Refusals are not kept (an error
// is rare and cheap to find again). Bounded: MEMO_PER_VIEW entries per view, the least recently used
// dropped first; the view itself is the WeakMap's key, so a view the view cache dropped takes its
// entries with it (and with each kept query, its compiled statements).
import { parseListParams, type ListOptions, type ListQuery, type Parsed } from '../../../runtime/query/index';
import type { ViewSchema } from '../../../schemas/viewSchema.schema';
import { markStableQuery } from './list-sql';

export const MEMO_PER_VIEW = 256;
/** Longer parameter texts are parsed afresh, not kept (a key is held as long as its entry). */
export const MEMO_KEY_MAX = 4096;

const INHERITABLE = ['$adv', '$aggregate'];

const memo = new WeakMap<ViewSchema, Map<string, ListQuery>>();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value as Record<string, unknown>)) deepFreeze(child);
  }
  return value;
}

/**
 * The memo key of `params` under `options`, or null when the parameters are not plain text
 * (parseListParams reads own string values; anything else is parsed afresh every time).
 */
function keyOf(params: unknown, options: ListOptions): string | null {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return null;
  const record = params as Record<string, unknown>;
  // parseListParams reads own values, but $adv and $aggregate as properties: an inherited one (not
  // in the key) is parsed afresh. Fastify's query objects inherit from an empty null-prototype object.
  for (const name of INHERITABLE) if (name in record && !Object.prototype.hasOwnProperty.call(record, name)) return null;
  // Every option is part of the key (an option added later cannot be forgotten here).
  const parts: string[] = [JSON.stringify(options)];
  let length = 0;
  for (const name of Object.keys(record)) {
    const value = record[name];
    if (typeof value !== 'string') return null;
    length += name.length + value.length;
    if (length > MEMO_KEY_MAX) return null;
    parts.push(name, value);
  }
  return JSON.stringify(parts);
}

/**
 * parseListParams for `view`, answered from the memo when the same parameters were parsed for this
 * very view object before. A kept answer is deep-frozen: no caller can change what the next one gets.
 */
export function parseListParamsMemo(params: unknown, view: ViewSchema, options: ListOptions): Parsed<ListQuery> {
  const frozen = Object.isFrozen(view) && Object.isFrozen(view.fields);
  const key = frozen ? keyOf(params, options) : null;
  if (key === null) return parseListParams(params, view, options);
  let entries = memo.get(view);
  const kept = entries?.get(key);
  if (kept) {
    // Refresh its place: the least recently used entry goes first.
    entries!.delete(key);
    entries!.set(key, kept);
    return { ok: true, value: kept };
  }
  const parsed = parseListParams(params, view, options);
  if (!parsed.ok) return parsed;
  const value = deepFreeze(parsed.value);
  // Frozen for good: its page and count statements may be compiled once (records/list-sql).
  markStableQuery(value);
  if (!entries) {
    entries = new Map();
    memo.set(view, entries);
  }
  if (entries.size >= MEMO_PER_VIEW) entries.delete(entries.keys().next().value!);
  entries.set(key, value);
  return { ok: true, value };
}

/** How many answers are kept for `view` (tests). */
export function memoSize(view: ViewSchema): number {
  return memo.get(view)?.size ?? 0;
}
