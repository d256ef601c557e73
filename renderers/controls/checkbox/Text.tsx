import { rankWith, moduleTypeIs, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { ChoiceGroup } from '../shared/ChoiceGroup';

export function CheckboxTextControl(props: ControlProps) {
  return <ChoiceGroup {...props} kind="checkbox" />;
}

export const checkboxTextControlTester = rankWith(RANK.exact, moduleTypeIs('checkbox', 'text'));
