import type { ControlProps } from '../../registry/types';
import { SelectInput } from '../shared/SelectInput';

export function SelectTextControl(props: ControlProps) {
  return <SelectInput {...props} numeric={false} />;
}

export { selectTextControlTester } from '../testers';
