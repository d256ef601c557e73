import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { deploy, expect, shot, signInAsAdmin, sub, test } from './support';

// Widgets and dashboards (docs/widgets.md): a component with records, a bar chart widget made in the
// editor (its settings form and live preview), placed on the admin dashboard and the home page, seen
// there; the widgets list, the editor and the dashboard at 1280 and 390 px, light and dark, with no
// serious or critical axe violation.

const theme = (page: Page, name: 'light' | 'dark') => page.addInitScript((value) => localStorage.setItem('luma.theme', value), name);

/** The serious and critical axe violations on the page as it is now. */
async function serious(page: Page, name: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${name}: ${violation.id} at ${node.target.join(' ')}`));
}

test('a bar chart widget over a component: made in the editor, previewed, placed on the dashboard and home', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  const stamp = Date.now().toString(36);
  const sales = await deploy(page.request, `sales_${stamp}`, [sub('region', 'input', 'text', { length: { min: 1, max: 40 } }), sub('amount', 'input', 'number')]);
  for (const [region, amount] of [['North', 10], ['North', 30], ['South', 25], ['East', 5], ['East', 7], ['East', 9]] as const) {
    const created = await page.request.post(`/api/v3/system/component/${sales}/model`, { data: { data: { region, amount } } });
    expect(created.status(), await created.text()).toBe(200);
  }

  await page.goto('/admin/widgets');
  await expect(page.getByRole('heading', { name: 'Widgets' })).toBeVisible();
  await page.getByTestId('widgets-create').click();
  await expect(page.getByTestId('widget-settings')).toBeVisible();
  const name = `Sales by region ${stamp}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  await expect(page.getByLabel('Kind')).toHaveValue('chart');
  await expect(page.getByLabel('Chart', { exact: true })).toHaveValue('bar');
  await page.getByLabel('Component').selectOption(sales);
  await page.getByLabel('Aggregation ($aggregate, JSON)').fill(JSON.stringify([{ $group: { _id: '$region', total: { $sum: '$amount' } } }, { $sort: { _id: 1 } }]));
  // The live preview draws the unsaved chart from the record list.
  const preview = page.getByTestId('widget-preview');
  await expect(preview.getByTestId('widget-chart')).toHaveAttribute('data-chart', 'bar');
  await expect(preview.locator('svg text', { hasText: 'North' })).toBeVisible();
  await page.getByTestId('widget-save').click();
  await expect(page).toHaveURL(/\/admin\/widgets\/edit\//);
  await expect(page.getByRole('heading', { name: `Widget ${name}` })).toBeVisible();
  await shot(page, 'widgets-editor-1280-light');

  // The list names it; bad JSON is refused in the form with its message, nothing sent.
  await page.getByLabel('Filter ($adv, JSON)').fill('{"amount": ');
  await page.getByTestId('widget-save').click();
  await expect(page.getByText('This is not valid JSON.')).toBeVisible();
  await page.getByLabel('Filter ($adv, JSON)').fill('');

  // A pie chart without typing JSON: the helper writes the pipeline (sum of amount by region).
  await page.goto('/admin/widgets/create');
  await page.getByLabel('Name', { exact: true }).fill(`Amount share ${stamp}`);
  await page.getByLabel('Chart', { exact: true }).selectOption('pie');
  await page.getByLabel('Component').selectOption(sales);
  const helper = page.getByTestId('widget-helper');
  await helper.getByLabel('Group by').selectOption('region');
  await helper.getByLabel('Measure').selectOption('sum');
  await helper.getByLabel('Of the number field').selectOption('amount');
  await helper.getByTestId('widget-helper-write').click();
  await expect(page.getByLabel('Aggregation ($aggregate, JSON)')).toHaveValue(/"sum_amount": \{\s*"\$sum": "\$amount"/);
  await expect(page.getByLabel('Value key')).toHaveValue('sum_amount');
  await expect(page.getByTestId('widget-preview').getByTestId('widget-chart')).toHaveAttribute('data-chart', 'pie');
  await page.getByTestId('widget-save').click();
  await expect(page).toHaveURL(/\/admin\/widgets\/edit\//);

  await page.goto('/admin/widgets');
  await expect(page.getByTestId('widget-row').filter({ hasText: name })).toContainText('Bar chart');
  await expect(page.getByTestId('widget-row').filter({ hasText: `Amount share ${stamp}` })).toContainText('Pie chart');
  await shot(page, 'widgets-list-1280-light');

  // Placed on the dashboard with the keyboard, then seen there with its bars.
  await page.goto('/admin/dashboard');
  await page.getByTestId('widget-place-choose').first().click();
  const chooser = page.getByTestId('widget-chooser');
  await chooser.getByLabel(`Show ${name}`).focus();
  await page.keyboard.press('Space');
  await chooser.getByTestId('widget-place-save').click();
  const card = page.getByTestId('widgets-dashboard').getByTestId('widget-card').filter({ hasText: name });
  await expect(card.getByTestId('widget-chart')).toBeVisible();
  await expect(card.locator('svg text', { hasText: 'South' })).toBeVisible();
  await expect(page.getByTestId('dashboard-component').first()).toBeVisible();
  await expect(page.getByTestId('components-empty')).toHaveCount(0);
  await shot(page, 'dashboard-chart-1280-light');
  // Stored on the server: a reload shows it again.
  await page.reload();
  await expect(page.getByTestId('widgets-dashboard').getByTestId('widget-card').filter({ hasText: name }).getByTestId('widget-chart')).toBeVisible();

  // The home page too.
  await page.goto('/home/home');
  await page.getByTestId('widgets-home').getByTestId('widget-place-choose').click();
  await page.getByTestId('widget-chooser').getByLabel(`Show ${name}`).check();
  await page.getByTestId('widget-chooser').getByTestId('widget-place-save').click();
  await expect(page.getByTestId('widgets-home').getByTestId('widget-card').filter({ hasText: name }).getByTestId('widget-chart')).toBeVisible();
  await shot(page, 'home-chart-1280-light');
});

for (const mode of ['light', 'dark'] as const) {
  test(`widgets list, editor and dashboard at 390 and 1280 px (${mode})`, async ({ page }) => {
    test.setTimeout(120_000);
    await theme(page, mode);
    await signInAsAdmin(page);
    const list = await page.request.get('/api/v1/system/widget/list');
    const widgets = (await list.json()) as { uuid: string; kind: string }[];
    const chart = widgets.find((widget) => widget.kind === 'chart');
    test.skip(!chart, 'the first spec makes the chart');
    const found: string[] = [];
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/admin/widgets');
      await expect(page.getByTestId('widget-row').first()).toBeVisible();
      found.push(...(await serious(page, `list ${width} ${mode}`)));
      await shot(page, `widgets-list-${width}-${mode}`);
      await page.goto(`/admin/widgets/edit/${chart!.uuid}`);
      await expect(page.getByTestId('widget-preview').getByTestId('widget-chart')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      found.push(...(await serious(page, `editor ${width} ${mode}`)));
      await shot(page, `widgets-editor-${width}-${mode}`);
      await page.goto('/admin/dashboard');
      await expect(page.getByTestId('widgets-dashboard').getByTestId('widget-chart').first()).toBeVisible();
      found.push(...(await serious(page, `dashboard ${width} ${mode}`)));
      await shot(page, `dashboard-chart-${width}-${mode}`);
    }
    expect(found).toEqual([]);
  });
}
