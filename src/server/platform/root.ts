// The project's root directory (the one whose package.json is named "luma"), found from this
// module's own place: src/server/platform/ under tsx, dist/server/ in the compiled server
// (scripts/build-server.mjs), so the built app (dist/app) and plugins/ are found from either.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | null = null;

/** The first directory from `start` upwards holding a package.json named "luma". */
export function findProjectRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && isLuma(manifest)) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json named "luma" above ${start}`);
  }
}

function isLuma(manifest: string): boolean {
  try {
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === 'luma';
  } catch {
    return false;
  }
}

/** The project's root directory (cached: it does not move while the server runs). */
export function projectRoot(): string {
  root ??= findProjectRoot(dirname(fileURLToPath(import.meta.url)));
  return root;
}

let version: string | null = null;

/** The running Luma's version, from the root's package.json (cached). */
export function lumaVersion(): string {
  version ??= (JSON.parse(readFileSync(join(projectRoot(), 'package.json'), 'utf8')) as { version: string }).version;
  return version;
}
