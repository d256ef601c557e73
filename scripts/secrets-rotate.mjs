#!/usr/bin/env node
// `npm run secrets:rotate` (docs/security.md "Rotating the key"): the compiled command
// (dist/server/secrets-rotate.js) when the build is up to date or the dev dependencies are not
// installed (production), else the sources through tsx.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { buildState, ROOT } from './build.mjs';

const compiled = join(ROOT, 'dist/server/secrets-rotate.js');

function hasTsx() {
  try {
    createRequire(import.meta.url).resolve('tsx');
    return true;
  } catch {
    return false;
  }
}

function commandLine() {
  if (existsSync(compiled) && (buildState().fresh || !hasTsx())) return [compiled];
  if (hasTsx()) return ['--import', 'tsx', join(ROOT, 'src/server/platform/secrets-rotate.ts')];
  console.error('There is no compiled server (dist/server/secrets-rotate.js): run npm run build first.');
  process.exit(1);
}

const result = spawnSync(process.execPath, [...commandLine(), ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
