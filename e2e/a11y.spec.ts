// axe-core on the six pages an administrator meets first (sign-in, dashboard, components list,
// component settings, record list, record edit), in the light and the dark theme, 1280 and 390 px
// wide. A serious or critical violation fails the test; each one found is printed with the elements
// it names.
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, shot, signInAsAdmin } from './support';

type Theme = 'light' | 'dark';

const FIELDS = [
  { name: 'Title', key: 'title', module: 'input', type: 'text', constraints: { required: true, length: { min: 1, max: 80 } } },
  { name: 'Amount', key: 'amount', module: 'input', type: 'number', constraints: { min: 0, max: 1000 } },
  { name: 'Colour', key: 'colour', module: 'select', type: 'text', constraints: { selectables: { items: ['red', 'green'] } } },
  { name: 'Paid', key: 'paid', module: 'checkbox', type: 'bool', constraints: {} },
  { name: 'Notes', key: 'notes', module: 'text', type: 'editor', constraints: { length: { min: 0, max: 2000 } } },
];

/** A live component with every kind of field the record pages show first, and one record. */
async function deployWithRecord(request: APIRequestContext, name: string): Promise<{ component: string; record: string }> {
  const created = await request.post('/api/v3/system/component', { data: { name, label: { en_US: 'Orders' }, scope: '', tag: '' } });
  expect(created.status(), await created.text()).toBe(200);
  const { uuid } = (await created.json()) as { uuid: string };
  const model = (await (await request.get(`/api/v3/system/component/settings/${uuid}/v1`)).json()) as { settings: Record<string, unknown> };
  const fields = FIELDS.map((field, i) => ({ ...field, label: { en_US: field.name }, sortOrder: i }));
  const saved = await request.post(`/api/v3/system/component/settings/${uuid}/v1`, { data: { ...model, is_active: true, settings: { ...model.settings, fields } } });
  expect(saved.status(), await saved.text()).toBe(200);
  expect((await request.post('/api/v3/system/component/version/publish', { data: { version: 'v1', env: 'live', ref: uuid } })).status()).toBe(200);
  const record = await request.post(`/api/v3/system/component/${uuid}/model`, {
    data: { data: { title: 'First order', amount: 12, colour: 'green', paid: true, notes: '<p>Delivered <strong>on time</strong></p>' } },
  });
  expect(record.status(), await record.text()).toBe(200);
  return { component: uuid, record: ((await record.json()) as { uuid: string }).uuid };
}

/** The serious and critical violations on the page as it is now, printed one per line. */
async function seriousViolations(page: Page, name: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  const found = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => `${name}: [${violation.impact}] ${violation.id} (${violation.help}) at ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`),
    );
  for (const line of found) console.log(line);
  return found;
}

for (const theme of ['light', 'dark'] as const satisfies readonly Theme[]) {
  test(`no serious or critical axe violation on the six first pages (${theme} theme)`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.addInitScript((value) => localStorage.setItem('luma.theme', value), theme);
    const found: string[] = [];
    const check = async (name: string) => {
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      found.push(...(await seriousViolations(page, `${name} (${theme})`)));
      // Screenshots to look at, wide and on a phone.
      await shot(page, `a11y-${name}-${theme}-1280`);
      await page.setViewportSize({ width: 390, height: 844 });
      // On a phone the sidebar is closed (hidden; no slide, motion is reduced).
      if ((await page.getByTestId('sidebar').count()) > 0) await expect(page.getByTestId('sidebar')).toBeHidden();
      await shot(page, `a11y-${name}-${theme}-390`);
      found.push(...(await seriousViolations(page, `${name} (${theme}, 390 px)`)));
      await page.setViewportSize({ width: 1280, height: 800 });
    };

    await page.goto('/login');
    await expect(page.getByTestId('login-submit')).toBeVisible();
    await check('login');

    await signInAsAdmin(page);
    await check('dashboard');

    const { component, record } = await deployWithRecord(page.request, `a11y_orders_${theme}`);
    await page.goto('/admin/components');
    await expect(page.getByText('a11y_orders_' + theme).first()).toBeVisible();
    await check('components');

    await page.goto(`/admin/component/${component}/settings`);
    await expect(page.getByRole('tab').first()).toBeVisible();
    await check('settings');

    await page.goto(`/admin/component/${component}`);
    await expect(page.getByText('First order').first()).toBeVisible();
    await check('record-list');

    await page.goto(`/admin/component/${component}/edit/${record}`);
    await expect(page.getByTestId('rich-editable')).toBeVisible();
    await check('record-edit');

    expect(found, 'serious or critical axe violations').toEqual([]);
  });
}
