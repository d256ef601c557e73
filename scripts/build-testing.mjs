#!/usr/bin/env node
// The testing kit as users import it, `luma/testing` (package.json "exports"; docs/testing-kit.md):
// `npm run build` runs it after the server. esbuild bundles src/testing into dist/testing/index.js, a
// plain ES module (its packages, fast-check and ajv, stay outside); TypeScript writes the declarations
// of src/testing and of the runtime and schemas files it uses under dist/testing/types, and
// dist/testing/index.d.ts points at them.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const TESTING_ENTRY = 'src/testing/index.ts';
export const TESTING_OUT = 'dist/testing';

/** dist/testing/index.js: the kit in one ES module. */
async function bundle(root) {
  const { build } = await import('esbuild');
  await build({
    absWorkingDir: root,
    entryPoints: [join(root, TESTING_ENTRY)],
    outfile: join(root, TESTING_OUT, 'index.js'),
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    legalComments: 'none',
    logLevel: 'error',
  });
}

/** dist/testing/types/**: the declarations, with the project's compiler options; throws with what stopped them. */
async function declarations(root) {
  const { default: ts } = await import('typescript');
  const configFile = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root);
  const options = {
    ...parsed.options,
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    rootDir: root,
    outDir: join(root, TESTING_OUT, 'types'),
    // The DOM and vite's client types are the app's; the kit runs under Node.
    types: ['node'],
  };
  const program = ts.createProgram([join(root, TESTING_ENTRY)], options);
  const result = program.emit();
  // Type errors are `tsc`'s to report (npm test runs it); here only what stops a declaration.
  const diagnostics = result.diagnostics;
  if (diagnostics.length > 0) {
    const host = { getCanonicalFileName: (name) => name, getCurrentDirectory: () => root, getNewLine: () => '\n' };
    throw new Error(ts.formatDiagnostics(diagnostics, host));
  }
}

export async function buildTesting(root = ROOT) {
  rmSync(join(root, TESTING_OUT), { recursive: true, force: true });
  mkdirSync(join(root, TESTING_OUT), { recursive: true });
  await bundle(root);
  await declarations(root);
  writeFileSync(join(root, TESTING_OUT, 'index.d.ts'), "export * from './types/src/testing/index';\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = Date.now();
  await buildTesting().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
  console.log(`dist/testing built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
