import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, shot, signInAsAdmin } from './support';

// /admin/environment (docs/user-code.md "context.env"): an admin creates a plain variable and a
// secret in the live environment; the secret shows only its mask and its value never reaches the
// browser; a record form's template reads the plain one as context.env and a var: entry's fallback.

/** A live component whose one field is a template reading context.env and context.vars. */
async function templateComponent(request: APIRequestContext): Promise<string> {
  const created = await request.post('/api/v3/system/component', { data: { name: 'greetings', label: { en_US: 'Greetings' }, scope: '', tag: '' } });
  expect(created.status(), await created.text()).toBe(200);
  const { uuid } = (await created.json()) as { uuid: string };
  const model = (await (await request.get(`/api/v3/system/component/settings/${uuid}/v1`)).json()) as { settings: Record<string, unknown> };
  const template = "return 'Hello ' + context.env.GREETING + ' from ' + context.vars.SHOP + ', secret ' + typeof context.env.API_SECRET";
  const fields = [
    { name: 'Title', key: 'title', label: { en_US: 'Title' }, module: 'input', type: 'text', sortOrder: 0, constraints: { length: { min: 0, max: 200 } } },
    { name: 'Hello', key: 'hello', label: { en_US: 'Hello' }, module: 'input', type: 'text', sortOrder: 1, constraints: {}, provided_template: true, template, context: [{ key: 'var:SHOP', value: 'the corner shop' }] },
  ];
  const saved = await request.post(`/api/v3/system/component/settings/${uuid}/v1`, { data: { ...model, is_active: true, settings: { ...model.settings, fields } } });
  expect(saved.status(), await saved.text()).toBe(200);
  expect((await request.post('/api/v3/system/component/version/publish', { data: { version: 'v1', env: 'live', ref: uuid } })).status()).toBe(200);
  return uuid;
}

/** Serious and critical axe violations on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').flatMap((v) => v.nodes.map((node) => `${v.id} at ${node.target.join(' ')}`));
}

test('global variables: create a plain one and a secret, see the secret masked, scripts read context.env', async ({ page }) => {
  // Eleven steps through three screens, two accessibility scans and five screenshots: on a quiet
  // machine about 10 s, in a loaded CI run it passed the default 30 s bound at the record form.
  test.setTimeout(75_000);
  const secretValue = 'sk_e2e_DO_NOT_LEAK_9876';
  const bodies: string[] = [];
  page.on('response', async (response) => {
    if (response.url().includes('/api/')) bodies.push(await response.text().catch(() => ''));
  });
  await signInAsAdmin(page);
  await page.goto('/admin/environment');
  await expect(page.getByTestId('variables-empty')).toBeVisible();
  await expect(page.getByTestId('variables-env')).toHaveText('Live');
  await shot(page, 'environment-empty-1280');

  // A bad name is refused under the field, by the shared rule, before any call.
  await page.getByTestId('variable-create').click();
  await page.getByTestId('variable-name').fill('1 bad');
  await page.getByTestId('variable-value').fill('x');
  await page.getByTestId('variable-save').click();
  await expect(page.getByTestId('variable-form').getByRole('alert')).toContainText('Use letters, digits and _');
  await page.getByTestId('variable-name').fill('GREETING');
  await page.getByTestId('variable-value').fill('world');
  await page.getByTestId('variable-save').click();
  await expect(page.getByTestId('variable-dialog')).toBeHidden();
  await expect(page.locator('[data-testid="variable-row"][data-name="GREETING"]')).toContainText('world');

  // A secret: typed once, then only its mask.
  await page.getByTestId('variable-create').click();
  await page.getByTestId('variable-secret').check();
  await page.getByTestId('variable-name').fill('API_SECRET');
  await page.getByTestId('variable-value').fill(secretValue);
  await page.getByTestId('variable-save').click();
  const secretRow = page.locator('[data-testid="variable-row"][data-name="API_SECRET"]');
  await expect(secretRow.getByTestId('variable-mask')).toHaveText('••••••••');
  await expect(page.locator('body')).not.toContainText(secretValue);
  await shot(page, 'environment-list-1280');
  expect(await seriousViolations(page)).toEqual([]);

  // A duplicate name is answered by the server under the name.
  await page.getByTestId('variable-create').click();
  await page.getByTestId('variable-name').fill('GREETING');
  await page.getByTestId('variable-value').fill('again');
  await page.getByTestId('variable-save').click();
  await expect(page.getByTestId('variable-form').getByRole('alert').first()).toContainText('A variable with this name exists');
  await page.getByTestId('variable-cancel').click();

  // Editing the secret: an empty write-only field; leaving it empty keeps the value.
  await secretRow.getByTestId('variable-edit').click();
  await expect(page.getByTestId('variable-value')).toHaveValue('');
  await expect(page.getByTestId('variable-value')).toHaveAttribute('type', 'password');
  await shot(page, 'environment-edit-secret-1280');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('variable-save').click();
  await expect(page.getByTestId('variable-dialog')).toBeHidden();

  // The record form's template: context.env has GREETING, the var: entry its fallback, no secret.
  const component = await templateComponent(page.request);
  await page.goto(`/admin/component/${component}/create`);
  await expect(page.getByTestId('field-template-hello')).toContainText('Hello world from the corner shop, secret undefined');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/environment');
  await expect(secretRow.getByTestId('variable-mask')).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'environment-list-390');

  // Delete after a confirmation.
  await page.locator('[data-testid="variable-row"][data-name="GREETING"]').getByTestId('variable-delete').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('context.env.GREETING');
  await shot(page, 'environment-delete-390');
  await page.getByTestId('confirm-accept').click();
  await expect(page.locator('[data-testid="variable-row"][data-name="GREETING"]')).toHaveCount(0);
  await expect(page.getByTestId('variable-row')).toHaveCount(1);

  // Nothing the browser received ever held the secret.
  expect(bodies.length).toBeGreaterThan(5);
  for (const body of bodies) expect(body).not.toContain(secretValue);
});
