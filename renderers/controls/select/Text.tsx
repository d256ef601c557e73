import { rankWith, moduleTypeIs, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { SelectInput } from '../shared/SelectInput';

export function SelectTextControl(props: ControlProps) {
  return <SelectInput {...props} numeric={false} />;
}

export const selectTextControlTester = rankWith(RANK.exact, moduleTypeIs('select', 'text'));
