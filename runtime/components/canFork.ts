import { COMPONENT_MESSAGE } from './messageKeys';
import { isValidVersionName } from './isValidVersionName';

/** Fork target must be a valid version name that does not exist yet; null when allowed. */
export function canFork(versions: readonly string[], name: string): 'invalidInput' | 'cantForkVersionExists' | null {
  if (!isValidVersionName(name)) return COMPONENT_MESSAGE.invalidInput;
  if (versions.includes(name)) return COMPONENT_MESSAGE.cantForkVersionExists;
  return null;
}
