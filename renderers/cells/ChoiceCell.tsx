// select, radio and checkbox (text and number): the labels of the chosen items, as the form shows
// them, never the stored values. A value without an item (a custom value) shows as stored.
import type { CellProps } from '../registry/cells';
import { localised } from './format';

export function ChoiceCell({ field, value, locale }: CellProps) {
  const values = Array.isArray(value) ? value : value === null || value === undefined || value === '' ? [] : [value];
  if (values.length === 0) return null;
  const labelOf = (v: unknown) => {
    const item = field.options.items.find((i) => String(i.value) === String(v));
    return item ? item.label : String(localised(v, locale) ?? '');
  };
  const labels = values.map(labelOf);
  return (
    <span className="cell-chips" title={labels.join(', ')}>
      {labels.map((label, i) => (
        <span key={i} className="cell-chip">
          {label}
        </span>
      ))}
    </span>
  );
}
