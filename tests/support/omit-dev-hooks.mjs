// The resolve hook of tests/support/omit-dev.mjs (it runs on node's hooks thread): an ES import of a
// package only the dev dependencies bring fails as it would after `npm ci --omit=dev`.
let blocked = new Set();

export function initialize(data) {
  blocked = new Set(data.omitted);
}

export async function resolve(specifier, context, next) {
  if (!/^(?:[./]|node:|file:|data:)/.test(specifier)) {
    const parts = specifier.split('/');
    const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
    if (blocked.has(name)) {
      throw Object.assign(new Error(`omit-dev: '${specifier}' is a dev dependency, absent after npm ci --omit=dev`), { code: 'ERR_MODULE_NOT_FOUND' });
    }
  }
  return next(specifier, context);
}
