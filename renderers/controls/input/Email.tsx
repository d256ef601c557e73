import type { ControlProps } from '../../registry/types';
import { TextLikeInput } from './Text';

export function EmailControl(props: ControlProps) {
  return <TextLikeInput {...props} inputType="email" />;
}

export { emailControlTester } from '../testers';
