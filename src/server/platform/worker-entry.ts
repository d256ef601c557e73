// Where a worker thread's entry is, from the module that starts it (the user-code sandbox, the
// import worker). In the compiled server (dist/server/main.js, scripts/build-server.mjs) each worker
// is its own entry beside it, `<name>.js`, which plain node runs. From the sources the worker is
// TypeScript and runs under tsx (dev, tests and `tsx src/server/main.ts`). Node 20 does not apply
// loader hooks registered through a worker's execArgv to the worker's entry file (nodejs/node#47747,
// privatenumber/tsx#354), so the entry is then a one-line bootstrap (run with `eval: true`) that
// imports the .ts file once tsx's hooks are registered.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

export interface WorkerEntry {
  /** The Worker's first argument. */
  entry: string | URL;
  /** The Worker's `eval` option. */
  eval: boolean;
}

/** The entry of worker `name` (`sandbox.worker`) beside `moduleUrl`, the starting module's import.meta.url. */
export function workerEntry(moduleUrl: string, name: string): WorkerEntry {
  const isTypeScript = moduleUrl.endsWith('.ts');
  const url = new URL(`./${name}${isTypeScript ? '.ts' : '.js'}`, moduleUrl);
  if (!isTypeScript) return { entry: url, eval: false };
  // tsx's ESM API (`tsx/esm/api` under the import condition; require.resolve gives its .cjs twin).
  const tsx = pathToFileURL(createRequire(moduleUrl).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const entry =
    `import(${JSON.stringify(tsx)})` +
    `.then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); })` +
    `.catch((error) => { setImmediate(() => { throw error; }); });`;
  return { entry, eval: true };
}
