import { describe, expect, it } from 'vitest';
import type { Preset } from '../../../../schemas';
import {
  addPreset,
  defaultPreset,
  DEFAULT_PRESET,
  presetNameError,
  removePreset,
  setDefaultPreset,
  updatePreset,
  visiblePresets,
} from '../../../../renderers/screens/list/presets';

const preset = (name: string, extra: Partial<Preset> = {}, isDefault = false): Preset => ({
  name,
  roles: null,
  context: { default: isDefault, filters: { dateField: 'created_at', filter: name }, expr: null },
  ...extra,
});

const admin = { isAdmin: true, roles: [], env: 'live' };
const user = (env = 'live', roles: string[] = []) => ({ isAdmin: false, roles, env });
const names = (list: Preset[]) => list.map((p) => p.name);

describe('presets', () => {
  it('show the built-in Default first to admins, never a persisted one named Default', () => {
    expect(names(visiblePresets([preset('Default'), preset('Blue')], admin))).toEqual([DEFAULT_PRESET, 'Blue']);
  });

  it('show Default to others only in dev when no preset is the default', () => {
    expect(names(visiblePresets([preset('Blue')], user('live')))).toEqual(['Blue']);
    expect(names(visiblePresets([preset('Blue')], user('dev')))).toEqual([DEFAULT_PRESET, 'Blue']);
    expect(names(visiblePresets([preset('Blue', {}, true)], user('dev')))).toEqual(['Blue']);
  });

  it('show a preset with roles only to those roles or admins', () => {
    const list = [preset('Ops', { roles: ['r-ops'] }), preset('All')];
    expect(names(visiblePresets(list, user('live', ['r-sales'])))).toEqual(['All']);
    expect(names(visiblePresets(list, user('live', ['r-ops'])))).toEqual(['Ops', 'All']);
    expect(names(visiblePresets(list, admin))).toEqual([DEFAULT_PRESET, 'Ops', 'All']);
  });

  it('take the flagged preset as the default, otherwise the first', () => {
    expect(defaultPreset([preset('A'), preset('B', {}, true)])?.name).toBe('B');
    expect(defaultPreset([preset('A'), preset('B')])?.name).toBe('A');
    expect(defaultPreset([])).toBeNull();
  });

  it('fork, update, delete and set default without ever persisting Default', () => {
    const stored = [preset('Default'), preset('A', {}, true), preset('B')];
    const added = addPreset(stored, ' C ', { dateField: 'created_at', filter: 'c' }, ['r1']);
    expect(names(added)).toEqual(['A', 'B', 'C']);
    expect(added[2]).toMatchObject({ roles: ['r1'], context: { default: false, filters: { filter: 'c' } } });
    const updated = updatePreset(stored, 'B', { dateField: 'updated_at' }, []);
    expect(updated[1]).toMatchObject({ name: 'B', roles: null, context: { filters: { dateField: 'updated_at' } } });
    expect(names(removePreset(stored, 'A'))).toEqual(['B']);
    const flagged = setDefaultPreset(stored, 'B');
    expect(flagged.map((p) => p.context?.default)).toEqual([false, true]);
  });

  it('refuse an empty name, Default, or a name in use', () => {
    expect(presetNameError('  ', [])).toBe('required');
    expect(presetNameError('Default', [])).toBe('presetExists');
    expect(presetNameError('A', [preset('A')])).toBe('presetExists');
    expect(presetNameError('New', [preset('A')])).toBeNull();
  });
});
