import type { ComponentSettings, ViewColumn, ViewField } from '../../schemas';
import { localizeLabel } from './localizeLabel';

export const VIRTUAL_COLUMNS = ['uuid', 'disabled_at', 'created_at', 'updated_at'] as const;
export type VirtualColumn = (typeof VIRTUAL_COLUMNS)[number];

/** Renderers whose value is one scalar: the list can sort on them. */
const SORTABLE = new Set([
  'input/text', 'input/email', 'input/number', 'select/text', 'select/number', 'select/relation', 'select/external',
  'picker/date', 'picker/time', 'picker/datetime', 'checkbox/bool', 'radio/text', 'radio/number', 'reference/text',
]);

interface ColumnInput {
  settings: Pick<ComponentSettings, 'list' | 'model'> & Partial<Pick<ComponentSettings, 'fields'>>;
  fields: ViewField[];
  locale: string;
  virtualLabels: Record<VirtualColumn, string>;
}

type Picked = { provided_template_component?: boolean; component_template?: { component: string; template: string } | null } | undefined;
/** A picked template that is on: the value only counts with provided_template_component. */
const pickedOf = (entry: Picked) => (entry?.provided_template_component && entry.component_template ? { ...entry.component_template } : undefined);

/**
 * List columns (spec section 3, "List field"): list.fields in sortOrder when set, else the visible
 * fields, then the virtual columns the model offers (disabled_at when model.disable, created_at and
 * updated_at when model.timestamps) and the uuid last: the record's own fields come first and the
 * first of them links to the record (issue 29 item 7). Columns the caller may not see, hashed fields
 * and virtual columns the model does not offer are left out. A column drawn by a component template
 * (docs/forge.md "Template cells") carries it: the list column's own, else its field definition's.
 */
export function compileColumns({ settings, fields, locale, virtualLabels }: ColumnInput): ViewColumn[] {
  const offered = new Set<string>(['uuid']);
  if (settings.model?.disable) offered.add('disabled_at');
  if (settings.model?.timestamps) offered.add('created_at').add('updated_at');
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const definitions = new Map((settings.fields ?? []).map((field) => [field.key, field as Picked]));
  const fieldColumn = (field: ViewField, label: unknown, formatter: string | null, entry?: Picked): ViewColumn => {
    const template = pickedOf(entry) ?? pickedOf(definitions.get(field.key));
    return {
      key: field.key,
      label: localizeLabel(label, locale, field.label),
      virtual: false,
      sortable: !field.options.multiple && SORTABLE.has(field.renderer),
      formatter,
      ...(template ? { template } : {}),
    };
  };
  const virtualColumn = (key: VirtualColumn, label: unknown, formatter: string | null, entry?: Picked): ViewColumn => {
    const template = pickedOf(entry);
    return { key, label: localizeLabel(label, locale, virtualLabels[key]), virtual: true, sortable: true, formatter, ...(template ? { template } : {}) };
  };
  const listed = settings.list?.fields ?? [];
  if (listed.length === 0) {
    const visible = fields.filter((field) => field.visible && !field.hashed).map((field) => fieldColumn(field, null, null));
    const virtual = VIRTUAL_COLUMNS.filter((key) => offered.has(key)).map((key) => virtualColumn(key, null, null));
    return [...visible, ...virtual.slice(1), ...virtual.slice(0, 1)];
  }
  const columns: ViewColumn[] = [];
  const seen = new Set<string>();
  const ordered = listed.map((entry, index) => ({ entry, index })).sort((a, b) => (a.entry.sortOrder ?? 0) - (b.entry.sortOrder ?? 0) || a.index - b.index);
  for (const { entry } of ordered) {
    if (seen.has(entry.key)) continue;
    const field = byKey.get(entry.key);
    if (field) {
      if (!field.visible || field.hashed) continue;
      columns.push(fieldColumn(field, entry.label, entry.formatter ?? null, entry));
    } else if ((VIRTUAL_COLUMNS as readonly string[]).includes(entry.key) && offered.has(entry.key)) {
      columns.push(virtualColumn(entry.key as VirtualColumn, entry.label, entry.formatter ?? null, entry));
    } else continue;
    seen.add(entry.key);
  }
  return columns;
}
