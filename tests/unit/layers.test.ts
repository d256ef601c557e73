// Layers with arrows running one way (ARCHITECTURE "Layers"): src/app -> renderers -> runtime -> schemas,
// machines below renderers, src/server -> runtime -> schemas. Every static import, `export ... from`,
// `import type` and dynamic import() of every .ts/.tsx file is checked; an upward arrow fails with its
// file and specifier, and so does a package a layer must not depend on (a UI framework in runtime/, a
// router in renderers/, the server's web framework or a database package in src/app). src/testing (the
// kit exported as luma/testing, docs/testing-kit.md) stands on runtime and schemas only, beside the
// server, and no layer imports it: it is for test suites. Inside src/server
// the capabilities stand in the order of docs/server.md: a folder imports only the folders before it.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const WALKED = ['renderers', 'runtime', 'machines', 'schemas', 'src/server', 'src/app', 'src/testing', 'plugins'];

/**
 * plugins/<name>/ sits beside renderers (its controls and cells); its type.ts, which the server loads to
 * check values, is held to runtime's rules: no React, nothing of the app, the server or the renderers.
 */
type Layer = 'src/app' | 'src/server' | 'src/testing' | 'renderers' | 'runtime' | 'machines' | 'schemas' | 'plugins' | 'plugin types';

/** The layer of a repo-relative path (posix separators), or null outside the layered folders. */
function layerOf(path: string): Layer | null {
  if (path.startsWith('src/app/')) return 'src/app';
  if (path.startsWith('src/server/')) return 'src/server';
  if (path.startsWith('src/testing/')) return 'src/testing';
  if (/^plugins\/[^/]+\/type\.ts$/.test(path)) return 'plugin types';
  if (path.startsWith('plugins/')) return 'plugins';
  const top = path.split('/')[0];
  return top === 'renderers' || top === 'runtime' || top === 'machines' || top === 'schemas' ? top : null;
}

/** Layers each layer must not import from. */
const FORBIDDEN_LAYERS: Record<Layer, readonly Layer[]> = {
  'src/app': ['src/server', 'src/testing'],
  'src/server': ['src/app', 'src/testing', 'renderers', 'plugins'],
  'src/testing': ['src/app', 'src/server', 'renderers', 'machines', 'plugins', 'plugin types'],
  renderers: ['src/app', 'src/server', 'src/testing'],
  machines: ['src/app', 'src/server', 'src/testing', 'renderers'],
  runtime: ['src/app', 'src/server', 'src/testing', 'renderers', 'machines'],
  schemas: ['src/app', 'src/server', 'src/testing', 'renderers', 'machines', 'runtime'],
  plugins: ['src/app', 'src/server', 'src/testing'],
  'plugin types': ['src/app', 'src/server', 'src/testing', 'renderers', 'machines', 'plugins'],
};

/**
 * Packages a layer must not import. runtime/ and schemas/ run in the browser, in Node scripts and on the
 * server: no UI framework (TanStack Query's React bindings included), no server or database package.
 * Renderers know no router: links and navigation come through renderers/ui/navigation.tsx.
 */
const SERVER_ONLY = ['fastify', 'kysely', 'pg', '@electric-sql/pglite', 'pg-boss'];
const NO_FRAMEWORK = ['react', 'react-dom', '@tanstack/react-query', '@tanstack/react-router', ...SERVER_ONLY];
const FORBIDDEN_PACKAGES: Partial<Record<Layer, readonly string[]>> = {
  'src/app': SERVER_ONLY,
  'src/testing': NO_FRAMEWORK,
  runtime: NO_FRAMEWORK,
  schemas: NO_FRAMEWORK,
  machines: ['react-dom', '@tanstack/react-router', ...SERVER_ONLY],
  renderers: ['@tanstack/react-router', ...SERVER_ONLY],
  'src/server': ['react', 'react-dom', '@tanstack/react-query', '@tanstack/react-router'],
  plugins: ['@tanstack/react-router', ...SERVER_ONLY],
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

/**
 * The server's capabilities, lowest first (docs/server.md). A folder of src/server may import only its
 * own files and the folders before it; platform/ and db/ are the foundation and may import each other.
 * The files directly in src/server (app.ts, main.ts, instance.ts, housekeeping.ts) assemble the
 * whole and come last. A folder not named here is reported: a new capability takes its place first.
 */
const SERVER_ORDER: readonly (readonly string[])[] = [
  ['platform', 'db'],
  ['auth'],
  ['billing'],
  ['iam'],
  ['satellites'],
  ['projects'],
  ['components'],
  ['integrations'],
  ['records'],
  ['scout'],
  ['events'],
  ['media'],
  ['documents'],
  ['usercode'],
  ['functions'],
  ['sparks'],
  ['workflows'],
  ['history'],
  ['ratchet'],
  ['thunder'],
  ['widgets'],
  ['apps'],
  ['public-apps'],
  ['forge'],
  ['snapshots'],
  ['templates'],
  ['feedback'],
  ['hosts'],
];
const ASSEMBLY = 'the assembly';

/** An import that runs against the order, allowed by name until the work that removes it lands. */
interface Allowance {
  /** The importing file, repo-relative. */
  file: string;
  /** The imported module, repo-relative and without extension. */
  imports: string;
}

/**
 * Imports against the order allowed by exact file pair, while a change that removes them is under way.
 * None today: the hook registry (issue 28, item 3) removed the last ones. An entry no import uses fails.
 */
const PENDING: readonly Allowance[] = [];


/** The capability of a repo-relative module path under src/server (a folder, or the assembly), else null. */
function capabilityOf(path: string): string | null {
  if (!path.startsWith('src/server/')) return null;
  const rest = path.slice('src/server/'.length);
  const folder = rest.split('/')[0]!;
  return rest.includes('/') || SERVER_ORDER.some((step) => step.includes(folder)) ? folder : ASSEMBLY;
}

function rankOf(capability: string): number {
  return capability === ASSEMBLY ? SERVER_ORDER.length : SERVER_ORDER.findIndex((step) => step.includes(capability));
}

interface ServerImport {
  file: string;
  specifier: string;
  /** The imported module, repo-relative, without extension. */
  target: string;
}

/** The relative imports of src/server files that leave their own capability for another one. */
function crossCapabilityImports(files: readonly SourceFile[]): ServerImport[] {
  const found: ServerImport[] = [];
  for (const file of files) {
    const from = capabilityOf(file.path);
    if (!from) continue;
    for (const specifier of specifiersOf(file.text)) {
      if (!specifier.startsWith('.')) continue;
      const target = posix.normalize(posix.join(posix.dirname(file.path), specifier)).replace(/\.(ts|tsx|js)$/, '');
      const to = capabilityOf(target);
      if (to && to !== from) found.push({ file: file.path, specifier, target });
    }
  }
  return found;
}

const allows = (allowed: readonly Allowance[], found: ServerImport) => allowed.some((entry) => entry.file === found.file && entry.imports === found.target);

/** Imports inside src/server against SERVER_ORDER (or from or to a folder it does not name), less the allowed ones. */
function serverOrderArrows(files: readonly SourceFile[], allowed: readonly Allowance[] = []): UpwardArrow[] {
  const arrows: UpwardArrow[] = [];
  for (const found of crossCapabilityImports(files)) {
    const from = capabilityOf(found.file)!;
    const to = capabilityOf(found.target)!;
    const unknown = [from, to].find((capability) => rankOf(capability) < 0);
    if (unknown) arrows.push({ file: found.file, specifier: found.specifier, reason: `src/server/${unknown} is not in the order of docs/server.md` });
    else if (rankOf(to) > rankOf(from) && !allows(allowed, found)) arrows.push({ file: found.file, specifier: found.specifier, reason: `${from} imports ${to}, which comes after it` });
  }
  return arrows;
}

/** Allowances no import uses any more (the work landed): they must go. */
function unusedAllowances(files: readonly SourceFile[], allowed: readonly Allowance[]): Allowance[] {
  const imports = crossCapabilityImports(files);
  return allowed.filter((entry) => !imports.some((found) => allows([entry], found)));
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
  it('no file of src/app, renderers, runtime, machines, schemas, src/server or src/testing imports a layer above it or a package it must not use', () => {
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
      { path: 'src/testing/bad.ts', text: "import { createRecord } from '../server/records/records';\nimport { render } from 'react-dom';" },
      { path: 'runtime/validation/bad.ts', text: "import { arbitrarySettings } from '../../src/testing/index';" },
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
      { file: 'src/testing/bad.ts', specifier: '../server/records/records', reason: 'src/testing imports src/server' },
      { file: 'src/testing/bad.ts', specifier: 'react-dom', reason: 'src/testing imports the package react-dom' },
      { file: 'runtime/validation/bad.ts', specifier: '../../src/testing/index', reason: 'runtime imports src/testing' },
    ]);
  });

  it('lets arrows run down: the app into renderers, renderers into runtime and machines, runtime into schemas', () => {
    const files: SourceFile[] = [
      { path: 'src/app/main.tsx', text: "import { Dialog } from '../../renderers/ui/Dialog';\nimport { mainClient } from '../../runtime/client/clients';" },
      { path: 'renderers/screens/Ok.tsx', text: "import { x } from '../../runtime/client/records';\nimport { m } from '../../machines/componentVersion.machine';\nimport { useState } from 'react';" },
      { path: 'runtime/client/ok.ts', text: "import type { Preset } from '../../schemas';\nimport { fromPromise } from 'xstate';\nimport { reactish } from 'react-intl-free';" },
      { path: 'machines/ok.ts', text: "import type { Environment } from '../runtime/api/contract';" },
      { path: 'src/server/ok.ts', text: "import { compile } from '../../runtime/compile';" },
      { path: 'src/testing/ok.ts', text: "import { validateRecord } from '../../runtime/validation/index';\nimport type { ViewSchema } from '../../schemas/index';\nimport fc from 'fast-check';" },
    ];
    expect(upwardArrows(files)).toEqual([]);
  });

  it('no capability of src/server imports one after it in the order of docs/server.md, beyond the pending allowances', () => {
    const files = repoFiles();
    const allowed = PENDING;
    expect(serverOrderArrows(files, allowed).map((a) => `${a.file}: '${a.specifier}' (${a.reason})`)).toEqual([]);
    expect(unusedAllowances(files, allowed)).toEqual([]);
  });

  it('reports an import against the server order, whichever form it takes, and one from src/app into the server', () => {
    const files: SourceFile[] = [
      { path: 'src/server/auth/bad.ts', text: "import { updateRecord } from '../records/records';" },
      { path: 'src/server/platform/bad.ts', text: "import type { HostContext } from '../hosts/context';" },
      { path: 'src/server/iam/lazy.ts', text: "const engine = () => import('../workflows/engine');" },
      { path: 'src/server/records/bad.ts', text: "export { buildApp } from '../app';\nimport { ok } from '../workflows/record-events';" },
      { path: 'src/server/records/records.ts', text: "import { queueAfterEvent } from '../workflows/record-events';" },
      { path: 'src/server/newcomer/limits.ts', text: "import { now } from '../platform/clock';" },
      { path: 'src/app/bad.ts', text: "import { openDatabase } from '../server/db/database';\nimport { sql } from 'kysely';\nimport PgBoss from 'pg-boss';" },
    ];
    const allowed: Allowance[] = [
      { file: 'src/server/records/records.ts', imports: 'src/server/workflows/record-events' },
      { file: 'src/server/records/gone.ts', imports: 'src/server/events/outbox' },
    ];
    expect(serverOrderArrows(files, allowed)).toEqual([
      { file: 'src/server/auth/bad.ts', specifier: '../records/records', reason: 'auth imports records, which comes after it' },
      { file: 'src/server/platform/bad.ts', specifier: '../hosts/context', reason: 'platform imports hosts, which comes after it' },
      { file: 'src/server/iam/lazy.ts', specifier: '../workflows/engine', reason: 'iam imports workflows, which comes after it' },
      { file: 'src/server/records/bad.ts', specifier: '../app', reason: 'records imports the assembly, which comes after it' },
      { file: 'src/server/records/bad.ts', specifier: '../workflows/record-events', reason: 'records imports workflows, which comes after it' },
      { file: 'src/server/newcomer/limits.ts', specifier: '../platform/clock', reason: 'src/server/newcomer is not in the order of docs/server.md' },
    ]);
    expect(unusedAllowances(files, allowed)).toEqual([{ file: 'src/server/records/gone.ts', imports: 'src/server/events/outbox' }]);
    expect(upwardArrows(files.filter((file) => file.path.startsWith('src/app/')))).toEqual([
      { file: 'src/app/bad.ts', specifier: '../server/db/database', reason: 'src/app imports src/server' },
      { file: 'src/app/bad.ts', specifier: 'kysely', reason: 'src/app imports the package kysely' },
      { file: 'src/app/bad.ts', specifier: 'pg-boss', reason: 'src/app imports the package pg-boss' },
    ]);
  });

  it('lets server imports run down the order: platform and db both ways, a capability into those before it, the assembly into all', () => {
    const files: SourceFile[] = [
      { path: 'src/server/platform/ok.ts', text: "import type { Database } from '../db/schema';" },
      { path: 'src/server/db/ok.ts', text: "import { now } from '../platform/clock';" },
      { path: 'src/server/workflows/ok.ts', text: "import { updateRecord } from '../records/records';\nimport type { Accountability } from '../auth/tenancy';\nimport { run } from './engine';" },
      { path: 'src/server/hosts/main/index.ts', text: "import { recordRoutes } from '../../records/routes';\nimport type { HostContext } from '../context';" },
      { path: 'src/server/app.ts', text: "import { mainHost } from './hosts/main/index';\nimport { runHousekeeping } from './housekeeping';" },
    ];
    expect(serverOrderArrows(files)).toEqual([]);
  });
});
