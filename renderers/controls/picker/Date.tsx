// Native date input; the value is YYYY-MM-DD (spec section 3). disable_past/future_dates bound it.
import { rankWith, moduleTypeIs, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { FieldFrame, inputAria } from '../shared/FieldFrame';
import { asText } from '../shared/values';

export function today(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function DateControl(props: ControlProps) {
  const { field, value, onChange, id, readOnly } = props;
  const { disablePastDates, disableFutureDates } = field.options.date;
  const text = asText(value).slice(0, 10);
  return (
    <FieldFrame props={props}>
      <input
        id={id}
        name={field.key}
        type="date"
        value={text}
        min={disablePastDates ? today() : undefined}
        max={disableFutureDates ? today() : undefined}
        readOnly={readOnly}
        {...inputAria(props)}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
      />
    </FieldFrame>
  );
}

export const dateControlTester = rankWith(RANK.exact, moduleTypeIs('picker', 'date'));
