// select/relation: the related record's label (the field's relation.label) from the `{key}_RefObj`
// the list answer carries; a value whose record did not come along shows its short id.
import { relationLabel, UNKNOWN_VALUE } from '../controls/select/relation/label';
import type { CellProps } from '../registry/cells';
import { shortId } from './UuidCell';

export function RelationCell({ field, value, row, locale }: CellProps) {
  const values = Array.isArray(value) ? value : value === null || value === undefined || value === '' ? [] : [value];
  if (values.length === 0) return null;
  const companion = row[`${field.key}_RefObj`];
  const related = (Array.isArray(companion) ? companion : companion ? [companion] : []) as Record<string, unknown>[];
  const template = (field.options.customData.relation as { label?: string } | undefined)?.label ?? 'uuid';
  const keyField = field.relation?.key[1] ?? 'uuid';
  const labels = values.map((v) => {
    const record = related.find((r) => String(r[keyField] ?? r.uuid) === String(v));
    const label = record ? relationLabel(template, record, locale) : UNKNOWN_VALUE;
    return label === UNKNOWN_VALUE || label === String(v) ? shortId(String(v)) : label;
  });
  return (
    <span className="cell-chips" title={labels.join(', ')}>
      {labels.map((label, i) => (
        <span key={i} className="cell-chip cell-chip-relation">
          {label}
        </span>
      ))}
    </span>
  );
}
