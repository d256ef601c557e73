// Each area's catalogue (runtime/i18n/<area>.en_US.ts) and each part of the main one
// (runtime/i18n/en_US/<part>.ts) owns its keys: a key defined in two would show whichever is spread
// last, so a screen could show another area's text.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = join(__dirname, '../../runtime/i18n');

describe('area catalogues', () => {
  it('define every key once across areas', async () => {
    const owner = new Map<string, string>();
    const duplicates: string[] = [];
    const areas = readdirSync(dir).filter((name) => name.endsWith('.en_US.ts'));
    const parts = readdirSync(join(dir, 'en_US'))
      .filter((name) => name.endsWith('.ts') && name !== 'index.ts')
      .map((name) => join('en_US', name));
    expect(parts.length).toBeGreaterThan(1);
    for (const file of [...areas, ...parts]) {
      const module = (await import(join(dir, file))) as Record<string, unknown>;
      for (const value of Object.values(module)) {
        if (!value || typeof value !== 'object') continue;
        for (const key of Object.keys(value)) {
          const first = owner.get(key);
          if (first && first !== file) duplicates.push(`${key}: ${first} and ${file}`);
          else owner.set(key, file);
        }
      }
    }
    expect(owner.size).toBeGreaterThan(100);
    expect(duplicates).toEqual([]);
  });
});
