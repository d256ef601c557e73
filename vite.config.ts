import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const serverPort = Number(process.env.PORT ?? 8080);

// The browser app lives in src/app (index.html there); the build goes to dist/app,
// which the Fastify server serves with a history-mode fallback.
export default defineConfig({
  root: 'src/app',
  plugins: [react()],
  build: {
    outDir: `${repoRoot}dist/app`,
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
  },
  server: {
    proxy: { '/api': { target: `http://127.0.0.1:${serverPort}`, ws: true } },
  },
  test: {
    root: repoRoot,
    reporters: ['default', 'json'],
    outputFile: { json: '.reports/vitest.json' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          root: repoRoot,
          environment: 'node',
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
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
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
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          env: { LUMA_TEST_DB: 'postgres' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
