// On the edit page the stored password never reaches the browser: the field shows the placeholder
// token, and the form sends nothing for it unless the user types a new one (screens/payload.ts).
import { PASSWORD_TOKEN } from '../../../runtime/validation';
import { rankWith, moduleTypeIs, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { TextLikeInput } from './Text';

export { PASSWORD_TOKEN };

export function PasswordControl(props: ControlProps) {
  return <TextLikeInput {...props} inputType="password" />;
}

export const passwordControlTester = rankWith(RANK.exact, moduleTypeIs('input', 'password'));
