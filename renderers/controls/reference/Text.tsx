// A reference shows its value read-only.
import { rankWith, moduleTypeIs, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { FieldFrame } from '../shared/FieldFrame';
import { asText } from '../shared/values';

export function ReferenceTextControl(props: ControlProps) {
  const { field, value, id } = props;
  return (
    <FieldFrame props={props}>
      <input id={id} name={field.key} value={asText(value)} readOnly aria-readonly="true" className="readonly-input" />
    </FieldFrame>
  );
}

export const referenceTextControlTester = rankWith(RANK.exact, moduleTypeIs('reference', 'text'));
