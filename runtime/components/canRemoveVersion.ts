import { COMPONENT_MESSAGE } from './messageKeys';

export type VersionPointers = {
  versions: readonly string[];
  dev_version: string | null;
  public_version: string | null;
};

/** A version that is live, dev, or the last one cannot be removed; null when allowed. */
export function canRemoveVersion(
  component: VersionPointers,
  name: string,
): 'notFound' | 'versionIsLive' | 'versionIsDev' | 'lastVersionCannotBeRemoved' | null {
  if (!component.versions.includes(name)) return COMPONENT_MESSAGE.notFound;
  if (component.public_version === name) return COMPONENT_MESSAGE.versionIsLive;
  if (component.dev_version === name) return COMPONENT_MESSAGE.versionIsDev;
  if (component.versions.length <= 1) return COMPONENT_MESSAGE.lastVersionCannotBeRemoved;
  return null;
}
