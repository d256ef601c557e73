import type { ControlProps } from '../../registry/types';
import { ChoiceGroup } from '../shared/ChoiceGroup';

export function CheckboxTextControl(props: ControlProps) {
  return <ChoiceGroup {...props} kind="checkbox" />;
}

export { checkboxTextControlTester } from '../testers';
