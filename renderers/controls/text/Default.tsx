import { rankWith, moduleTypeIs, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { FieldFrame, inputAria } from '../shared/FieldFrame';
import { asText } from '../shared/values';

export function TextAreaControl(props: ControlProps) {
  const { field, value, onChange, id, readOnly } = props;
  return (
    <FieldFrame props={props}>
      <textarea
        id={id}
        name={field.key}
        rows={4}
        value={asText(value)}
        placeholder={field.options.placeholder || undefined}
        readOnly={readOnly}
        {...inputAria(props)}
        onChange={(e) => onChange(e.target.value)}
      />
    </FieldFrame>
  );
}

export const textAreaControlTester = rankWith(RANK.exact, moduleTypeIs('text', 'default'));
