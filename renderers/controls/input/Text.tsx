import { rankWith, moduleTypeIs, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { FieldFrame, inputAria } from '../shared/FieldFrame';
import { asText } from '../shared/values';

/** A one-line input; Email and the others reuse it with their own input type. */
export function TextLikeInput(props: ControlProps & { inputType: 'text' | 'email' | 'password' }) {
  const { field, value, onChange, id, readOnly, inputType } = props;
  return (
    <FieldFrame props={props}>
      <input
        id={id}
        name={field.key}
        type={inputType}
        value={asText(value)}
        placeholder={field.options.placeholder || undefined}
        readOnly={readOnly}
        maxLength={inputType === 'email' ? undefined : field.options.length.max ?? undefined}
        autoComplete={inputType === 'password' ? 'new-password' : undefined}
        {...inputAria(props)}
        onChange={(e) => onChange(e.target.value)}
      />
    </FieldFrame>
  );
}

export function TextControl(props: ControlProps) {
  return <TextLikeInput {...props} inputType="text" />;
}

export const textControlTester = rankWith(RANK.exact, moduleTypeIs('input', 'text'));
