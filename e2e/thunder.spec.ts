import type { Page } from '@playwright/test';
import { deploy, expect, shot, signInAsAdmin, sub, test } from './support';

// Thunder data sets (docs/thunder.md): a set defined on /admin/thunder over a component's $aggregate,
// built, its page with status, preview and build log; a number widget made over the set in the widget
// editor, placed on the dashboard, showing the set's value and following a record write (the set
// rebuilt through the hook registry, the widget read again on the build's event); a removal after a
// question; the screens at 1280 and 390 px without sideways scrolling.

const noOverflow = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

test('define a thunder data set and see it on a widget, following a record write', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  const stamp = Date.now().toString(36);
  const orders = await deploy(page.request, `orders_${stamp}`, [sub('region', 'input', 'text', { length: { min: 1, max: 40 } }), sub('amount', 'input', 'number')]);
  for (const [region, amount] of [['North', 10], ['North', 30], ['South', 25]] as const) {
    const created = await page.request.post(`/api/v3/system/component/${orders}/model`, { data: { data: { region, amount } } });
    expect(created.status(), await created.text()).toBe(200);
  }

  // Defined on the list page, built, its page opened. Before the first set the list says what to do.
  await page.goto('/admin/thunder');
  await expect(page.getByRole('heading', { name: 'Thunder data' })).toBeVisible();
  if ((await page.getByTestId('thunder-row').count()) === 0) {
    await expect(page.getByTestId('thunder-empty')).toBeVisible();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/admin/thunder');
      await expect(page.getByTestId('thunder-empty')).toBeVisible();
      await noOverflow(page);
      await shot(page, `thunder-empty-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  await page.getByTestId('thunder-create').click();
  const name = `totals-${stamp}`;
  await page.getByLabel('Name (letters, digits, - and _)').fill(name);
  // The component is a text input until the component list arrives, then a select of them.
  await expect(page.locator('select[name="thunder.component"]')).toBeVisible();
  await page.getByLabel('Component', { exact: true }).selectOption(orders);
  await page.getByLabel('Aggregation ($aggregate, JSON)').fill(JSON.stringify([{ $group: { _id: null, total: { $sum: '$amount' } } }]));
  await shot(page, 'thunder-new-1280');
  await page.getByTestId('thunder-save').click();
  await expect(page).toHaveURL(new RegExp(`/admin/thunder/${name}$`));
  await expect(page.getByTestId('thunder-status')).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('thunder-preview').getByRole('cell', { name: '65' })).toBeVisible();
  await expect(page.getByTestId('thunder-build').first()).toContainText('Defined');
  await expect(page.getByTestId('thunder-size')).toContainText('1 row');

  // A number widget over the set, made in the widget editor.
  await page.goto('/admin/widgets/create');
  const widgetName = `Order total ${stamp}`;
  await page.getByLabel('Name', { exact: true }).fill(widgetName);
  await page.getByLabel('Kind').selectOption('number');
  await page.getByLabel('Data from').selectOption('thunder');
  await expect(page.locator('select[name="widget.thunder"]')).toBeVisible();
  await page.getByLabel('Data set').selectOption({ label: name });
  await expect(page.getByLabel('Aggregation ($aggregate, JSON)')).toHaveCount(0);
  await expect(page.getByTestId('widget-preview').getByTestId('widget-number')).toHaveText('65');
  await shot(page, 'thunder-widget-editor-1280');
  await page.getByTestId('widget-save').click();
  await expect(page).toHaveURL(/\/admin\/widgets\/edit\//);
  const widget = page.url().split('/').pop()!;
  const placed = await page.request.put('/api/v1/system/widget/places', { data: { dashboard: [widget] } });
  expect(placed.status(), await placed.text()).toBe(200);

  await page.goto('/admin/dashboard');
  const card = page.getByTestId('widgets-dashboard').getByTestId('widget-card').filter({ hasText: widgetName });
  await expect(card.getByTestId('widget-number')).toHaveText('65');
  await shot(page, 'thunder-dashboard-1280');
  // A record written: the set is rebuilt a moment later and the widget reads it again on its own.
  const more = await page.request.post(`/api/v3/system/component/${orders}/model`, { data: { data: { region: 'East', amount: 100 } } });
  expect(more.status()).toBe(200);
  await expect(card.getByTestId('widget-number')).toHaveText('165', { timeout: 30_000 });

  // The screens at both widths.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin/thunder');
    await expect(page.getByTestId('thunder-row').filter({ hasText: name })).toContainText('Ready');
    await noOverflow(page);
    await shot(page, `thunder-list-${width}`);
    await page.goto(`/admin/thunder/${name}`);
    await expect(page.getByTestId('thunder-build').first()).toContainText('Records changed');
    await expect(page.getByTestId('thunder-preview').getByRole('cell', { name: '165' })).toBeVisible();
    await noOverflow(page);
    await shot(page, `thunder-set-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // A set a widget shows is not removed; another is, after a question.
  await page.getByTestId('thunder-remove').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('A widget shows this data set.')).toBeVisible();
  await page.keyboard.press('Escape');
  const spare = `spare-${stamp}`;
  const defined = await page.request.post('/api/v3/system/thunder', { data: { name: spare, component: orders, aggregate: [{ $group: { _id: '$region', n: { $sum: 1 } } }] } });
  expect(defined.status(), await defined.text()).toBe(200);
  await page.goto(`/admin/thunder/${spare}`);
  await page.getByTestId('thunder-remove').click();
  await expect(page.getByRole('dialog')).toContainText(spare);
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page).toHaveURL(/\/admin\/thunder$/);
  await expect(page.getByTestId('thunder-row').filter({ hasText: spare })).toHaveCount(0);
});
