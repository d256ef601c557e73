// An integration installed, configured and deactivated through the screens (docs/integrations.md):
// luma-invoicing needs its activation code (a wrong one refused with 'Invalid activation code.'), its
// settings form (JSON Schema through rjsf and our controls) saved, onboarding finished, its page's VAT
// lookup answered by a local provider speaking the NBS protocol, then deactivated after a
// confirmation, its page saying so. At 1280 and 390 px.
import { createServer, type Server } from 'node:http';
import { E2E_ACTIVATION_SECRET, E2E_SERVICE_PORT } from '../playwright.config';
import { activationCodeFor } from '../src/server/integrations/activation';
import { expect, shot, signInAsAdmin, test } from './support';

let provider: Server;

test.beforeAll(async () => {
  provider = createServer((request, response) => {
    const pib = new URL(request.url ?? '/', 'http://x').searchParams.get('taxIdentificationNumber');
    const companies = pib === '101883300' ? [{ TaxIdentificationNumber: pib, NationalIdentificationNumber: '07032501', Name: 'Luma d.o.o. Beograd', Address: 'Kneza Miloša 1', City: 'Beograd' }] : [];
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ Companies: companies }));
  });
  await new Promise<void>((resolve) => provider.listen(E2E_SERVICE_PORT, '127.0.0.1', resolve));
});
test.afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

test('luma-invoicing: installed with its activation code, configured, onboarded, used and deactivated', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  const project = (await page.evaluate(async () => (await fetch('/api/v1/user/claims', { credentials: 'include' })).json())) as { ProjectUUID: string };

  await page.goto('/admin/integrations');
  const entry = page.locator('[data-testid="integration-entry"][data-id="luma-invoicing"]');
  await expect(entry).toContainText('Needs an activation code');
  await expect(page.locator('[data-testid="integration-entry"][data-id="luma-ocr"]').getByTestId('integration-service')).toHaveText('Not configured');
  await expect(page.locator('[data-testid="integration-entry"][data-id="luma-ocr"]').getByTestId('integration-install')).toHaveCount(0);
  await shot(page, 'invoicing-catalogue-1280');

  // Install: a wrong code is refused in the dialog; the right one installs.
  await entry.getByTestId('integration-install').click();
  const dialog = page.getByTestId('confirm-dialog');
  await dialog.getByTestId('integration-activation-code').fill('AAAAA-BBBBB-CCCCC-DDDDD');
  await dialog.getByTestId('confirm-accept').click();
  await expect(dialog.getByRole('alert')).toHaveText('Invalid activation code.');
  await shot(page, 'invoicing-activation-refused-1280');
  await dialog.getByTestId('integration-activation-code').fill(activationCodeFor(E2E_ACTIVATION_SECRET, 'luma-invoicing', project.ProjectUUID));
  await dialog.getByTestId('confirm-accept').click();
  await expect(dialog).toHaveCount(0);
  await expect(entry.getByTestId('integration-state')).toHaveAttribute('data-state', 'active');

  // The dashboard lists it under required onboarding until it is onboarded.
  await page.goto('/admin/dashboard');
  await expect(page.getByTestId('onboarding-item').filter({ hasText: 'Invoicing' })).toBeVisible();
  await shot(page, 'invoicing-required-onboarding-1280');
  await page.goto('/admin/integrations');

  // Configure: the settings form; onboarding refused until the required ones are saved.
  await entry.getByTestId('integration-details').click();
  await expect(page.getByTestId('integration-title')).toHaveText('Invoicing');
  await page.getByTestId('integration-finish-onboarding').click();
  await expect(page.getByTestId('integration-onboarding-missing')).toContainText('Company name: This is a required field');
  await page.getByTestId('integration-setting-company').fill('Luma d.o.o.');
  await page.getByTestId('integration-setting-vat_number').fill('12345');
  await page.getByTestId('integration-settings-save').click();
  await expect(page.getByTestId('integration-settings-form')).toContainText('Invalid input');
  await page.getByTestId('integration-setting-vat_number').fill('101883300');
  await page.locator('select[name="settings.currency"]').selectOption('RSD');
  await page.getByTestId('integration-settings-save').click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await page.getByTestId('integration-finish-onboarding').click();
  await expect(page.getByTestId('integration-onboarding')).toHaveAttribute('data-onboarded', 'true');
  await page.goto('/admin/dashboard');
  await expect(page.getByTestId('dashboard-heading')).toBeVisible();
  await expect(page.getByTestId('required-onboarding')).toHaveCount(0);
  await page.goBack();
  await expect(page.getByTestId('integration-title')).toHaveText('Invoicing');
  await shot(page, 'invoicing-details-1280');

  // Its page: the VAT lookup through the provider.
  await page.getByTestId('integration-page-link').click();
  await expect(page).toHaveURL(/\/admin\/integrations\/page\/luma-invoicing$/);
  await page.getByTestId('invoicing-vat-number').fill('101883300');
  await page.getByTestId('invoicing-search').click();
  await expect(page.getByTestId('invoicing-company')).toContainText('Luma d.o.o. Beograd');
  await expect(page.getByTestId('invoicing-company')).toContainText('07032501');
  await expect(page.getByTestId('invoicing-details')).toContainText('101883300');
  await shot(page, 'invoicing-page-1280');
  await page.getByTestId('invoicing-vat-number').fill('111111111');
  await page.getByTestId('invoicing-search').click();
  await expect(page.getByRole('alert')).toHaveText('Company not found by tax number.');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/home/integrations/page/luma-invoicing');
  await page.getByTestId('invoicing-vat-number').fill('101883300');
  await page.getByTestId('invoicing-search').click();
  await expect(page.getByTestId('invoicing-company')).toContainText('Beograd');
  await shot(page, 'invoicing-page-390');

  // Deactivate after the confirmation; its page then says so.
  await page.goto('/admin/integrations/luma-invoicing');
  await expect(page.getByTestId('integration-title')).toHaveText('Invoicing');
  await expect(page.getByTestId('integration-settings-form')).toBeVisible();
  await shot(page, 'invoicing-details-390');
  await page.getByTestId('integration-deactivate').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('Deactivate Invoicing?');
  await page.getByTestId('confirm-accept').click();
  await expect(page.getByTestId('integration-state')).toHaveAttribute('data-state', 'deactivated');
  await page.goto('/admin/integrations/page/luma-invoicing');
  await expect(page.getByTestId('integration-disabled')).toBeVisible();
  await shot(page, 'invoicing-deactivated-390');
  const listed = (await page.evaluate(async () => (await fetch('/api/integration/integrations', { credentials: 'include' })).json())) as { id: string; disabled: boolean }[];
  expect(listed.find((item) => item.id === 'luma-invoicing')).toMatchObject({ disabled: true, onboarded: true });

  // The dashboard's resources (GET /v1/system/resources) at 390 px.
  await page.goto('/admin/dashboard');
  await expect(page.getByTestId('resources.sparks')).toHaveText('0 / 25');
  await page.getByTestId('dashboard-resources').scrollIntoViewIfNeeded();
  await shot(page, 'dashboard-resources-390');
});
