import { COMPONENT_MESSAGE } from './messageKeys';

/** The live version's fields and integrations cannot change; null when the version may be edited. */
export function canEditFields(component: { public_version: string | null }, version: string): 'liveVersionNotEditable' | null {
  return component.public_version === version ? COMPONENT_MESSAGE.liveVersionNotEditable : null;
}
