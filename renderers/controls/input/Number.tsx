import { useState } from 'react';
import { rankWith, moduleTypeIs, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { FieldFrame, inputAria } from '../shared/FieldFrame';
import { asText, parseNumber } from '../shared/values';

export function NumberControl(props: ControlProps) {
  const { field, value, onChange, id, readOnly } = props;
  // The text as typed ("1." or "-") stays while the stored value is the parsed number.
  const [text, setText] = useState(asText(value));
  const shown = parseNumber(text) === (typeof value === 'number' ? value : parseNumber(asText(value))) ? text : asText(value);
  return (
    <FieldFrame props={props}>
      <input
        id={id}
        name={field.key}
        type="number"
        inputMode="decimal"
        step="any"
        value={shown}
        min={field.options.min ?? undefined}
        max={field.options.max ?? undefined}
        placeholder={field.options.placeholder || undefined}
        readOnly={readOnly}
        {...inputAria(props)}
        onChange={(e) => {
          setText(e.target.value);
          onChange(parseNumber(e.target.value));
        }}
      />
    </FieldFrame>
  );
}

export const numberControlTester = rankWith(RANK.exact, moduleTypeIs('input', 'number'));
