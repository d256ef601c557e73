import { rankWith, moduleTypeIs, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { ChoiceGroup } from '../shared/ChoiceGroup';

export function RadioTextControl(props: ControlProps) {
  return <ChoiceGroup {...props} kind="radio" />;
}

export const radioTextControlTester = rankWith(RANK.exact, moduleTypeIs('radio', 'text'));
