import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

// e2e runs against the built app served by the real server on a fresh in-memory PGlite,
// in Debian's Chromium: Playwright never downloads a browser here.

/**
 * The app's port: LUMA_E2E_PORT when set, else the first of four free consecutive ports (the app,
 * iam.spec's SMTP server, custom-renderer.spec's server, first-admin-day.spec's order service), so two
 * runs on one machine do not collide.
 * The choice goes into LUMA_E2E_PORT, so Playwright's workers (which load this file again) and the
 * specs use the same ports.
 */
function e2ePort(): number {
  const set = process.env.LUMA_E2E_PORT;
  if (set) return Number(set);
  const script = fileURLToPath(new URL('./scripts/free-ports.mjs', import.meta.url));
  const chosen = execFileSync(process.execPath, [script, '4'], { encoding: 'utf8' }).trim();
  process.env.LUMA_E2E_PORT = chosen;
  return Number(chosen);
}

const port = e2ePort();
/** The app's port (e2e/custom-renderer.spec.ts starts its own server on E2E_PORT + 2). */
export const E2E_PORT = port;
export const E2E_ADMIN = { email: 'admin@luma.local', password: 'e2e-admin-password-1' };
/** e2e/iam.spec.ts runs a real SMTP server here while it needs mail. */
export const E2E_SMTP_PORT = Number(process.env.LUMA_E2E_SMTP_PORT ?? port + 1);
/** e2e/first-admin-day.spec.ts runs the local service its workflow calls here; the one address on loopback workflows may reach. */
export const E2E_SERVICE_PORT = port + 3;
/** e2e/invoicing.spec.ts issues its activation code with this secret, and runs the VAT provider at E2E_SERVICE_PORT /nbs. */
export const E2E_ACTIVATION_SECRET = 'e2e-activation-secret';

export default defineConfig({
  testDir: 'e2e',
  // scripts/e2e.mjs runs the specs in shards side by side, each its own Playwright process with its
  // own server, ports, report and output folder; run directly, this is one process over every spec.
  ...(process.env.LUMA_E2E_FILES ? { testMatch: process.env.LUMA_E2E_FILES.split(',') } : {}),
  outputDir: process.env.LUMA_E2E_OUTPUT ?? 'test-results',
  // A test's bound, not a wait: the two shards, their servers and browsers share two cores, and a
  // walk that takes 19 s alone (actions.spec) passed 30 s in a loaded CI run. Specs that need more say so.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // One worker per process: every spec drives its process's one server on one embedded PGlite (a
  // single connection) and several read what the whole instance holds (the dashboard's components,
  // Scout's lists). The parallelism is scripts/e2e.mjs's shards, each with a server of its own.
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: process.env.LUMA_E2E_REPORT ?? '.reports/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    // The built app registers a service worker (pwa.config.ts); a spec's page.route would not see the
    // requests it answers, so workers are blocked except in e2e/pwa.spec.ts, which tests the worker.
    serviceWorkers: 'block',
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // The compiled server, as production runs it (test:e2e builds the app and the server first).
    command: 'node dist/server/main.js',
    url: `http://127.0.0.1:${port}/login`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      LUMA_DATA_DIR: 'memory://',
      LUMA_ADMIN_EMAIL: E2E_ADMIN.email,
      LUMA_ADMIN_PASSWORD: E2E_ADMIN.password,
      LUMA_PUBLIC_URL: `http://127.0.0.1:${port}`,
      LUMA_DEMO: '0',
      LUMA_LOG_LEVEL: 'warn',
      LUMA_SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      LUMA_WORKFLOW_HTTP_ALLOW: `127.0.0.1:${E2E_SERVICE_PORT}`,
      LUMA_ACTIVATION_SECRET: E2E_ACTIVATION_SECRET,
      LUMA_NBS_URL: `http://127.0.0.1:${E2E_SERVICE_PORT}/nbs`,
      // The bank transfer's payee and account (e2e/checkout.spec.ts pays by transfer): only turns the
      // method from not configured to on; no spec depends on it being off.
      LUMA_BANK_PAYEE: 'Luma e2e d.o.o.',
      LUMA_BANK_ACCOUNT: '160-0000000000001-23',
    },
  },
});
