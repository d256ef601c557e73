// Native time input; the value is HH:mm, or HH:mm:ss when custom_data.showSeconds is on.
import { rankWith, moduleTypeIs, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { FieldFrame, inputAria } from '../shared/FieldFrame';
import { asText } from '../shared/values';

export function TimeControl(props: ControlProps) {
  const { field, value, onChange, id, readOnly } = props;
  const data = field.options.customData;
  const minuteStep = typeof data.minuteStep === 'number' && data.minuteStep > 0 ? data.minuteStep : 1;
  const step = data.showSeconds === true ? 1 : minuteStep * 60;
  return (
    <FieldFrame props={props}>
      <input
        id={id}
        name={field.key}
        type="time"
        step={step}
        value={asText(value)}
        readOnly={readOnly}
        {...inputAria(props)}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
      />
    </FieldFrame>
  );
}

export const timeControlTester = rankWith(RANK.exact, moduleTypeIs('picker', 'time'));
