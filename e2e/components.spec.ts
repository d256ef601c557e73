import type { Page } from '@playwright/test';
import { expect, test, signInAsAdmin } from './support';

const signIn = signInAsAdmin;

const FIELDS: { name: string; module: string; type: string }[] = [
  { name: 'customer name', module: 'input', type: 'text' },
  { name: 'order total', module: 'input', type: 'number' },
  { name: 'status', module: 'select', type: 'text' },
  { name: 'paid', module: 'checkbox', type: 'bool' },
  { name: 'due date', module: 'picker', type: 'date' },
];

async function tab(page: Page, id: string) {
  await page.getByTestId(`settings-tab-${id}`).click();
  await expect(page).toHaveURL(new RegExp(`#${id}$`));
}

async function save(page: Page) {
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-save')).toBeHidden();
}

test('an administrator creates, versions and deploys a component from the screen', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);

  // The list starts empty and offers to create one.
  await page.goto('/admin/components');
  await expect(page.getByTestId('components-list')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/components-empty.png', fullPage: true });
  await page.getByTestId('component-create-link').first().click();
  await expect(page).toHaveURL(/\/admin\/components\/create$/);

  await page.locator('input[name="name"]').fill('orders');
  await page.locator('input[name="label.en_US"]').fill('Orders');
  await page.locator('input[name="label.sr"]').fill('Porudžbine');
  await page.locator('input[name="tag"]').fill('sales team!');
  await page.screenshot({ path: 'test-results/screens/components-create.png', fullPage: true });
  await page.getByTestId('component-create-submit').click();
  await expect(page).toHaveURL(/\/admin\/component\/[0-9a-f-]{36}\/settings/);
  const settingsUrl = page.url().split('#')[0]!;

  // Tabs live in the URL hash; a reload keeps the tab.
  for (const id of ['general', 'appearance', 'list', 'fields', 'model', 'workflow', 'functions', 'config']) {
    await tab(page, id);
    await page.screenshot({ path: `test-results/screens/settings-${id}.png`, fullPage: true });
  }
  await page.reload();
  await expect(page.getByTestId('settings-tab-config')).toHaveAttribute('aria-selected', 'true');

  // Five fields of different modules.
  await tab(page, 'fields');
  for (const field of FIELDS) {
    await page.getByTestId('field-add').click();
    await page.locator('input[name="field.name"]').fill(field.name);
    await page.locator('select[name="field.module"]').selectOption(field.module);
    await page.locator('select[name="field.type"]').selectOption(field.type);
    if (field === FIELDS[2]) await page.screenshot({ path: 'test-results/screens/settings-field-dialog.png', fullPage: true });
    await page.getByTestId('field-form-submit').click();
  }
  await expect(page.getByTestId('field-row')).toHaveCount(5);
  // Names are stored in Start Case, keys derived from them.
  await expect(page.getByTestId('field-row').first()).toContainText('Customer Name');
  await expect(page.getByTestId('field-row').first()).toContainText('customer_name');
  await page.screenshot({ path: 'test-results/screens/settings-fields-filled.png', fullPage: true });

  // A duplicate is refused with the spec's message.
  await page.getByTestId('field-add').click();
  await page.locator('input[name="field.name"]').fill('customer name');
  await page.locator('select[name="field.module"]').selectOption('input');
  await page.locator('select[name="field.type"]').selectOption('text');
  await page.getByTestId('field-form-submit').click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(page.getByTestId('field-row')).toHaveCount(5);
  await page.keyboard.press('Escape');

  // The dialog shows what applies to the type (issue 29 item 3): an image's options in words, drawn by
  // @rjsf/core under the app's Content-Security-Policy, with the media libraries as a picker; a yes/no
  // checkbox asks for no Items or Relationship.
  await page.getByTestId('field-add').click();
  await page.locator('select[name="field.module"]').selectOption('input');
  await page.locator('select[name="field.type"]').selectOption('imagev2');
  await expect(page.getByTestId('field-type-help')).toContainText('local and public address');
  const options = page.getByTestId('custom-data-editor');
  await expect(options.getByText('Default media library', { exact: true })).toBeVisible();
  await expect(options.getByText('Media libraries offered')).toBeVisible();
  await expect(page.getByTestId('libraries-libraries')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/settings-field-dialog-image.png', fullPage: true });
  await page.locator('select[name="field.module"]').selectOption('checkbox');
  await page.locator('select[name="field.type"]').selectOption('bool');
  await expect(page.getByTestId('constraints-editor')).toBeVisible();
  await expect(page.getByTestId('selectables-editor')).toHaveCount(0);
  await expect(page.getByTestId('relationship-editor')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('field-dialog')).toBeHidden();

  await save(page);

  // Fork v2 from v1; deploy v2 to dev, then v1 to live (with confirmation).
  await tab(page, 'general');
  await page.getByTestId('action-fork').click();
  await page.locator('input[name="fork-name"]').fill('v2');
  await page.getByTestId('fork-submit').click();
  await expect(page.getByTestId('version-select')).toHaveValue('v2');

  await page.getByTestId('action-deploy').click();
  await page.getByTestId('deploy-env').selectOption('dev');
  await page.getByTestId('deploy-submit').click();
  await expect(page.getByTestId('badge-dev')).toContainText('v2');

  await page.getByTestId('version-select').selectOption('v1');
  await page.getByTestId('action-deploy').click();
  await page.getByTestId('deploy-env').selectOption('live');
  await page.getByTestId('deploy-submit').click();
  await page.getByTestId('confirm-yes').click();
  await expect(page.getByTestId('badge-live')).toContainText('v1');
  await page.screenshot({ path: 'test-results/screens/settings-general-deployed.png', fullPage: true });

  // Removing the live version is refused, and says why.
  await page.getByTestId('action-remove-version').click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(page.getByTestId('version-select').locator('option')).toHaveCount(2);

  // The live version's fields cannot be edited.
  await expect(page.getByTestId('settings-tab-fields')).toHaveAttribute('aria-disabled', 'true');
  await page.goto(`${settingsUrl}#fields`);
  await page.getByTestId('version-select').selectOption('v1');
  await expect(page.getByTestId('fields-live-notice')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/settings-fields-live.png', fullPage: true });

  // Unsaved changes: leaving asks; No restores and goes on.
  await tab(page, 'model');
  await page.getByRole('checkbox').first().click();
  await expect(page.getByTestId('settings-save')).toBeVisible();
  await expect(page.getByTestId('settings-restore')).toBeVisible();
  await page.getByTestId('sidebar').getByRole('link').first().click();
  await expect(page.getByTestId('unsaved-dialog')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/settings-unsaved.png', fullPage: true });
  await page.getByTestId('unsaved-no').click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);

  // The component is in the list with its versions.
  await page.goto('/admin/components');
  await expect(page.getByTestId('components-list')).toContainText('orders');
  await page.screenshot({ path: 'test-results/screens/components-list.png', fullPage: true });
});

test('the Config tab edits JSON in CodeMirror and refuses invalid JSON with a toast', async ({ page }) => {
  await signIn(page);
  const created = await page.request.post('/api/v3/system/component', {
    data: { name: 'settings_store', label: { en_US: 'Settings store' }, scope: '', tag: '' },
  });
  expect(created.status()).toBe(200);
  const { uuid } = (await created.json()) as { uuid: string };

  await page.goto(`/admin/component/${uuid}/settings#config`);
  const editor = page.getByTestId('config-editor').locator('.cm-content');
  await expect(editor).toBeVisible();
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText('{"currency": "EUR", ');
  await expect(page.getByTestId('toast').filter({ hasText: /JSON/ })).toBeVisible();
  await expect(page.locator('p.form-error[role="alert"]').filter({ hasText: /JSON/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/settings-config-invalid.png', fullPage: true });
  // Nothing invalid reaches the form: there is nothing to save yet.
  await expect(page.getByTestId('settings-save')).toBeHidden();

  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText('{"currency": "EUR"}');
  await expect(page.getByTestId('settings-save')).toBeVisible();
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-save')).toBeHidden();

  const saved = await page.request.get(`/api/v3/system/component/settings/${uuid}/v1`);
  expect(((await saved.json()) as { settings: { config: unknown } }).settings.config).toEqual({ currency: 'EUR' });
});
