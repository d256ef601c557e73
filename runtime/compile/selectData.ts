// What the relation and image selects read beside their options, compiled into customData (the
// ViewField's open bag) so renderers never read raw settings:
// - select/relation: customData.relation = { label, searchOn } from constraints.relation (spec section 3
//   "Constraints": label is 'uuid' or a double-brace template; searchOn the foreign fields searched).
//   No label: the related component's first text field, known once its settings are (relationDisplayFor).
// - select/image: customData.images = { [item value as text]: image url } from the items' image.
import { localizeLabel } from './localizeLabel';

export interface RelationDisplay {
  /**
   * 'uuid', a field key or a template such as '{{name}} ({{code}})'; null when the admin set none:
   * then the related component's first text field labels its records (relationDisplayFor).
   */
  label: string | null;
  /** Foreign field keys the search runs on; empty: the label's fields. */
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
  const label = typeof given.label === 'string' && given.label.trim() !== '' ? given.label.trim() : null;
  const listed = Array.isArray(given.searchOn) ? given.searchOn : typeof given.searchOn === 'string' ? given.searchOn.split(',') : [];
  const searchOn = listed.filter((key): key is string => typeof key === 'string').map((key) => key.trim()).filter(Boolean);
  return { label, searchOn: searchOn.length > 0 || label === null ? searchOn : templateKeys(label) };
}

/** Field types whose value reads as a record's name: one line of text. */
const TEXT_FIELD_TYPES = new Set(['input/text', 'input/text_i18n', 'input/email']);

interface ForeignField {
  key?: string | null;
  module?: string | null;
  type?: string | null;
  sortOrder?: number | null;
  constraints?: { hashed?: boolean | null } | null;
}

/** The key of a component's first readable text field (in sortOrder), or null when it has none. */
export function firstTextField(fields: readonly ForeignField[]): string | null {
  const ordered = fields.map((field, index) => ({ field, index })).sort((a, b) => (a.field.sortOrder ?? 0) - (b.field.sortOrder ?? 0) || a.index - b.index);
  const found = ordered.find(({ field }) => !!field.key && TEXT_FIELD_TYPES.has(`${field.module}/${field.type}`) && field.constraints?.hashed !== true);
  return found?.field.key ?? null;
}

/**
 * The label and search a relation select uses: the admin's, else the related component's first text
 * field (`foreignFields`, null while unknown), else uuid; the search runs on the label's fields unless
 * searchOn names others.
 */
export function relationDisplayFor(display: RelationDisplay, foreignFields: readonly ForeignField[] | null): { label: string; searchOn: string[] } {
  const label = display.label ?? (foreignFields ? firstTextField(foreignFields) : null) ?? 'uuid';
  return { label, searchOn: display.searchOn.length > 0 ? display.searchOn : templateKeys(label) };
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
