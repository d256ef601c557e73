// What the relation and image selects read beside their options, compiled into customData (the
// ViewField's open bag) so renderers never read raw settings:
// - select/relation: customData.relation = { label, searchOn } from constraints.relation (spec section 3
//   "Constraints": label is 'uuid' or a double-brace template; searchOn the foreign fields searched).
// - select/image: customData.images = { [item value as text]: image url } from the items' image.
import { localizeLabel } from './localizeLabel';

export interface RelationDisplay {
  /** 'uuid' or a template such as '{{name}} ({{code}})'. */
  label: string;
  /** Foreign field keys the search runs on; empty: the template's fields (or uuid). */
  searchOn: string[];
}

const TEMPLATE_KEY = /\{\{\s*([\w.-]+)\s*\}\}/g;

/** The field keys a label template names, in order, without repeats ('uuid' alone names uuid). */
export function templateKeys(label: string): string[] {
  const keys: string[] = [];
  for (const match of label.matchAll(TEMPLATE_KEY)) if (!keys.includes(match[1]!)) keys.push(match[1]!);
  if (keys.length === 0 && label.trim() !== '') keys.push(label.trim());
  return keys;
}

export function relationDisplay(raw: unknown): RelationDisplay {
  const given = raw && typeof raw === 'object' ? (raw as { label?: unknown; searchOn?: unknown }) : {};
  const label = typeof given.label === 'string' && given.label.trim() !== '' ? given.label.trim() : 'uuid';
  const listed = Array.isArray(given.searchOn) ? given.searchOn : typeof given.searchOn === 'string' ? given.searchOn.split(',') : [];
  const searchOn = listed.filter((key): key is string => typeof key === 'string').map((key) => key.trim()).filter(Boolean);
  return { label, searchOn: searchOn.length > 0 ? searchOn : templateKeys(label) };
}

/** Item value (as text) -> image url, for items that carry one (image, img, src or url). */
export function itemImages(items: unknown, locale: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(items)) return out;
  for (const item of items) {
    if (!item || typeof item !== 'object' || !('value' in item)) continue;
    const { value, image, img, src, url } = item as Record<string, unknown>;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') continue;
    const picked = [image, img, src, url].find((candidate) => typeof candidate === 'string' || (candidate && typeof candidate === 'object'));
    const text = typeof picked === 'string' ? picked : picked ? localizeLabel(picked, locale, '') : '';
    if (text !== '' && !(String(value) in out)) out[String(value)] = text;
  }
  return out;
}

/** The customData of a relation or image select, with its compiled extras. */
export function withSelectData(module: string, type: string, constraints: { relation?: unknown; selectables?: { items?: unknown } }, customData: Record<string, unknown>, locale: string): Record<string, unknown> {
  if (module !== 'select') return customData;
  if (type === 'relation') return { ...customData, relation: relationDisplay(constraints.relation) };
  if (type === 'image') return { ...customData, images: itemImages(constraints.selectables?.items, locale) };
  return customData;
}
