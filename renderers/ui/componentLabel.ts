// How a component is named on screen: its label in the user's locale, else displayName, else name.
import type { Locale } from '../../runtime/i18n';

export interface Labelled {
  name: string;
  displayName?: string;
  label?: Record<string, string> | null;
}

export function componentLabel(component: Labelled, locale: Locale): string {
  const own = component.label?.[locale]?.trim();
  if (own) return own;
  const anyLabel = Object.values(component.label ?? {}).find((l) => l.trim() !== '');
  return component.displayName?.trim() || anyLabel || component.name;
}

/** The settings path of a component ref (uuid, or "scope/name"). */
export const settingsPath = (ref: string): string => `/admin/component/${ref}/settings`;
