// The custom-renderer plugin in the built app: the example plugins/star-rating, enabled at build time
// (LUMA_PLUGINS=star-rating), adds the field type input/rating. An administrator picks it in the field
// settings, a user rates a record with the keyboard, the server stores the number and the list shows stars.
//
// The other specs run against the default build (no plugin). This one builds its own copy into
// dist/app-star-rating and starts its own server on LUMA_E2E_PORT + 2 with the same LUMA_PLUGINS, so
// only this spec pays for the second build.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { E2E_ADMIN, E2E_PORT } from '../playwright.config';
import { startServer, stopServer, type ChildServer } from '../tests/api/child-server';
import { expect, shot, submitLogin, test } from './support';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const APP_DIR = `${ROOT}dist/app-star-rating`;
const PORT = E2E_PORT + 2;
const ORIGIN = `http://127.0.0.1:${PORT}`;

function buildWithPlugin(): Promise<void> {
  return new Promise((resolve, reject) => {
    const build = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', APP_DIR, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: ROOT,
      env: { ...process.env, LUMA_PLUGINS: 'star-rating' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    build.once('error', reject);
    build.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build with the star-rating plugin exited ${code}`))));
  });
}

let server: ChildServer | null = null;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: ORIGIN });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  await buildWithPlugin();
  server = await startServer({
    PORT: String(PORT),
    HOST: '127.0.0.1',
    LUMA_DATA_DIR: 'memory://',
    LUMA_APP_DIR: APP_DIR,
    LUMA_PLUGINS: 'star-rating',
    LUMA_ADMIN_EMAIL: E2E_ADMIN.email,
    LUMA_ADMIN_PASSWORD: E2E_ADMIN.password,
    LUMA_PUBLIC_URL: ORIGIN,
    LUMA_DEMO: '0',
    LUMA_LOG_LEVEL: 'warn',
  });
});

test.afterAll(async () => {
  await stopServer(server, 'SIGTERM');
});

test('a star-rating field: picked in the settings, rated with the keyboard, stored as a number, shown as stars', async ({ page }) => {
  test.setTimeout(120_000);
  await submitLogin(page);
  await expect(page.getByTestId('dashboard-heading')).toBeVisible();

  const created = await page.request.post('/api/v3/system/component', { data: { name: 'reviews', label: { en_US: 'Reviews' }, scope: '', tag: '' } });
  expect(created.status(), await created.text()).toBe(200);
  const { uuid } = (await created.json()) as { uuid: string };

  // The field settings offer the plugin's type beside the built-in ones.
  await page.goto(`/admin/component/${uuid}/settings#fields`);
  for (const [name, type] of [['title', 'text'], ['stars', 'rating']] as const) {
    await page.getByTestId('field-add').click();
    await page.locator('input[name="field.name"]').fill(name);
    await page.locator('select[name="field.module"]').selectOption('input');
    await page.locator('select[name="field.type"]').selectOption(type);
    await page.getByTestId('field-form-submit').click();
  }
  await expect(page.getByTestId('field-row')).toHaveCount(2);
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-save')).toBeHidden();
  const live = await page.request.post('/api/v3/system/component/version/publish', { data: { version: 'v1', env: 'live', ref: uuid } });
  expect(live.status(), await live.text()).toBe(200);

  // The form draws the plugin's control: a radio group of five stars, driven by the keyboard.
  await page.goto(`/admin/component/${uuid}/create`);
  await page.locator('input[name="title"]').fill('Great service');
  const stars = page.getByTestId('star-rating-stars');
  await expect(stars.getByRole('radio')).toHaveCount(5);
  // A click on the second star (the radio's label: its input is visually hidden), then the arrow keys.
  await stars.getByRole('radio', { name: '2 / 5' }).locator('xpath=ancestor::label').click();
  await expect(stars.getByRole('radio', { name: '2 / 5' })).toBeChecked();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(stars.getByRole('radio', { name: '4 / 5' })).toBeChecked();
  await expect(stars.getByRole('radio', { name: '4 / 5' })).toBeFocused();
  await shot(page, 'custom-renderer-star-rating-form');
  await page.getByTestId('record-save').click();
  await expect(page).toHaveURL(/\/edit\/[0-9a-f-]{36}/);

  // The server stored the number the stars stand for.
  const recordUuid = page.url().match(/edit\/([0-9a-f-]{36})/)![1]!;
  const stored = (await (await page.request.get(`/api/v3/system/component/${uuid}/model/${recordUuid}`)).json()) as Record<string, unknown>;
  expect(stored).toMatchObject({ title: 'Great service', stars: 4 });

  // The list draws the plugin's cell: four of five stars.
  await page.goto(`/admin/component/${uuid}`);
  await expect(page.getByTestId('star-rating-cell')).toHaveAttribute('aria-label', '4 / 5');
  await shot(page, 'custom-renderer-star-rating-list');
});
