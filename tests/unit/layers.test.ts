// Layers with arrows running one way (ARCHITECTURE "Layers"): src/app -> renderers -> runtime -> schemas,
// machines below renderers, src/server -> runtime -> schemas. Every static import, `export ... from` and
// dynamic import() of every .ts/.tsx file is checked; an upward arrow fails with its file and specifier,
// and so does a package a layer must not depend on (a UI framework in runtime/, a router in renderers/).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const WALKED = ['renderers', 'runtime', 'machines', 'schemas', 'src/server', 'src/app', 'plugins'];

/**
 * plugins/<name>/ sits beside renderers (its controls and cells); its type.ts, which the server loads to
 * check values, is held to runtime's rules: no React, nothing of the app, the server or the renderers.
 */
type Layer = 'src/app' | 'src/server' | 'renderers' | 'runtime' | 'machines' | 'schemas' | 'plugins' | 'plugin types';

/** The layer of a repo-relative path (posix separators), or null outside the layered folders. */
function layerOf(path: string): Layer | null {
  if (path.startsWith('src/app/')) return 'src/app';
  if (path.startsWith('src/server/')) return 'src/server';
  if (/^plugins\/[^/]+\/type\.ts$/.test(path)) return 'plugin types';
  if (path.startsWith('plugins/')) return 'plugins';
  const top = path.split('/')[0];
  return top === 'renderers' || top === 'runtime' || top === 'machines' || top === 'schemas' ? top : null;
}

/** Layers each layer must not import from. */
const FORBIDDEN_LAYERS: Record<Layer, readonly Layer[]> = {
  'src/app': [],
  'src/server': ['src/app', 'renderers', 'plugins'],
  renderers: ['src/app', 'src/server'],
  machines: ['src/app', 'src/server', 'renderers'],
  runtime: ['src/app', 'src/server', 'renderers', 'machines'],
  schemas: ['src/app', 'src/server', 'renderers', 'machines', 'runtime'],
  plugins: ['src/app', 'src/server'],
  'plugin types': ['src/app', 'src/server', 'renderers', 'machines', 'plugins'],
};

/**
 * Packages a layer must not import. runtime/ and schemas/ run in the browser, in Node scripts and on the
 * server: no UI framework (TanStack Query's React bindings included), no server or database package.
 * Renderers know no router: links and navigation come through renderers/ui/navigation.tsx.
 */
const NO_FRAMEWORK = ['react', 'react-dom', '@tanstack/react-query', '@tanstack/react-router', 'fastify', 'kysely', 'pg', '@electric-sql/pglite'];
const FORBIDDEN_PACKAGES: Partial<Record<Layer, readonly string[]>> = {
  runtime: NO_FRAMEWORK,
  schemas: NO_FRAMEWORK,
  machines: ['react-dom', '@tanstack/react-router', 'fastify', 'kysely', 'pg', '@electric-sql/pglite'],
  renderers: ['@tanstack/react-router', 'fastify', 'kysely', 'pg', '@electric-sql/pglite'],
  'src/server': ['react', 'react-dom', '@tanstack/react-query', '@tanstack/react-router'],
  plugins: ['@tanstack/react-router', 'fastify', 'kysely', 'pg', '@electric-sql/pglite'],
  'plugin types': NO_FRAMEWORK,
};

function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

interface SourceFile {
  /** Repo-relative, posix separators. */
  path: string;
  text: string;
}

interface UpwardArrow {
  file: string;
  specifier: string;
  reason: string;
}

/** Static imports, `export ... from`, `import x = require()` and dynamic import() specifiers. */
function specifiersOf(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

function upwardArrows(files: readonly SourceFile[]): UpwardArrow[] {
  const arrows: UpwardArrow[] = [];
  for (const file of files) {
    const from = layerOf(file.path);
    if (!from) continue;
    for (const specifier of specifiersOf(file.text)) {
      if (specifier.startsWith('.')) {
        const target = posix.normalize(posix.join(posix.dirname(file.path), specifier));
        const to = layerOf(target) ?? layerOf(`${target}/`);
        if (to && FORBIDDEN_LAYERS[from].includes(to)) arrows.push({ file: file.path, specifier, reason: `${from} imports ${to}` });
      } else if (FORBIDDEN_PACKAGES[from]?.includes(packageOf(specifier))) {
        arrows.push({ file: file.path, specifier, reason: `${from} imports the package ${packageOf(specifier)}` });
      }
    }
  }
  return arrows;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else if (/\.tsx?$/.test(entry.name)) out.push(path);
  }
  return out;
}

const repoFiles = (): SourceFile[] =>
  WALKED.flatMap((dir) => walk(join(ROOT, dir))).map((path) => ({ path: relative(ROOT, path).split(sep).join('/'), text: readFileSync(path, 'utf8') }));

describe('layers', () => {
  it('no file of renderers, runtime, machines, schemas or src/server imports a layer above it or a package it must not use', () => {
    const files = repoFiles();
    expect(files.length).toBeGreaterThan(300);
    expect(upwardArrows(files).map((a) => `${a.file}: '${a.specifier}' (${a.reason})`)).toEqual([]);
  });

  it('reports an upward import with its file and specifier, whichever form the import takes', () => {
    const files: SourceFile[] = [
      { path: 'renderers/screens/Bad.tsx', text: "import { Dialog } from '../../src/app/components/Dialog';" },
      { path: 'renderers/form/lazy.ts', text: "const load = () => import('../../src/app/lib/thing');" },
      { path: 'runtime/client/bad.ts', text: "export { useThing } from '../../renderers/ui/thing';\nimport { useState } from 'react';" },
      { path: 'runtime/db/bad.ts', text: "import { sql } from 'kysely';\nimport { PGlite } from '@electric-sql/pglite';\nimport type { Pool } from 'pg';" },
      { path: 'schemas/bad.ts', text: "import type { X } from '../runtime/api/contract';" },
      { path: 'machines/bad.ts', text: "import { Dialog } from '../renderers/ui/Dialog';" },
      { path: 'src/server/bad.ts', text: "import { mainClient } from '../../renderers/data/records';\nimport '../app/styles.css';" },
      { path: 'runtime/client/query.ts', text: "import { queryOptions } from '@tanstack/react-query';" },
      { path: 'renderers/screens/Go.tsx', text: "import { useRouter } from '@tanstack/react-router';\nimport { jsx } from 'react/jsx-runtime';" },
      { path: 'plugins/stars/type.ts', text: "import { Stars } from './Stars';\nimport { useState } from 'react';" },
      { path: 'plugins/stars/Stars.tsx', text: "import { toast } from '../../src/app/lib/toast';" },
    ];
    expect(upwardArrows(files)).toEqual([
      { file: 'renderers/screens/Bad.tsx', specifier: '../../src/app/components/Dialog', reason: 'renderers imports src/app' },
      { file: 'renderers/form/lazy.ts', specifier: '../../src/app/lib/thing', reason: 'renderers imports src/app' },
      { file: 'runtime/client/bad.ts', specifier: '../../renderers/ui/thing', reason: 'runtime imports renderers' },
      { file: 'runtime/client/bad.ts', specifier: 'react', reason: 'runtime imports the package react' },
      { file: 'runtime/db/bad.ts', specifier: 'kysely', reason: 'runtime imports the package kysely' },
      { file: 'runtime/db/bad.ts', specifier: '@electric-sql/pglite', reason: 'runtime imports the package @electric-sql/pglite' },
      { file: 'runtime/db/bad.ts', specifier: 'pg', reason: 'runtime imports the package pg' },
      { file: 'schemas/bad.ts', specifier: '../runtime/api/contract', reason: 'schemas imports runtime' },
      { file: 'machines/bad.ts', specifier: '../renderers/ui/Dialog', reason: 'machines imports renderers' },
      { file: 'src/server/bad.ts', specifier: '../../renderers/data/records', reason: 'src/server imports renderers' },
      { file: 'src/server/bad.ts', specifier: '../app/styles.css', reason: 'src/server imports src/app' },
      { file: 'runtime/client/query.ts', specifier: '@tanstack/react-query', reason: 'runtime imports the package @tanstack/react-query' },
      { file: 'renderers/screens/Go.tsx', specifier: '@tanstack/react-router', reason: 'renderers imports the package @tanstack/react-router' },
      { file: 'plugins/stars/type.ts', specifier: './Stars', reason: 'plugin types imports plugins' },
      { file: 'plugins/stars/type.ts', specifier: 'react', reason: 'plugin types imports the package react' },
      { file: 'plugins/stars/Stars.tsx', specifier: '../../src/app/lib/toast', reason: 'plugins imports src/app' },
    ]);
  });

  it('lets arrows run down: the app into renderers, renderers into runtime and machines, runtime into schemas', () => {
    const files: SourceFile[] = [
      { path: 'src/app/main.tsx', text: "import { Dialog } from '../../renderers/ui/Dialog';\nimport { mainClient } from '../../runtime/client/clients';" },
      { path: 'renderers/screens/Ok.tsx', text: "import { x } from '../../runtime/client/records';\nimport { m } from '../../machines/componentVersion.machine';\nimport { useState } from 'react';" },
      { path: 'runtime/client/ok.ts', text: "import type { Preset } from '../../schemas';\nimport { fromPromise } from 'xstate';\nimport { reactish } from 'react-intl-free';" },
      { path: 'machines/ok.ts', text: "import type { Environment } from '../runtime/api/contract';" },
      { path: 'src/server/ok.ts', text: "import { compile } from '../../runtime/compile';" },
    ];
    expect(upwardArrows(files)).toEqual([]);
  });
});
