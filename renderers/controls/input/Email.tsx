import { rankWith, moduleTypeIs, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { TextLikeInput } from './Text';

export function EmailControl(props: ControlProps) {
  return <TextLikeInput {...props} inputType="email" />;
}

export const emailControlTester = rankWith(RANK.exact, moduleTypeIs('input', 'email'));
