// Selectables of select, checkbox and radio fields: items (one per line, "value" or "value | label"),
// custom values, multiple choice and, for number items, a numeric range.
import { FormattedMessage } from 'react-intl';
import type { Constraints } from '../../../../../../schemas';
import { Checkbox, FieldErrors, NumberInput, WrapField } from '../controls';

type Selectables = NonNullable<Constraints['selectables']>;
type Item = NonNullable<Selectables['items']>[number];

export function itemsToText(items: readonly Item[] | undefined): string {
  return (items ?? [])
    .map((item) => {
      if (typeof item !== 'object' || item === null) return String(item);
      const label = typeof item.label === 'string' ? item.label : undefined;
      return label && label !== String(item.value) ? `${String(item.value)} | ${label}` : String(item.value);
    })
    .join('\n');
}

export function textToItems(text: string): Item[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [value, ...rest] = line.split('|');
      const label = rest.join('|').trim();
      return label ? { value: value!.trim(), label } : { value: value!.trim(), label: value!.trim() };
    });
}

export function SelectablesEditor({ constraints, set, errors, range }: { constraints: Partial<Constraints>; set: (patch: Partial<Constraints>) => void; errors: Record<string, string[]>; range: boolean }) {
  const s: Selectables = constraints.selectables ?? {};
  const put = (patch: Partial<Selectables>) => set({ selectables: { ...s, ...patch } });
  return (
    <div data-testid="selectables-editor">
      <WrapField label={<FormattedMessage id="cmp.fields.items" />}>
        <textarea name="field.constraints.selectables.items" rows={4} defaultValue={itemsToText(s.items)} onChange={(e) => put({ items: textToItems(e.target.value) })} />
        <small className="muted">
          <FormattedMessage id="cmp.fields.itemsHint" />
        </small>
        <FieldErrors messages={errors['constraints.selectables.items']} />
      </WrapField>
      <div className="check-grid">
        <Checkbox name="field.constraints.selectables.custom" label={<FormattedMessage id="cmp.fields.customValues" />} checked={s.custom ?? false} onChange={(custom) => put({ custom })} />
        <Checkbox name="field.constraints.selectables.multiple" label={<FormattedMessage id="cmp.fields.multiple" />} checked={s.multiple ?? false} onChange={(multiple) => put({ multiple })} />
      </div>
      {range ? (
        <div className="form-grid" data-testid="selectables-range">
          <NumberInput name="field.constraints.selectables.range.from" label={<FormattedMessage id="cmp.fields.rangeFrom" />} value={s.range?.from ?? null} onChange={(from) => put({ range: { to: s.range?.to ?? null, from } })} />
          <NumberInput name="field.constraints.selectables.range.to" label={<FormattedMessage id="cmp.fields.rangeTo" />} value={s.range?.to ?? null} onChange={(to) => put({ range: { from: s.range?.from ?? null, to } })} />
        </div>
      ) : null}
    </div>
  );
}
