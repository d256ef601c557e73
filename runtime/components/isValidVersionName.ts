import { VERSION_NAME_PATTERN } from '../../schemas/names';

const PATTERN = new RegExp(VERSION_NAME_PATTERN);

/** Version name: 1..32 of letters, digits, '.', '_', '-'. */
export function isValidVersionName(name: unknown): name is string {
  return typeof name === 'string' && PATTERN.test(name);
}
