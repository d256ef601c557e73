// The project's root (src/server/platform/root.ts): found upwards from the module's own directory by
// the package.json named "luma", so src/server/platform/ and the compiled dist/server/ both find
// dist/app and plugins/ (config.ts, plugins.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { findProjectRoot, projectRoot } from '../../../src/server/platform/root';
import { loadConfig } from '../../../src/server/platform/config';

const scratch = mkdtempSync(join(tmpdir(), 'luma-root-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the project root', () => {
  it('is this repository from the sources, and the default app directory is its dist/app', () => {
    const repo = fileURLToPath(new URL('../../../', import.meta.url)).replace(/\/$/, '');
    expect(projectRoot()).toBe(repo);
    expect(loadConfig({}).appDir).toBe(join(repo, 'dist', 'app'));
  });

  it('walks past a package.json of another name (a dependency) to the one named luma, from any depth', () => {
    writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'luma' }));
    mkdirSync(join(scratch, 'dist', 'server'), { recursive: true });
    mkdirSync(join(scratch, 'node_modules', 'other', 'lib'), { recursive: true });
    writeFileSync(join(scratch, 'node_modules', 'other', 'package.json'), JSON.stringify({ name: 'other' }));
    expect(findProjectRoot(join(scratch, 'dist', 'server'))).toBe(scratch);
    expect(findProjectRoot(join(scratch, 'node_modules', 'other', 'lib'))).toBe(scratch);
  });

  it('says so when no luma package.json is above', () => {
    expect(() => findProjectRoot(tmpdir())).toThrow(/no package.json named "luma"/);
  });
});
