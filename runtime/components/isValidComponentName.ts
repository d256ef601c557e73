import { COMPONENT_NAME_PATTERN } from '../../schemas/names';

const PATTERN = new RegExp(COMPONENT_NAME_PATTERN);

/** Component name: 2..64 of letters, digits, '_', '-'. */
export function isValidComponentName(name: unknown): name is string {
  return typeof name === 'string' && PATTERN.test(name);
}
