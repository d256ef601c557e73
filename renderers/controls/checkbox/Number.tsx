import { rankWith, moduleTypeIs, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { ChoiceGroup } from '../shared/ChoiceGroup';

export function CheckboxNumberControl(props: ControlProps) {
  return <ChoiceGroup {...props} kind="checkbox" />;
}

export const checkboxNumberControlTester = rankWith(RANK.exact, moduleTypeIs('checkbox', 'number'));
