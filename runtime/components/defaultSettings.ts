import type { ComponentSettings } from '../../schemas';

/** A new version's model: no fields, every part at its schema default. */
export function defaultSettings(version: string): ComponentSettings {
  return {
    version,
    appearance: { icon: null, list_entrypoint: null, create_entrypoint: null, edit_entrypoint: null },
    presets: [],
    list: { fields: [] },
    fields: [],
    model: { events: [], disable: false, timestamps: true, cleanup_after: null },
    functions: [],
    actions: [],
    config: {},
    integrations: [],
    routes: {},
    templates: [],
    templates_dist: null,
  };
}
