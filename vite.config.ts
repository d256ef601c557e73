import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { LOCALE_TAG } from './runtime/i18n/tags.ts';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** Workers of the projects that only compute (unit, dom): one per core, or LUMA_TEST_WORKERS. */
const computeWorkers = Number(process.env.LUMA_TEST_WORKERS) || Math.max(1, availableParallelism());
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { PWA_OPTIONS } from './pwa.config.ts';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const serverPort = Number(process.env.PORT ?? 8080);
// The server judges a write's Origin against LUMA_PUBLIC_URL only (src/server/platform/config.ts default).
const serverPublicOrigin = new URL(process.env.LUMA_PUBLIC_URL ?? `http://localhost:${serverPort}`).origin;

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|wasm|txt|map)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes file.br (brotli) and file.gz (gzip -9) beside every compressible file of
 * the build, so the server sends them as they are (@fastify/static preCompressed) and never
 * compresses per request. Files under 1 KiB, or that would not shrink, stay uncompressed.
 * Ours rather than a plugin: twenty lines of node:zlib, nothing to keep up to date.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'luma-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const files: string[] = [];
      const walk = async (dir: string) => {
        for (const entry of await readdir(dir, { withFileTypes: true })) {
          const path = join(dir, entry.name);
          if (entry.isDirectory()) await walk(path);
          else if (COMPRESSIBLE.test(entry.name) && (await stat(path)).size >= 1024) files.push(path);
        }
      };
      await walk(outDir);
      await Promise.all(
        files.map(async (path) => {
          const source = await readFile(path);
          // Quality 11 for the JavaScript and CSS a page waits for; 9 for the lazily loaded wasm and
          // anything past 1 MiB (the code editor's TypeScript worker): megabytes at 11 would add half a
          // minute to every build for a few percent.
          const quality = path.endsWith('.wasm') || source.length > 1024 * 1024 ? 9 : 11;
          const [br, gz] = await Promise.all([
            brotli(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length } }),
            gzipAsync(source, { level: 9 }),
          ]);
          if (br.length < source.length) await writeFile(`${path}.br`, br);
          if (gz.length < source.length) await writeFile(`${path}.gz`, gz);
        }),
      );
    },
  };
}

const PLUGINS_MODULE = 'virtual:luma-plugins';

/**
 * The enabled renderer plugins (docs/custom-renderers.md): `virtual:luma-plugins` exports the
 * `plugin` of each plugins/<name>/index.ts that LUMA_PLUGINS names (comma-separated, at build time),
 * and nothing else, so a plugin that is not enabled is not in the bundle. The server reads the same
 * variable for the plugins' field types.
 */
function lumaPlugins(): Plugin {
  const names = [...new Set((process.env.LUMA_PLUGINS ?? '').split(',').map((name) => name.trim()).filter((name) => name !== ''))];
  return {
    name: 'luma-plugins',
    resolveId(source) {
      return source === PLUGINS_MODULE ? `\0${PLUGINS_MODULE}` : undefined;
    },
    load(id) {
      if (id !== `\0${PLUGINS_MODULE}`) return undefined;
      const files = names.map((name) => {
        const file = join(repoRoot, 'plugins', name, 'index.ts');
        if (!/^[a-z0-9][a-z0-9-]*$/.test(name) || !existsSync(file)) this.error(`LUMA_PLUGINS: no plugin plugins/${name}/index.ts`);
        return file;
      });
      const imports = files.map((file, i) => `import { plugin as p${i} } from ${JSON.stringify(file)};`);
      return `${imports.join('\n')}\nexport const plugins = [${files.map((_, i) => `p${i}`).join(', ')}];\n`;
    },
  };
}

// The browser app lives in src/app (index.html there); the build goes to dist/app,
// which the Fastify server serves with a history-mode fallback.
export default defineConfig({
  root: 'src/app',
  plugins: [
    react(),
    // react-aria ships its own strings for 34 languages; the build keeps only the product's locales.
    { ...optimizeLocales.vite({ locales: Object.values(LOCALE_TAG) }), enforce: 'pre' },
    lumaPlugins(),
    // The web app manifest and the service worker (pwa.config.ts; docs/platform.md "Installable app").
    VitePWA(PWA_OPTIONS),
    // A public app's page is served on its own hostnames, where the platform app is not installable.
    {
      name: 'luma-public-app-no-manifest',
      enforce: 'post',
      transformIndexHtml: { order: 'post', handler: (html, context) => (context.filename.endsWith('public-app.html') ? html.replace(/<link rel="manifest"[^>]*>/, '') : html) },
    },
    precompress(),
  ],
  // The code editor's TypeScript worker is a module worker (src/app/components/code/ts/tsClient.ts).
  worker: { format: 'es' },
  build: {
    // Two pages: the platform app, and the small page a public app's hostname serves (docs/public-apps.md).
    rollupOptions: { input: { main: `${repoRoot}src/app/index.html`, 'public-app': `${repoRoot}src/app/public-app.html` } },
    outDir: `${repoRoot}dist/app`,
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
  },
  server: {
    proxy: {
      // The SDK types the code editor loads (runtime/api/sdk.ts) are served at the root, not under /api.
      '/types': { target: `http://127.0.0.1:${serverPort}` },
      '/api': {
        target: `http://127.0.0.1:${serverPort}`,
        ws: true,
        // The browser's Origin is the dev server's (http://localhost:5173), which the API does not
        // accept for writes: only LUMA_PUBLIC_URL counts. A request from the dev page itself
        // (Origin equal to the Host it asked) is passed on as the server's public origin; any other
        // Origin is passed unchanged, so the API still refuses it. Vite's allowedHosts check
        // already refuses a foreign Host (DNS rebinding).
        configure(proxy) {
          proxy.on('proxyReq', (proxyReq, request) => {
            const origin = request.headers.origin;
            const host = request.headers.host;
            if (origin !== undefined && host !== undefined && (origin === `http://${host}` || origin === `https://${host}`)) {
              proxyReq.setHeader('origin', serverPublicOrigin);
            }
          });
        },
      },
    },
  },
  test: {
    root: repoRoot,
    // One worker more than there are cores for the API files, which wait on their database, child
    // servers and sandbox workers much of the time (api-postgres alone: 683 s with three workers
    // against 838 s with two, same load); the unit and dom projects, which only compute, keep one per
    // core (their own maxWorkers below). Every API file has its own database (a copy of the run's
    // template) and free ports (docs/testing.md "How long the suite takes"). LUMA_TEST_WORKERS sets
    // another number for every project.
    maxWorkers: Number(process.env.LUMA_TEST_WORKERS) || availableParallelism() + 1,
    reporters: ['default', 'json'],
    outputFile: { json: '.reports/vitest.json' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          root: repoRoot,
          maxWorkers: computeWorkers,
          // Projects with another worker count run as another group: unit and dom first, then the API.
          sequence: { groupOrder: 0 },
          environment: 'node',
          // No module graph per file: nothing in these files mocks a module or stubs a global, and
          // reusing the modules took the project from 154 to 93 s (docs/testing.md).
          isolate: false,
          include: ['tests/unit/**/*.test.ts', 'tests/property/**/*.test.ts', 'tests/machines/**/*.test.ts', 'runtime/**/*.test.ts', 'machines/**/*.test.ts'],
          // The property tests do a fixed amount of CPU work (1 s or so each when the machine is idle);
          // on a busy 2-core machine that stretches past vitest's 5 s default. The timeout is there to
          // catch a hang, not to time the work (docs/testing.md "The load rule").
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          root: repoRoot,
          maxWorkers: computeWorkers,
          sequence: { groupOrder: 0 },
          environment: 'jsdom',
          include: ['tests/dom/**/*.test.tsx', 'renderers/**/*.test.tsx'],
          // findBy*/waitFor wait up to 10 s (tests/dom/setup.ts); a test may do several such waits.
          setupFiles: ['tests/dom/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api-pglite',
          root: repoRoot,
          sequence: { groupOrder: 1 },
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          // One migrated database per run that each file's database is copied from, and no module
          // graph per file (the server's modules load once per worker; nothing here mocks a module).
          globalSetup: ['tests/api/template-databases.ts'],
          isolate: false,
          env: { LUMA_TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api-postgres',
          root: repoRoot,
          sequence: { groupOrder: 1 },
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          // One migrated database per run that each file's database is copied from, and no module
          // graph per file (the server's modules load once per worker; nothing here mocks a module).
          globalSetup: ['tests/api/template-databases.ts'],
          isolate: false,
          env: { LUMA_TEST_DB: 'postgres' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
