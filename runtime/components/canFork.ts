import { COMPONENT_MESSAGE } from './messageKeys';
import { isValidVersionName } from './isValidVersionName';
import { NAME_RULE } from './nameRules';

/** Fork target must be a valid version name (versionNameRule) that does not exist yet; null when allowed. */
export function canFork(versions: readonly string[], name: string): 'versionNameRule' | 'cantForkVersionExists' | null {
  if (!isValidVersionName(name)) return NAME_RULE.versionName;
  if (versions.includes(name)) return COMPONENT_MESSAGE.cantForkVersionExists;
  return null;
}
