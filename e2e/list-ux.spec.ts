import type { APIRequestContext, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, signInAsAdmin } from './support';

// The record list as a user meets it: cells by type, the column chooser kept in a preset across a
// reload, the two empty states, and the phone layout (cards, no sideways scroll).
const items = (...pairs: [string, string][]) => ({ selectables: { items: pairs.map(([value, label]) => ({ value, label })) } });

const FIELDS = [
  { name: 'Title', key: 'title', label: { en_US: 'Title' }, module: 'input', type: 'text', filterable: true },
  { name: 'Status', key: 'status', label: { en_US: 'Status' }, module: 'select', type: 'text', constraints: items(['open', 'Open for orders'], ['closed', 'Closed']) },
  { name: 'Paid', key: 'paid', label: { en_US: 'Paid' }, module: 'checkbox', type: 'bool' },
  { name: 'Amount', key: 'amount', label: { en_US: 'Amount' }, module: 'input', type: 'number' },
  { name: 'Due', key: 'due', label: { en_US: 'Due' }, module: 'picker', type: 'date' },
  { name: 'Meets', key: 'meets', label: { en_US: 'Meets' }, module: 'picker', type: 'datetime' },
  { name: 'Notes', key: 'notes', label: { en_US: 'Notes' }, module: 'text', type: 'editor' },
  { name: 'Channel', key: 'channel', label: { en_US: 'Channel' }, module: 'radio', type: 'text', constraints: items(['web', 'Web shop'], ['store', 'Store']) },
  { name: 'Email', key: 'email', label: { en_US: 'Email' }, module: 'input', type: 'email' },
  { name: 'Tags', key: 'tags', label: { en_US: 'Tags' }, module: 'checkbox', type: 'text', constraints: items(['a', 'Urgent'], ['b', 'Gift']) },
  { name: 'Code', key: 'code', label: { en_US: 'Code' }, module: 'input', type: 'text' },
];

async function createComponent(request: APIRequestContext, name: string, records: number): Promise<string> {
  const created = await request.post('/api/v3/system/component', { data: { name, label: { en_US: 'Orders' }, scope: '', tag: '' } });
  expect(created.status()).toBe(200);
  const { uuid } = (await created.json()) as { uuid: string };
  const model = (await (await request.get(`/api/v3/system/component/settings/${uuid}/v1`)).json()) as { settings: Record<string, unknown> };
  const settings = {
    ...model.settings,
    fields: FIELDS.map((f, i) => ({ ...f, sortOrder: i })),
    list: { fields: ['uuid', ...FIELDS.map((f) => f.key)].map((key, i) => ({ key, label: key === 'uuid' ? 'Id' : FIELDS.find((f) => f.key === key)!.label.en_US, sortOrder: i, formatter: null, provided_template_component: false, component_template: null })) },
    model: { events: [], disable: true, timestamps: true, cleanup_after: null },
  };
  const saved = await request.post(`/api/v3/system/component/settings/${uuid}/v1`, { data: { ...model, is_active: true, settings } });
  expect(saved.status(), await saved.text()).toBe(200);
  expect((await request.post('/api/v3/system/component/version/publish', { data: { version: 'v1', env: 'live', ref: uuid } })).status()).toBe(200);
  // Made last first: the list opens newest first (issue 29 item 8), so Order 001 heads it.
  for (let i = records; i >= 1; i--) {
    const data = {
      title: `Order ${String(i).padStart(3, '0')} for a customer with a long name`,
      status: i % 3 === 0 ? 'closed' : 'open',
      paid: i % 2 === 0,
      amount: i * 1250.5,
      due: `2025-03-${String((i % 28) + 1).padStart(2, '0')}`,
      meets: `2030-04-${String((i % 28) + 1).padStart(2, "0")}T10:30`,
      notes: `<p>Deliver <strong>before noon</strong></p><p>Call ahead ${i}</p>`,
      channel: i % 2 === 0 ? 'web' : 'store',
      email: `buyer${i}@example.com`,
      tags: i % 2 === 0 ? ['a', 'b'] : ['b'],
      code: `C-${1000 + i}`,
    };
    const response = await request.post(`/api/v3/system/component/${uuid}/model`, { data: { data } });
    expect(response.status(), await response.text()).toBe(200);
  }
  return uuid;
}

/** Serious or critical axe violations inside the list screen. */
async function axeProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include('[data-testid="record-list-screen"]').analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: false });

test('typed cells, the column chooser kept in a preset after a reload, and no match', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  const uuid = await createComponent(page.request, 'orders_ux', 12);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/component/${uuid}`);
  const rows = page.getByTestId('record-row');
  await expect(rows).toHaveCount(10);
  const first = rows.first();
  // Labels, not stored values; booleans as a tick; plain text on one line; the uuid short.
  await expect(first.locator('td[data-column="status"]')).toHaveText('Open for orders');
  await expect(first.locator('td[data-column="channel"]')).toHaveText('Store');
  await expect(first.locator('td[data-column="tags"]')).toHaveText('Gift');
  await expect(first.locator('td[data-column="paid"] [role="img"]')).toHaveAttribute('aria-label', 'No');
  await expect(rows.nth(1).locator('td[data-column="paid"] [role="img"]')).toHaveAttribute('aria-label', 'Yes');
  await expect(first.locator('td[data-column="amount"]')).toHaveText('1,250.5');
  await expect(first.locator('td[data-column="due"]')).toHaveText('Mar 2, 2025');
  await expect(first.locator('td[data-column="notes"]')).toHaveText('Deliver before noon Call ahead 1');
  const id = first.locator('td[data-column="uuid"] code');
  await expect(id).toHaveText(/^…[0-9a-f]{8}$/);
  expect((await first.locator('td[data-column="uuid"]').boundingBox())!.height).toBeLessThan(60);
  await shot(page, 'list-ux-1280-light');
  expect(await axeProblems(page)).toEqual([]);

  // Hide two columns and move Code up, save as a preset, reload: the layout is still there.
  await page.getByTestId('list-columns').click();
  await page.getByTestId('column-toggle-email').uncheck();
  await page.getByTestId('column-toggle-notes').uncheck();
  await shot(page, 'list-ux-columns');
  await page.keyboard.press('Escape');
  await expect(page.locator('thead th[data-column="email"]')).toHaveCount(0);
  await page.getByTestId('density-compact').click();
  // Widen Title by dragging its header's edge.
  const title = page.locator('thead th[data-column="title"]');
  const before = (await title.boundingBox())!.width;
  const edge = (await title.getByTestId('column-resizer').boundingBox())!;
  await page.mouse.move(edge.x + edge.width / 2, edge.y + edge.height / 2);
  await page.mouse.down();
  await page.mouse.move(edge.x + edge.width / 2 + 80, edge.y + edge.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => Math.round((await title.boundingBox())!.width)).toBeGreaterThan(before + 60);
  const widened = (await title.boundingBox())!.width;
  // Drag the Amount header onto Title: Amount takes Title's place.
  await page.locator('thead th[data-column="amount"] .list-th-inner').dragTo(page.locator('thead th[data-column="title"]'));
  const order = () => page.locator('thead th[data-column]').evaluateAll((ths) => ths.map((th) => th.getAttribute('data-column')));
  await expect.poll(order).toEqual(['uuid', 'amount', 'title', 'status', 'paid', 'due', 'meets', 'channel', 'tags', 'code']);
  await page.getByTestId('preset-save-as').click();
  await page.locator('input[name="preset-name"]').fill('Lean');
  await page.getByTestId('preset-save-submit').click();
  await expect(page.getByTestId('toast').filter({ hasText: /Preset saved/ })).toBeVisible();
  await expect(page).toHaveURL(/preset=Lean/);
  await page.reload();
  await expect(rows).toHaveCount(10);
  await expect(page.locator('thead th[data-column="email"]')).toHaveCount(0);
  await expect(page.locator('thead th[data-column="notes"]')).toHaveCount(0);
  await expect(page.locator('thead th[data-column="status"]')).toHaveCount(1);
  await expect(page.getByTestId('list-scroll')).toHaveClass(/list-density-compact/);
  expect(Math.abs((await title.boundingBox())!.width - widened)).toBeLessThan(2);
  expect(await order()).toEqual(['uuid', 'amount', 'title', 'status', 'paid', 'due', 'meets', 'channel', 'tags', 'code']);

  // A search that finds nothing says so and offers to clear it.
  await page.getByTestId('list-search').fill('no such order anywhere');
  await expect(page.getByTestId('list-empty')).toHaveAttribute('data-empty', 'no-match');
  await expect(page.getByTestId('list-empty')).toContainText('No records match');
  await shot(page, 'list-ux-no-match');
  await page.getByTestId('list-clear-filters').click();
  await expect(rows).toHaveCount(10);

  // In dev, settings, workflow, list settings and the editor are icon buttons named by their tooltips.
  expect((await page.request.post('/api/v3/system/component/version/publish', { data: { version: 'v1', env: 'dev', ref: uuid } })).status()).toBe(200);
  await page.evaluate(() => localStorage.setItem('luma.env', 'dev'));
  await page.reload();
  // Records belong to their environment: dev has none yet.
  await expect(page.getByTestId('list-empty')).toHaveAttribute('data-empty', 'no-records');
  await expect(page.getByTestId('list-settings')).toHaveAttribute('aria-label', 'Settings');
  await page.getByTestId('list-settings-workflow').hover();
  await expect(page.getByRole('tooltip')).toHaveText('Workflow');
  await page.getByTestId('list-more').hover();
  await expect(page.getByRole('tooltip')).toHaveText('Import and export');
  await shot(page, 'list-ux-1280-dev');
  await page.getByTestId('list-more').click();
  await expect(page.getByRole('menuitem')).toHaveCount(4);
  await shot(page, 'list-ux-menu');
  await page.keyboard.press('Escape');

  // Dark theme, for the looks.
  await page.evaluate(() => localStorage.setItem('luma.env', 'live'));
  await page.evaluate(() => localStorage.setItem('luma.theme', 'dark'));
  await page.reload();
  await expect(rows).toHaveCount(10);
  await shot(page, 'list-ux-1280-dark');
  expect(await axeProblems(page)).toEqual([]);
});

test('a component without records says "No records yet" with Create and Import', async ({ page }) => {
  test.setTimeout(60_000);
  await signInAsAdmin(page);
  const uuid = await createComponent(page.request, 'orders_empty', 0);
  await page.goto(`/admin/component/${uuid}`);
  const empty = page.getByTestId('list-empty');
  await expect(empty).toHaveAttribute('data-empty', 'no-records');
  await expect(empty).toContainText('No records yet');
  await expect(page.getByTestId('list-empty-create')).toBeVisible();
  await shot(page, 'list-ux-no-records');
  await page.getByTestId('list-empty-import').click();
  await expect(page.getByTestId('import-wizard')).toBeVisible();
  await page.reload();
  await page.getByTestId('list-empty-create').click();
  await expect(page).toHaveURL(new RegExp(`/admin/component/${uuid}/create$`));
});

test('on a phone the list is cards and the page never scrolls sideways', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  const uuid = await createComponent(page.request, 'orders_phone', 12);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/component/${uuid}`);
  const cards = page.getByTestId('record-card');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByTestId('record-list')).toHaveCount(0);
  await expect(cards.first()).toContainText('Order 001');
  await expect(cards.first()).toContainText('Open for orders');
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'list-ux-390-light');
  expect(await axeProblems(page)).toEqual([]);
  // The column chooser and the menu open inside the screen's width (moved in when they would not).
  for (const [trigger, popup] of [['list-columns', 'column-chooser'], ['list-more', 'export-csv']] as const) {
    await page.getByTestId(trigger).click();
    const box = (await page.getByTestId(popup).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    if (trigger === 'list-columns') await shot(page, 'list-ux-390-columns');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId(popup)).toHaveCount(0);
  }
  // Cards come in as the page scrolls (they are virtualised like the table's rows).
  await page.locator('.list-pager').scrollIntoViewIfNeeded();
  await expect(cards.filter({ hasText: 'Order 010' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await cards.nth(1).locator('.list-card-fields').click();
  await expect(page).toHaveURL(/\/edit\//);
  await page.goBack();
  await page.evaluate(() => localStorage.setItem('luma.theme', 'dark'));
  await page.reload();
  await expect(cards.first()).toBeVisible();
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'list-ux-390-dark');
});
