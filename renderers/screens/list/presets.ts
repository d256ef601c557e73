// Presets (spec sections 3 and 4): which a user sees, which is the default, and the edits the list
// saves through the settings update. Pure functions over the settings' presets.
import type { Preset, PresetFilters } from '../../../schemas';

/** The built-in preset: never persisted, its filters are the empty ones. */
export const DEFAULT_PRESET = 'Default';

export interface PresetViewer {
  isAdmin: boolean;
  roles: readonly string[];
  env: string;
}

export const builtInDefault = (): Preset => ({ name: DEFAULT_PRESET, roles: null, context: { default: false, filters: { dateField: 'created_at' }, expr: null } });

export const isBuiltIn = (preset: Pick<Preset, 'name'> | null | undefined): boolean => preset?.name === DEFAULT_PRESET;

/** What is stored: never a preset named Default. */
export function persistedPresets(presets: readonly Preset[] | undefined): Preset[] {
  return (presets ?? []).filter((p) => !isBuiltIn(p));
}

/** A preset with roles shows only to those roles, or to admins. */
export function canSeePreset(preset: Preset, viewer: PresetViewer): boolean {
  if (viewer.isAdmin || !preset.roles || preset.roles.length === 0) return true;
  return preset.roles.some((role) => viewer.roles.includes(role));
}

/** The presets a viewer may pick: Default (built-in) first, shown only to admins, or in dev when no preset is the default. */
export function visiblePresets(presets: readonly Preset[] | undefined, viewer: PresetViewer): Preset[] {
  const own = persistedPresets(presets).filter((p) => canSeePreset(p, viewer));
  const hasDefault = own.some((p) => p.context?.default === true);
  return viewer.isAdmin || (viewer.env === 'dev' && !hasDefault) ? [builtInDefault(), ...own] : own;
}

/** The default preset: the one flagged default, otherwise the first. */
export function defaultPreset(presets: readonly Preset[]): Preset | null {
  return presets.find((p) => p.context?.default === true) ?? presets[0] ?? null;
}

export type PresetNameError = 'required' | 'presetExists' | null;

export function presetNameError(name: string, presets: readonly Preset[] | undefined): PresetNameError {
  const trimmed = name.trim();
  if (trimmed === '') return 'required';
  if (isBuiltIn({ name: trimmed }) || (presets ?? []).some((p) => p.name === trimmed)) return 'presetExists';
  return null;
}

const rolesOrNull = (roles: readonly string[]): string[] | null => (roles.length > 0 ? [...roles] : null);

/** Fork: the current filters saved under a new name. */
export function addPreset(presets: readonly Preset[] | undefined, name: string, filters: PresetFilters, roles: readonly string[]): Preset[] {
  return [...persistedPresets(presets), { name: name.trim(), roles: rolesOrNull(roles), context: { default: false, filters, expr: null } }];
}

export function updatePreset(presets: readonly Preset[] | undefined, name: string, filters: PresetFilters, roles: readonly string[]): Preset[] {
  return persistedPresets(presets).map((p) =>
    p.name === name ? { ...p, roles: rolesOrNull(roles), context: { default: p.context?.default ?? false, expr: p.context?.expr ?? null, filters } } : p,
  );
}

export function removePreset(presets: readonly Preset[] | undefined, name: string): Preset[] {
  return persistedPresets(presets).filter((p) => p.name !== name);
}

/** Only one preset carries the default flag. */
export function setDefaultPreset(presets: readonly Preset[] | undefined, name: string): Preset[] {
  return persistedPresets(presets).map((p) => ({ ...p, context: { default: p.name === name, filters: p.context?.filters ?? {}, expr: p.context?.expr ?? null } }));
}
