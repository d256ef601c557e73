import { rankWith, moduleTypeIs, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { ChoiceGroup } from '../shared/ChoiceGroup';

export function RadioNumberControl(props: ControlProps) {
  return <ChoiceGroup {...props} kind="radio" />;
}

export const radioNumberControlTester = rankWith(RANK.exact, moduleTypeIs('radio', 'number'));
