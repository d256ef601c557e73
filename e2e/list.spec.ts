import type { APIRequestContext, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expect, test, signInAsAdmin } from './support';

const signIn = signInAsAdmin;

const FIELDS = [
  { name: 'Title', key: 'title', label: { en_US: 'Title' }, module: 'input', type: 'text', filterable: true, constraints: { required: true, length: { min: 1, max: 80 } } },
  { name: 'Amount', key: 'amount', label: { en_US: 'Amount' }, module: 'input', type: 'number', filterable: true, constraints: { min: 0, max: 100000 } },
];

/** A component with model.disable on, deployed live, with 23 records. */
async function createComponent(request: APIRequestContext, name: string): Promise<string> {
  const created = await request.post('/api/v3/system/component', { data: { name, label: { en_US: 'Products' }, scope: '', tag: '' } });
  expect(created.status()).toBe(200);
  const { uuid } = (await created.json()) as { uuid: string };
  const model = (await (await request.get(`/api/v3/system/component/settings/${uuid}/v1`)).json()) as { settings: Record<string, unknown> };
  const settings = { ...model.settings, fields: FIELDS.map((f, i) => ({ ...f, sortOrder: i })), model: { events: [], disable: true, timestamps: true, cleanup_after: null } };
  const saved = await request.post(`/api/v3/system/component/settings/${uuid}/v1`, { data: { ...model, is_active: true, settings } });
  expect(saved.status(), await saved.text()).toBe(200);
  expect((await request.post('/api/v3/system/component/version/publish', { data: { version: 'v1', env: 'live', ref: uuid } })).status()).toBe(200);
  for (let i = 1; i <= 23; i++) {
    const title = i === 7 ? 'Blue lamp' : `Item ${String(i).padStart(2, '0')}`;
    const response = await request.post(`/api/v3/system/component/${uuid}/model`, { data: { data: { title, amount: i * 10 } } });
    expect(response.status(), await response.text()).toBe(200);
  }
  return uuid;
}

test('search, paging, presets, bulk disable and show-disabled, export', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const uuid = await createComponent(page.request, 'products_list');
  await page.goto(`/admin/component/${uuid}`);
  const rows = page.getByTestId('record-row');
  await expect(rows).toHaveCount(10);
  await expect(page.getByTestId('list-total')).toContainText('23');
  await page.screenshot({ path: 'test-results/screens/list.png', fullPage: true });

  // Paging keeps ?page in the URL.
  await page.getByTestId('list-next').click();
  await expect(page).toHaveURL(/page=2/);
  await expect(rows).toHaveCount(10);
  await page.getByTestId('list-next').click();
  await expect(rows).toHaveCount(3);
  await page.getByTestId('list-prev').click();
  await expect(page.getByTestId('list-page')).toContainText('2');

  // Search is case-insensitive.
  await page.getByTestId('list-search').fill('BLUE');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Blue lamp');

  // Save the search as a preset, clear it, and bring it back from the preset list.
  await page.getByTestId('preset-save-as').click();
  await page.locator('input[name="preset-name"]').fill('Blue things');
  await page.getByTestId('preset-save-submit').click();
  await expect(page.getByTestId('toast').filter({ hasText: /Preset saved/ })).toBeVisible();
  await page.getByTestId('list-search').fill('');
  await expect(rows).toHaveCount(10);
  await page.getByTestId('preset-select').selectOption({ label: 'Blue things' });
  await expect(rows).toHaveCount(1);
  await page.screenshot({ path: 'test-results/screens/list-preset.png', fullPage: true });

  // Export the current page as {id}.json.
  const [pageDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('list-more').click().then(() => page.getByTestId('export-page').click())]);
  expect(pageDownload.suggestedFilename()).toMatch(/\.json$/);
  const exported = JSON.parse(readFileSync((await pageDownload.path())!, 'utf8')) as { title: string }[];
  expect(exported.map((r) => r.title)).toEqual(['Blue lamp']);

  // Bulk disable the found record; it leaves the list and comes back with show-disabled.
  await rows.first().getByTestId('row-select').check();
  await page.getByTestId('bulk-disable').click();
  await expect(rows).toHaveCount(0);
  await page.getByTestId('show-disabled').check();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Blue lamp');
  await page.screenshot({ path: 'test-results/screens/list-disabled.png', fullPage: true });

  // The whole filtered result as CSV, streamed by the server.
  await page.getByTestId('show-disabled').uncheck();
  await page.getByTestId('list-search').fill('');
  await expect(rows).toHaveCount(10);
  const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('list-more').click().then(() => page.getByTestId('export-csv').click())]);
  const csv = readFileSync((await csvDownload.path())!, 'utf8');
  expect(csv.split(/\r?\n/).filter(Boolean)).toHaveLength(1 + 22);
});

test('the import wizard shows every bad row, then lands a fixed file whole', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const uuid = await createComponent(page.request, 'products_import');
  await page.goto(`/admin/component/${uuid}`);
  await expect(page.getByTestId('record-row')).toHaveCount(10);

  await page.getByTestId('list-more').click();
  await page.getByTestId('list-import').click();
  const wizard = page.getByTestId('import-wizard');
  await expect(wizard).toBeVisible();
  const bad = 'Name,Price\n"Desk, oak",120\nChair,not a number\n,15\n';
  await page.getByTestId('import-file').setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${bad}`) });
  await expect(page.getByTestId('import-preview')).toContainText('Desk, oak');
  await page.locator('select[name="map.Name"]').selectOption('title');
  await page.locator('select[name="map.Price"]').selectOption('amount');
  await page.screenshot({ path: 'test-results/screens/import-mapping.png', fullPage: true });
  await page.getByTestId('import-run').click();
  const errors = page.getByTestId('import-errors');
  await expect(errors).toBeVisible();
  await expect(errors).toContainText('2');
  await expect(errors).toContainText('3');
  await page.screenshot({ path: 'test-results/screens/import-errors.png', fullPage: true });
  // Nothing was written.
  const before = (await (await page.request.get(`/api/v3/system/component/${uuid}/models?limit=-1`)).json()) as { total: number };
  expect(before.total).toBe(23);

  const good = 'Name,Price\n"Desk, oak",120\nChair,45\n"Shelf\nwith a note",15\n';
  await page.getByTestId('import-file').setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
  await page.locator('select[name="map.Name"]').selectOption('title');
  await page.locator('select[name="map.Price"]').selectOption('amount');
  await page.getByTestId('import-run').click();
  await expect(page.getByTestId('import-result')).toContainText('3');
  await page.getByTestId('import-close').click();
  const after = (await (await page.request.get(`/api/v3/system/component/${uuid}/models?limit=-1`)).json()) as { total: number };
  expect(after.total).toBe(26);
});
