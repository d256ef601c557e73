// `node --import ./tests/support/omit-dev.mjs ...`: the process behaves as after `npm ci --omit=dev`,
// without reinstalling: resolving any package that only the dev dependencies bring (package-lock.json
// marks each "dev": true: tsx, vitest, esbuild, typescript and what they pull in) throws, from an ES
// import (a resolve hook, tests/support/omit-dev-hooks.mjs) and from require() alike. The compiled
// server's test (tests/api/compiled-server.test.ts) starts the server with it.
import { readFileSync } from 'node:fs';
import Module, { register } from 'node:module';

const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8'));

/** Package names every copy of which in the lockfile is a dev-only one. */
function devOnlyPackages() {
  const dev = new Set();
  const production = new Set();
  for (const [path, entry] of Object.entries(lock.packages ?? {})) {
    const at = path.lastIndexOf('node_modules/');
    if (at < 0) continue;
    (entry.dev === true ? dev : production).add(path.slice(at + 'node_modules/'.length));
  }
  return [...dev].filter((name) => !production.has(name));
}

const omitted = devOnlyPackages();
const blocked = new Set(omitted);

/** The package a bare specifier names ('@scope/name/sub' -> '@scope/name'), or null. */
function packageOf(specifier) {
  if (/^(?:[./]|node:|file:|data:)/.test(specifier)) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

register('./omit-dev-hooks.mjs', import.meta.url, { data: { omitted } });

// require() goes through the CommonJS resolver, which the hooks above do not see on Node 20.
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const name = packageOf(request);
  if (name !== null && blocked.has(name)) {
    throw Object.assign(new Error(`omit-dev: '${request}' is a dev dependency, absent after npm ci --omit=dev`), { code: 'MODULE_NOT_FOUND' });
  }
  return resolveFilename.call(this, request, ...rest);
};
