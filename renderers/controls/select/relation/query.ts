// The list calls of the relation select (spec section 7 "Fetch relation models", docs/lists.md):
// the initial load of the chosen values with $in on the foreign key, and search pages with a
// case-insensitive $regex on the searchOn fields (on '{key}.locales.{locale}' for i18n fields).
import type { ListParams } from '../../../../runtime/client/records';

export const RELATION_PAGE_SIZE = 10;
/** The search runs once typing has paused this long. */
export const RELATION_SEARCH_DEBOUNCE_MS = 300;
/** The list API takes at most 500 values in one $in. */
export const IN_MAX = 500;
/** $regex texts are capped at 200 characters by the list API. */
export const REGEX_MAX = 200;

/** The keyword as a literal regex (metacharacters escaped), trimmed to what the API accepts. */
export function escapeRegex(keyword: string): string {
  let out = '';
  for (const char of keyword.trim()) {
    const next = /[.*+?^${}()|[\]\\]/.test(char) ? `\\${char}` : char;
    if (out.length + next.length > REGEX_MAX) break;
    out += next;
  }
  return out;
}

/** The path a search runs on: the locale's text for an i18n field. */
export function searchPath(key: string, i18nKeys: ReadonlySet<string>, locale: string): string {
  return i18nKeys.has(key) ? `${key}.locales.${locale}` : key;
}

/** The $adv filter of a search, or null when there is nothing to search for. */
export function searchFilter(searchOn: readonly string[], keyword: string, i18nKeys: ReadonlySet<string>, locale: string): Record<string, unknown> | null {
  const pattern = escapeRegex(keyword);
  if (pattern === '' || searchOn.length === 0) return null;
  const conditions = searchOn.map((key) => ({ [searchPath(key, i18nKeys, locale)]: { $regex: pattern } }));
  return conditions.length === 1 ? conditions[0]! : { $or: conditions };
}

/** The $adv filter of the initial load: the chosen values on the foreign key. */
export function initialFilter(foreignKey: string, values: readonly (string | number)[]): Record<string, unknown> {
  return { [foreignKey]: { $in: values.slice(0, IN_MAX) } };
}

/** A page of the search (page counts from 0). */
export function pageParams(page: number, filter: Record<string, unknown> | null, limit = RELATION_PAGE_SIZE): ListParams {
  const params: ListParams = { offset: page * limit, limit };
  if (filter) params.$adv = JSON.stringify(filter);
  return params;
}

export function initialParams(foreignKey: string, values: readonly (string | number)[]): ListParams {
  const wanted = values.slice(0, IN_MAX);
  return { offset: 0, limit: Math.max(1, wanted.length), $adv: JSON.stringify(initialFilter(foreignKey, wanted)) };
}
