import type { ControlProps } from '../../registry/types';
import { ChoiceGroup } from '../shared/ChoiceGroup';

export function CheckboxNumberControl(props: ControlProps) {
  return <ChoiceGroup {...props} kind="checkbox" />;
}

export { checkboxNumberControlTester } from '../testers';
