// A list column drawn by a component template in a real browser (docs/forge.md "Template cells"): a
// component's distribution uploaded as a zip, another component's list column picking its entrypoint,
// the cells drawn by it in sandboxed frames that are told the cell's value, cannot read the host
// page's cookie, and leave the row's link to keyboard users; a column whose template the distribution
// no longer holds falls back to the built-in text with its mark. On 100 rows, what it costs is
// measured (frames made, time until the ones in view are drawn); screenshots at 1280 and 390 px.
import type { APIRequestContext } from '@playwright/test';
import { zip } from '../tests/support/zip';
import { expect, signInAsAdmin, sub, test } from './support';

const STAMP = Date.now().toString(36);

const CELL_JS = `
try { document.body.dataset.cookie = document.cookie; } catch (e) { document.body.dataset.cookie = 'blocked:' + e.name; }
luma.ready.then(function (context) {
  var badge = document.getElementById('v');
  badge.textContent = '\\u2605 ' + String(context.cell.value).toUpperCase();
  badge.className = 'badge badge-' + context.cell.value;
  document.body.dataset.keys = Object.keys(context.record).sort().join(',');
  document.body.dataset.ready = '1';
});
`;

/** The distribution: cell.html (with its script and style), and at first gone.html too. */
const cellsBundle = (withGone: boolean) =>
  zip([
    { name: 'cell.html', data: '<!doctype html><meta charset="utf-8"><link rel="stylesheet" href="cell.css"><script src="__luma/sdk.js"></script><script src="cell.js" defer></script><span id="v"></span>' },
    { name: 'cell.js', data: CELL_JS },
    { name: 'cell.css', data: 'html,body{margin:0;background:transparent;font:600 12px system-ui;height:100%;display:flex;align-items:center}.badge{padding:2px 10px;border-radius:999px;background:#dbeafe;color:#1e3a8a}.badge-closed{background:#fee2e2;color:#7f1d1d}.badge-hold{background:#fef3c7;color:#78350f}' },
    ...(withGone ? [{ name: 'gone.html', data: '<!doctype html><p>gone</p>' }] : []),
  ]);

async function upload(request: APIRequestContext, component: string, withGone: boolean): Promise<void> {
  const dist = await request.post(`/api/v3/system/forge/component/${component}/dist`, { multipart: { file: { name: 'cells.zip', mimeType: 'application/zip', buffer: cellsBundle(withGone) } } });
  expect(dist.status(), await dist.text()).toBe(200);
  const model = (await (await request.get(`/api/v3/system/component/settings/${component}/v1`)).json()) as { settings: Record<string, unknown> };
  const saved = await request.post(`/api/v3/system/component/settings/${component}/v1`, { data: { ...model, settings: { ...model.settings, templates_dist: { dist: ((await dist.json()) as { uuid: string }).uuid, sdk_version: 6 } } } });
  expect(saved.status(), await saved.text()).toBe(200);
}

async function create(request: APIRequestContext, name: string): Promise<string> {
  const created = await request.post('/api/v3/system/component', { data: { name, label: { en_US: name }, scope: '', tag: '' } });
  expect(created.status(), await created.text()).toBe(200);
  return ((await created.json()) as { uuid: string }).uuid;
}

const STATUSES = ['open', 'closed', 'hold'];

test('a list column drawn by an uploaded template: sandboxed, told its value, no cookies, and the fallback', async ({ page }) => {
  // Setting up 100 records and drawing the list at two widths; bounded for a busy 2-core machine.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  const request = page.request;

  const cells = await create(request, `cells_${STAMP}`);
  await upload(request, cells, true);
  const board = await create(request, `tickets_${STAMP}`);
  const model = (await (await request.get(`/api/v3/system/component/settings/${board}/v1`)).json()) as { settings: Record<string, unknown> };
  const column = (key: string, label: string, sortOrder: number, template?: string) => ({ key, label, sortOrder, formatter: null, provided_template_component: Boolean(template), component_template: template ? { component: cells, template } : null });
  const settings = {
    ...model.settings,
    fields: ['title', 'status', 'note'].map((key, i) => ({ ...sub(key, 'input', 'text'), label: { en_US: key[0]!.toUpperCase() + key.slice(1) }, sortOrder: i })),
    list: { fields: [column('title', 'Title', 0), column('status', 'Status', 1, 'cell.html'), column('note', 'Note', 2, 'gone.html')] },
  };
  const saved = await request.post(`/api/v3/system/component/settings/${board}/v1`, { data: { ...model, is_active: true, settings } });
  expect(saved.status(), await saved.text()).toBe(200);
  expect((await request.post('/api/v3/system/component/version/publish', { data: { version: 'v1', env: 'live', ref: board } })).status()).toBe(200);
  for (let start = 0; start < 100; start += 10) {
    await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const n = start + i;
        const made = await request.post(`/api/v3/system/component/${board}/model`, { data: { data: { title: `Ticket ${String(n).padStart(3, '0')}`, status: STATUSES[n % 3], note: `note ${n}` } } });
        expect(made.status()).toBe(200);
      }),
    );
  }
  // The distribution moves on without gone.html (the Note column's template is no longer there) and
  // goes live: the list draws the live version's templates.
  await upload(request, cells, false);
  expect((await request.post('/api/v3/system/component/version/publish', { data: { version: 'v1', env: 'live', ref: cells } })).status()).toBe(200);

  // The host page holds a readable cookie the frames must not see.
  await page.goto('/home/home');
  await page.evaluate(() => (document.cookie = 'luma_probe=host-secret; path=/'));
  await page.goto(`/admin/component/${board}`);
  const firstRow = page.getByTestId('record-row').first();
  const status = firstRow.locator('[data-column="status"]');
  await expect(status.getByTestId('template-cell')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  const frame = status.frameLocator('iframe');
  await expect(frame.locator('body[data-ready="1"]')).toBeAttached();
  const value = (await status.locator('.list-template-text').innerText()).trim();
  expect(STATUSES).toContain(value);
  await expect(frame.locator('#v')).toHaveText(`\u2605 ${value.toUpperCase()}`);
  expect(await frame.locator('body').getAttribute('data-cookie')).toMatch(/^blocked:SecurityError/);
  const keys = (await frame.locator('body').getAttribute('data-keys'))!.split(',');
  expect(keys).toEqual(expect.arrayContaining(['uuid', 'title', 'status', 'note']));
  expect(await status.locator('iframe').getAttribute('sandbox')).toBe('allow-scripts allow-forms');

  // The Note column's template is gone: the built-in text with its mark, no frame.
  const note = firstRow.locator('[data-column="note"]');
  await expect(note.getByTestId('template-cell-fallback')).toHaveAttribute('data-reason', 'missing');
  await expect(note.getByRole('img', { name: 'The template gone.html is not there any more; the value is shown as usual.' })).toBeVisible();
  await expect(note).toContainText('note');
  await expect(note.locator('iframe')).toHaveCount(0);

  // A keyboard user still opens the record from its row's link.
  const link = firstRow.locator('[data-column="title"] a.cell-link');
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/edit\//);
  await page.goBack();

  // 100 rows a page: frames only for the rows in view, and how long they take.
  await expect(page.getByTestId('record-row')).toHaveCount(10);
  const started = Date.now();
  await page.locator('select[name="perPage"]').selectOption('100');
  const ready = page.locator('[data-column="status"] [data-testid="template-cell"][data-state="ready"]');
  await expect.poll(async () => ready.count(), { timeout: 30_000 }).toBeGreaterThan(10);
  await expect.poll(async () => (await ready.count()) === (await page.getByTestId('template-cell-frame').count()), { timeout: 30_000 }).toBe(true);
  const took = Date.now() - started;
  const rows = await page.getByTestId('record-row').count();
  const frames = await page.getByTestId('template-cell-frame').count();
  console.info(`template cells, 100 records a page at 1280x900: ${rows} rows drawn, ${frames} frames, all drawn ${took} ms after choosing 100`);
  expect(frames).toBeLessThan(100);
  // Each frame in view has drawn its badge (it draws just after its hello) before the picture.
  for (let i = 0; i < 6; i += 1) await expect(page.getByTestId('record-row').nth(i).locator('[data-column="status"]').frameLocator('iframe').locator('body[data-ready="1"] #v')).toHaveText(/^\u2605 (OPEN|CLOSED|HOLD)$/);
  // The viewport, not the full page (here and at 390 px): a full-page picture resizes the page for the
  // capture, and Chromium then leaves some out-of-process frames unpainted in it although they are
  // drawn (their cells said ready before and after); below the fold the cells have no frame yet anyway.
  await page.screenshot({ path: 'test-results/screens/template-cell-1280.png' });

  // At 390 px the list is cards; the Status field is drawn by the template there too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const card = page.getByTestId('record-card').first();
  await expect(card.locator('[data-testid="template-cell"][data-state="ready"]')).toBeVisible({ timeout: 30_000 });
  await expect(card.getByTestId('template-cell-fallback')).toBeVisible();
  await expect(card.frameLocator('iframe').locator('body[data-ready="1"] #v')).toHaveText(/^\u2605 /);
  await page.screenshot({ path: 'test-results/screens/template-cell-390.png' });
});
