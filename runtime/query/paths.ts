// The paths a query may name, from the caller's compiled ViewSchema: visible, non-hashed fields,
// the locale paths of text_i18n fields ('title.locales.sr'), the two ends of a picker/daterange
// field ('stay.startDate', 'stay.endDate') and the system columns. A known field the
// caller may not see (or a hashed one) is refused with 403; anything else unknown with 400.
import type { ViewField, ViewSchema } from '../../schemas/viewSchema.schema';
import { RANGE_MEMBERS, SYSTEM_COLUMNS, type DataKind, type QueryPath, type RangeMember, type SystemColumn } from './types';

export type PathLookup = { ok: true; path: QueryPath; field: ViewField | null } | { ok: false; reason: 'unknown' | 'notVisible' };

const I18N_TYPES = new Set(['text_i18n', 'editor_i18n']);
const LOCALE = /^[A-Za-z]{2,3}(?:[_-][A-Za-z0-9]{2,8})?$/;
const NUMBER_RENDERERS = new Set(['input/number', 'select/number', 'radio/number']);
const DATE_RENDERERS = new Set(['picker/date', 'picker/datetime']);
/** Fields whose value is one piece of text: the default `filterOn`. */
const SEARCHABLE_RENDERERS = new Set([
  'input/text', 'input/email', 'select/text', 'radio/text', 'text/default', 'text/editor', 'reference/text', 'select/external',
]);

export function isI18nField(field: ViewField): boolean {
  return I18N_TYPES.has(field.type);
}

/** How a field's value compares in SQL. */
export function dataKindOf(field: ViewField): DataKind {
  if (field.options.multiple) return 'json';
  if (NUMBER_RENDERERS.has(field.renderer)) return 'number';
  if (DATE_RENDERERS.has(field.renderer)) return 'date';
  if (field.renderer === 'checkbox/bool') return 'bool';
  if (isI18nField(field)) return 'json';
  switch (field.module) {
    case 'input':
    case 'select':
    case 'radio':
    case 'text':
    case 'reference':
    case 'picker':
      return field.renderer === 'picker/daterange' ? 'json' : 'text';
    default:
      return 'json';
  }
}

export function isSearchable(field: ViewField): boolean {
  return field.visible && !field.hashed && !field.options.multiple && SEARCHABLE_RENDERERS.has(field.renderer);
}

export function isDateField(field: ViewField): boolean {
  return DATE_RENDERERS.has(field.renderer) && !field.options.multiple;
}

export function isDateRangeField(field: ViewField): boolean {
  return field.renderer === 'picker/daterange' && !field.options.multiple;
}

function isRangeMember(name: string): name is RangeMember {
  return (RANGE_MEMBERS as readonly string[]).includes(name);
}

export function isSystemColumn(name: string): name is SystemColumn {
  return (SYSTEM_COLUMNS as readonly string[]).includes(name);
}

export class PathCatalogue {
  readonly #fields: Map<string, ViewField>;

  constructor(readonly view: Pick<ViewSchema, 'fields'>) {
    this.#fields = new Map(view.fields.map((field) => [field.key, field]));
  }

  field(key: string): ViewField | undefined {
    return this.#fields.get(key);
  }

  /** The default search fields: the visible text fields. */
  searchable(): QueryPath[] {
    return this.view.fields.filter(isSearchable).map((field) => ({ source: 'data', key: field.key, kind: 'text', path: field.key }));
  }

  lookup(path: unknown): PathLookup {
    if (typeof path !== 'string' || path.length === 0 || path.length > 200) return { ok: false, reason: 'unknown' };
    if (isSystemColumn(path)) return { ok: true, path: { source: 'column', column: path, path }, field: null };
    const direct = this.#fields.get(path);
    if (direct) {
      if (!direct.visible || direct.hashed) return { ok: false, reason: 'notVisible' };
      return { ok: true, path: { source: 'data', key: direct.key, kind: dataKindOf(direct), path }, field: direct };
    }
    const parts = path.split('.');
    if (parts.length === 3 && parts[1] === 'locales') {
      const field = this.#fields.get(parts[0]!);
      if (field && isI18nField(field) && LOCALE.test(parts[2]!)) {
        if (!field.visible || field.hashed) return { ok: false, reason: 'notVisible' };
        return { ok: true, path: { source: 'locale', key: field.key, locale: parts[2]!, path }, field };
      }
    }
    if (parts.length === 2) {
      const field = this.#fields.get(parts[0]!);
      const member = parts[1]!;
      if (field && isDateRangeField(field) && isRangeMember(member)) {
        if (!field.visible || field.hashed) return { ok: false, reason: 'notVisible' };
        return { ok: true, path: { source: 'range', key: field.key, member, path }, field };
      }
    }
    return { ok: false, reason: 'unknown' };
  }
}
