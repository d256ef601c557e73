// The compiled server's list of the plugins' field-type modules (src/server/platform/plugin-types.ts,
// written by scripts/build-server.mjs): the committed file names every plugins/<name>/type.ts, so the
// bundle holds each one and LUMA_PLUGINS may enable any of them without a build step of its own.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pluginTypeModules } from '../../../src/server/platform/plugin-types';
// @ts-expect-error a plain .mjs script without type declarations
import { PLUGIN_TYPES_FILE, pluginsWithTypes, pluginTypesSource } from '../../../scripts/build-server.mjs';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

describe('the plugins in the compiled server', () => {
  it('the committed list matches plugins/ (npm run build writes it again)', () => {
    const names = pluginsWithTypes(ROOT) as string[];
    expect(names).toContain('star-rating');
    expect(readFileSync(`${ROOT}${PLUGIN_TYPES_FILE}`, 'utf8')).toBe(pluginTypesSource(names));
    expect(Object.keys(pluginTypeModules).sort()).toEqual(names);
  });

  it('each listed module declares its field types', () => {
    for (const [name, module] of Object.entries(pluginTypeModules)) expect(Array.isArray(module.fieldTypes), name).toBe(true);
  });
});
