// Items already include the from..to range (compiled once, sorted).
import { rankWith, moduleTypeIs, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { SelectInput } from '../shared/SelectInput';

export function SelectNumberControl(props: ControlProps) {
  return <SelectInput {...props} numeric />;
}

export const selectNumberControlTester = rankWith(RANK.exact, moduleTypeIs('select', 'number'));
