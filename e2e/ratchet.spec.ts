import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { deploy, expect, shot, signInAsAdmin, sub, test } from './support';

// Ratchet connections (docs/ratchet.md): the empty list, a new connection to the machine's
// PostgreSQL (a throwaway luma_ratchet_e2e_* database with a table), Test connection, a query in the
// console run with Ctrl+Enter, a write refused, and the removal after a question. At 1280 and 390 px.
// Then an external select whose options come from a connection's query (docs/ratchet.md "The external
// select"): searched, picked and saved in a record form, at 1280 and 390 px.

const database = `luma_ratchet_e2e_${randomBytes(4).toString('hex')}`;
const admin = async <T>(name: string, run: (client: pg.Client) => Promise<T>) => {
  const client = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: name, connectionTimeoutMillis: 30_000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
};

test.beforeAll(async () => {
  await admin('postgres', (client) => client.query(`create database ${database}`));
  await admin(database, (client) => client.query(`create table planets (id int primary key, name text, moons int); insert into planets values (1, 'Mercury', 0), (2, 'Venus', 0), (3, 'Earth', 1), (4, 'Mars', 2)`));
});
test.afterAll(async () => {
  await admin('postgres', (client) => client.query(`drop database if exists ${database} with (force)`));
});

test('add a ratchet connection, test it, run a query and remove it', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  await page.goto('/admin/ratchet');
  await expect(page.getByTestId('ratchet-empty')).toBeVisible();
  await shot(page, 'ratchet-empty');

  await page.getByTestId('ratchet-create').click();
  await expect(page.getByTestId('ratchet-form')).toBeVisible();
  // The form's own rules before anything is sent.
  await page.getByTestId('ratchet-save').click();
  await expect(page.getByTestId('ratchet-form')).toContainText('required');
  await page.getByTestId('ratchet-name').fill('Planets');
  await page.getByTestId('ratchet-kind').selectOption('postgres');
  await page.getByTestId('ratchet-host').fill('127.0.0.1');
  await page.getByTestId('ratchet-database').fill(database);
  await page.getByTestId('ratchet-user').fill('postgres');
  await shot(page, 'ratchet-create');
  await page.getByTestId('ratchet-save').click();
  await expect(page).toHaveURL(/\/admin\/ratchet\/edit\//);

  await page.getByTestId('ratchet-test').click();
  await expect(page.getByTestId('ratchet-test-result')).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('ratchet-test-result')).toContainText('PostgreSQL');

  const editor = page.getByTestId('ratchet-sql').locator('.cm-content');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('select id, name, moons from planets order by id');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('ratchet-outcome')).toContainText('4 rows');
  await expect(page.getByTestId('ratchet-result-row')).toHaveCount(4);
  await expect(page.getByTestId('ratchet-result')).toContainText('Mars');
  await shot(page, 'ratchet-console');

  // A write is refused with a clear message; nothing is written.
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type("insert into planets values (5, 'Jupiter', 95)");
  await page.getByTestId('ratchet-run').click();
  await expect(page.getByTestId('ratchet-error')).toContainText('read-only');
  expect(await admin(database, async (client) => (await client.query('select count(*)::int as n from planets')).rows[0].n)).toBe(4);

  await page.setViewportSize({ width: 390, height: 844 });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('select * from planets');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('ratchet-result-row')).toHaveCount(4);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'ratchet-console-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByTestId('ratchet-remove').click();
  await expect(page.getByRole('dialog')).toContainText('Planets');
  await page.getByRole('dialog').getByRole('button', { name: /remove/i }).click();
  await expect(page).toHaveURL(/\/admin\/ratchet$/);
  await expect(page.getByTestId('ratchet-empty')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/ratchet');
  await expect(page.getByTestId('ratchet-empty')).toBeVisible();
  // No sideways scrolling at 390 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'ratchet-empty-390');
});

test("an external select's options from a ratchet connection: search, pick and save", async ({ page }) => {
  // Sign-in, a build-time component deploy and the form's first load on a busy machine (30 s default).
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  const connection = await page.request.post('/api/ratchet/connections', { data: { name: `Planets ${database}`, kind: 'postgres', host: '127.0.0.1', port: 5432, database, user: 'postgres' } });
  expect(connection.status(), await connection.text()).toBe(200);
  const ratchet = { connection: ((await connection.json()) as { uuid: string }).uuid, sql: "select id, name from planets where name ilike '%' || :search || '%' order by id", value: 'id', label: 'name' };
  const uuid = await deploy(page.request, `voyages_${Date.now()}`, [sub('title', 'input', 'text', { length: { min: 1, max: 255 } }), sub('planet', 'select', 'external', { ratchet })]);

  await page.goto(`/admin/component/${uuid}/create`);
  const options = page.getByTestId('external-option');
  await expect(options).toHaveText(['Mercury', 'Venus', 'Earth', 'Mars']);
  await page.getByTestId('external-search').fill('ar');
  await expect(options).toHaveText(['Earth', 'Mars']);
  await options.filter({ hasText: 'Mars' }).click();
  await expect(options.filter({ hasText: 'Mars' })).toHaveAttribute('aria-selected', 'true');
  await page.locator('input[name="title"]').fill('To the red planet');
  await shot(page, 'ratchet-select-form');
  await page.getByTestId('record-save').click();
  await expect(page).toHaveURL(/\/edit\/[0-9a-f-]{36}/);
  const recordUuid = page.url().match(/edit\/([0-9a-f-]{36})/)![1]!;
  const stored = (await (await page.request.get(`/api/v3/system/component/${uuid}/model/${recordUuid}`)).json()) as Record<string, unknown>;
  expect(stored).toMatchObject({ title: 'To the red planet', planet: '4' });

  // At 390 px (loaded at that width: the sidebar starts closed), the options and their search.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/component/${uuid}/create`);
  await page.getByTestId('external-search').fill('ar');
  await expect(options).toHaveText(['Earth', 'Mars']);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'ratchet-select-form-390');

  // The field dialog shows the database source with its connection, query and columns (in a v2: the
  // live v1's fields are locked).
  const v1 = (await (await page.request.get(`/api/v3/system/component/settings/${uuid}/v1`)).json()) as { settings: Record<string, unknown> };
  expect((await page.request.post('/api/v3/system/component/version/fork/schema', { data: { ref: uuid, version: 'v2', schema: { ...v1.settings, version: 'v2' } } })).status()).toBe(200);
  await page.goto(`/admin/component/${uuid}/settings#fields`);
  await page.getByTestId('version-select').selectOption('v2');
  await page.getByTestId('field-row').filter({ hasText: 'planet' }).getByTestId('field-edit').click();
  const source = page.getByTestId('ratchet-source');
  await expect(source).toBeVisible();
  await expect(page.locator('select[name="ratchet-connection"]')).toHaveValue(ratchet.connection);
  await expect(source.getByTestId('ratchet-select-value')).toHaveValue('id');
  await expect(source).toContainText('planets');
  await source.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'ratchet-select-settings-390');
  await page.setViewportSize({ width: 1280, height: 800 });
});
