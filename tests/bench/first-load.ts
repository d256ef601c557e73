// Light first load (issue 30 item 4): the gzip size of the JavaScript that the sign-in page, the
// dashboard, a record list and a record edit page actually load in Chromium, for a component holding
// every built-in field type (FIELD_TYPES), built twice: without plugins (dist/app) and with the
// example plugin (LUMA_PLUGINS=star-rating, dist/app-star-rating; its component also has a rating
// field). Budgets: the list and the edit page 250 KB in both builds; /login and the dashboard with
// the plugin at most 10 KB over the same page without it. Bytes, not time: the figures are exact,
// so a page over its budget fails (runFirstLoadBench's `over`, and npm run bench exits 1).
// Beside it, the bytes on the wire as the server sends them precompressed (brotli), and the whole
// build's JavaScript (what an app without code splitting would ship).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type APIRequestContext, type APIResponse, type Page } from 'playwright-core';
import { startServer, stopServer } from '../api/child-server';
import { FIELD_TYPES } from '../../schemas/fieldTypes';

export const PAGE_BUDGET_KB = 250;
export const PLUGIN_BUDGET_KB = 10;
const PLUGIN = 'star-rating';
const admin = { email: 'admin@luma.local', password: 'bench-admin-password-1' };

export interface PageWeight {
  label: string;
  gzip: number;
  files: number;
  brotli: number;
}

export interface BuildWeights {
  build: string;
  wholeBuild: number;
  pages: { login: PageWeight; dashboard: PageWeight; list: PageWeight; edit: PageWeight };
}

export interface FirstLoadFigures {
  plain: BuildWeights;
  plugin: BuildWeights;
  /** One line per page over its budget; empty when all pass. */
  over: string[];
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function viteBuild(outDir: string, plugins: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const build = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
      env: { ...process.env, LUMA_PLUGINS: plugins },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    build.once('error', reject);
    build.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build (LUMA_PLUGINS='${plugins}') exited ${code}`))));
  });
}

function wholeBuildGzip(appDir: string): number {
  const assets = join(appDir, 'assets');
  if (!existsSync(assets)) throw new Error(`${appDir} has no assets`);
  return readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .reduce((sum, name) => sum + gzipSync(readFileSync(join(assets, name))).length, 0);
}

/** The body bytes the server sends for `url` when the client accepts only brotli. */
function brotliBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers: { 'accept-encoding': 'br' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    }).on('error', reject);
  });
}

/** One field of every built-in module/type (with the constraints the settings require), and the plugin's rating when it is on. */
function everyFieldType(foreign: string, withPlugin: boolean): Record<string, unknown>[] {
  const sub = (key: string, module: string, type: string) => ({ name: key, key, auto_key: false, module, type, label: { en_US: key } });
  const constraintsOf = (module: string, type: string): Record<string, unknown> => {
    if (module === 'select' && type === 'external') return { custom_data: 'return []' };
    if (['select', 'radio', 'checkbox'].includes(module) && type !== 'bool' && type !== 'relation') {
      return { selectables: { items: type === 'number' ? [1, 2, 3] : ['red', 'green', 'blue'] } };
    }
    if (module === 'table' && type === 'default') return { table: { search: true, per_page: 10, fields: [sub('line', 'input', 'text')] } };
    if (module === 'table' && type === 'custom') return { custom_data: [sub('code', 'input', 'text')] };
    if (module === 'fieldset') return { custom_data: [sub('street', 'input', 'text'), sub('city', 'input', 'text')] };
    return {};
  };
  const fields: Record<string, unknown>[] = [{ name: 'Title', key: 'title', module: 'input', type: 'text', constraints: { required: true, length: { min: 1, max: 80 } } }];
  for (const [module, types] of Object.entries(FIELD_TYPES)) {
    for (const type of types) {
      const key = `${module}_${type}`;
      const field: Record<string, unknown> = { name: key, key, auto_key: false, module, type, constraints: { required: false, ...constraintsOf(module, type) } };
      if (module === 'select' && type === 'relation') field.relation = { foreign, key: [key, 'uuid'], type: 'one-to-one' };
      fields.push(field);
    }
  }
  if (withPlugin) fields.push({ name: 'Stars', key: 'stars', module: 'input', type: 'rating', constraints: {} });
  return fields.map((field, i) => ({ ...field, label: { en_US: String(field.name) }, sortOrder: i }));
}

/** A live component with every field type and one record (its relation points at a second component); answers its uuid and the record's. */
async function deployEveryTypeComponent(request: APIRequestContext, base: string, withPlugin: boolean): Promise<{ ref: string; record: string; keys: string[] }> {
  const ok = async (response: APIResponse) => {
    if (!response.ok()) throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
    return response;
  };
  const live = async (name: string, fieldsOf: (uuid: string) => Record<string, unknown>[]) => {
    const created = await ok(await request.post(`${base}/api/v3/system/component`, { data: { name, label: { en_US: name }, scope: '', tag: '' } }));
    const { uuid } = (await created.json()) as { uuid: string };
    const model = (await (await ok(await request.get(`${base}/api/v3/system/component/settings/${uuid}/v1`))).json()) as { settings: Record<string, unknown> };
    await ok(await request.post(`${base}/api/v3/system/component/settings/${uuid}/v1`, { data: { ...model, is_active: true, settings: { ...model.settings, fields: fieldsOf(uuid) } } }));
    await ok(await request.post(`${base}/api/v3/system/component/version/publish`, { data: { version: 'v1', env: 'live', ref: uuid } }));
    return uuid;
  };
  const target = await live('bench_targets', () => [{ name: 'Title', key: 'title', module: 'input', type: 'text', label: { en_US: 'Title' }, sortOrder: 0, constraints: {} }]);
  let keys: string[] = [];
  const uuid = await live('bench_every_type', () => {
    const fields = everyFieldType(target, withPlugin);
    keys = fields.map((field) => String(field.key));
    return fields;
  });
  const data: Record<string, unknown> = { title: 'First order', input_number: 12, text_editor: '<p>Delivered</p>', select_text: 'red', checkbox_bool: true, picker_date: '2026-01-15' };
  if (withPlugin) data.stars = 4;
  const record = await ok(await request.post(`${base}/api/v3/system/component/${uuid}/model`, { data: { data } }));
  return { ref: uuid, record: ((await record.json()) as { uuid: string }).uuid, keys };
}

/**
 * Waits for a firm end of the page's first load, the same in every run: no Suspense fallback left on
 * the page (lazy controls, the rich and code editors draw `aria-busy="true"` until their chunk is in),
 * then the network idle and every request started since then finished, and still no fallback (else
 * again). Playwright's own `networkidle` alone fires once and can come before a lazy control's import
 * starts, so a run counted it or not.
 */
async function settle(page: Page): Promise<void> {
  const noFallback = () => !document.querySelector('[aria-busy="true"]');
  let inFlight = 0;
  let quiet: (() => void) | null = null;
  const started = () => {
    inFlight += 1;
  };
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    if (inFlight === 0) quiet?.();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    for (;;) {
      await page.waitForFunction(noFallback, undefined, { timeout: 60_000 });
      // Nothing in flight from before the listeners; from here on each request is counted.
      await page.waitForLoadState('networkidle');
      if (inFlight > 0) {
        // The last request's end, bounded so a page that never goes quiet fails instead of hanging.
        let bound: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([
          new Promise<void>((resolve) => (quiet = resolve)),
          new Promise<never>((_, reject) => (bound = setTimeout(() => reject(new Error('the page never went quiet')), 60_000))),
        ]).finally(() => clearTimeout(bound));
        quiet = null;
      }
      if (await page.evaluate(noFallback)) return;
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/** Counts the scripts a page loads from `go` until it has settled (`settle`). */
async function measure(page: Page, label: string, go: () => Promise<void>, ready: (page: Page) => Promise<void> = async () => {}): Promise<PageWeight> {
  const scripts = new Map<string, number>();
  const onResponse = async (response: import('playwright-core').Response) => {
    if (response.request().resourceType() !== 'script') return;
    try {
      scripts.set(response.url(), gzipSync(await response.body()).length);
    } catch {
      // a redirected or aborted script has no body
    }
  };
  page.on('response', onResponse);
  await go();
  await ready(page);
  await settle(page);
  page.off('response', onResponse);
  const gzip = [...scripts.values()].reduce((a, b) => a + b, 0);
  const brotli = (await Promise.all([...scripts.keys()].map(brotliBytes))).reduce((a, b) => a + b, 0);
  if (process.env.LUMA_BENCH_SHOW_FILES === '1') {
    const largest = [...scripts].sort((a, b) => b[1] - a[1]).map(([url, size]) => `    ${kb(size)} KB ${new URL(url).pathname}`);
    console.log(`${label}: the scripts it loaded, largest first (gzip)\n${largest.join('\n')}`);
  }
  return { label, gzip, files: scripts.size, brotli };
}

/** Start a server on the build, measure the four pages in a fresh browser (no cache between pages' first loads). */
async function measureBuild(appDir: string, plugins: string, port: number): Promise<BuildWeights> {
  const base = `http://127.0.0.1:${port}`;
  // The 'running at' line says it listens (tests/api/child-server.ts); stopped with its process group.
  const server = await startServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: '',
    LUMA_DATA_DIR: 'memory://',
    LUMA_APP_DIR: appDir,
    LUMA_PLUGINS: plugins,
    LUMA_ADMIN_EMAIL: admin.email,
    LUMA_ADMIN_PASSWORD: admin.password,
    LUMA_PUBLIC_URL: base,
    LUMA_DEMO: '0',
  });
  try {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    });
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      const login = await measure(page, 'sign-in page (/login)', () => page.goto(`${base}/login`).then(() => undefined));
      await page.locator('input[name="email"]').fill(admin.email);
      await page.locator('input[name="password"]').fill(admin.password);
      await page.getByTestId('login-submit').click();
      await page.waitForURL(/\/admin\/dashboard/);
      const { ref, record, keys } = await deployEveryTypeComponent(page.request, base, plugins !== '');
      // Each page in a new context (the session's cookies, no cache): what a first visit loads.
      const storageState = await context.storageState();
      const firstVisit = async (label: string, go: (p: Page) => Promise<void>) => {
        const fresh = await browser.newContext({ storageState });
        try {
          const p = await fresh.newPage();
          return await measure(p, label, () => go(p));
        } finally {
          await fresh.close();
        }
      };
      const dashboard = await firstVisit('dashboard (/admin/dashboard)', async (p) => {
        await p.goto(`${base}/admin/dashboard`);
        await p.getByTestId('dashboard-heading').waitFor();
      });
      const list = await firstVisit('record list (every field type)', async (p) => {
        await p.goto(`${base}/admin/component/${ref}`);
        await p.getByText('First order').first().waitFor();
      });
      const edit = await firstVisit('record edit page (every field type)', async (p) => {
        await p.goto(`${base}/admin/component/${ref}/edit/${record}`);
        await p.locator('input[name="title"]').waitFor();
        // Every field has drawn its frame (then `settle` waits for the lazy controls inside them).
        for (const key of keys) await p.locator(`[data-field="${key}"]`).first().waitFor({ timeout: 30_000 });
      });
      return { build: plugins === '' ? 'without plugins' : `with LUMA_PLUGINS=${plugins}`, wholeBuild: wholeBuildGzip(appDir), pages: { login, dashboard, list, edit } };
    } finally {
      await browser.close();
    }
  } finally {
    await stopServer(server, 'SIGTERM');
  }
}

/** Both builds, both measured; `over` lists every page past its budget. */
export async function runFirstLoadBench(port: number): Promise<FirstLoadFigures> {
  // Absolute: vite resolves a relative outDir against its root (src/app).
  const plainDir = resolve('dist/app');
  const pluginDir = resolve(`dist/app-${PLUGIN}`);
  // LUMA_BENCH_SKIP_BUILD=1 measures the builds already there (while changing the bench itself).
  if (process.env.LUMA_BENCH_SKIP_BUILD !== '1') await viteBuild(plainDir, '');
  const plain = await measureBuild(plainDir, '', port);
  if (process.env.LUMA_BENCH_SKIP_BUILD !== '1') await viteBuild(pluginDir, PLUGIN);
  const plugin = await measureBuild(pluginDir, PLUGIN, port);
  const over: string[] = [];
  for (const build of [plain, plugin]) {
    for (const page of [build.pages.list, build.pages.edit]) {
      if (page.gzip / 1024 > PAGE_BUDGET_KB) over.push(`${page.label} ${build.build}: ${kb(page.gzip)} KB > ${PAGE_BUDGET_KB} KB`);
    }
  }
  for (const key of ['login', 'dashboard'] as const) {
    const added = (plugin.pages[key].gzip - plain.pages[key].gzip) / 1024;
    if (added > PLUGIN_BUDGET_KB) over.push(`${plugin.pages[key].label}: the plugin adds ${added.toFixed(1)} KB > ${PLUGIN_BUDGET_KB} KB`);
  }
  return { plain, plugin, over };
}

export function printFirstLoadFigures({ plain, plugin, over }: FirstLoadFigures): void {
  console.log('\nLight first load: gzip size of the JavaScript each page loads (a component with every built-in field type)');
  for (const build of [plain, plugin]) {
    console.log(`${build.build}: all JavaScript in the build ${kb(build.wholeBuild)} KB gzip`);
    for (const key of ['login', 'dashboard', 'list', 'edit'] as const) {
      const page = build.pages[key];
      let verdict: string;
      if (key === 'list' || key === 'edit') verdict = `budget ${PAGE_BUDGET_KB} KB: ${page.gzip / 1024 <= PAGE_BUDGET_KB ? 'pass' : 'FAIL'}`;
      else if (build === plugin) {
        const added = (page.gzip - plain.pages[key].gzip) / 1024;
        verdict = `+${added.toFixed(1)} KB over without plugins, budget +${PLUGIN_BUDGET_KB} KB: ${added <= PLUGIN_BUDGET_KB ? 'pass' : 'FAIL'}`;
      } else verdict = 'reference for the plugin build';
      console.log(`  ${page.label}: ${kb(page.gzip)} KB gzip in ${page.files} files (${kb(page.brotli)} KB brotli as served); ${verdict}`);
    }
  }
  console.log(over.length === 0 ? 'first load: every page within its budget' : `first load: OVER BUDGET\n  ${over.join('\n  ')}`);
}
