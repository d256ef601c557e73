// Integrations through the screens (docs/integrations.md): luma-media installed and active by default,
// the catalogue, then deactivated on its page after a confirmation (the API then says so, the catalogue
// offers Activate) and activated again from the same page; at 1280 and 390 px.
import AxeBuilder from '@axe-core/playwright';
import { atBothWidths, expect, shot, signInAsAdmin, test } from './support';

test('luma-media: listed, deactivated and activated again through the screens', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);

  await page.goto('/admin/integrations');
  await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();
  const row = page.locator('[data-testid="integration-row"][data-id="luma-media"]');
  await expect(row).toContainText('Media library');
  await expect(row.getByTestId('integration-state')).toHaveAttribute('data-state', 'active');
  await expect(row.getByTestId('integration-open')).toHaveAttribute('href', '/admin/integrations/page/luma-media');
  const entry = page.locator('[data-testid="integration-entry"][data-id="luma-media"]');
  await expect(entry).toContainText('S3-compatible storage');
  await expect(entry.getByTestId('integration-activate')).toHaveCount(0);
  await shot(page, 'integrations-1280');

  // The details: pages, the six permissions, no settings of its own.
  await row.getByTestId('integration-details').click();
  await expect(page).toHaveURL(/\/admin\/integrations\/luma-media$/);
  await expect(page.getByTestId('integration-title')).toHaveText('Media library');
  await expect(page.getByTestId('integration-permissions').locator('li')).toHaveCount(6);
  await expect(page.getByTestId('integration-permissions')).toContainText('use luma-media');
  await expect(page.getByTestId('integration-page-link')).toHaveAttribute('href', '/admin/integrations/page/luma-media');
  await expect(page.getByTestId('integration-no-settings')).toBeVisible();
  await shot(page, 'integration-details-1280');

  // Deactivate: a confirmation first; Cancel changes nothing.
  await page.getByTestId('integration-deactivate').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('Deactivate Media library?');
  await shot(page, 'integration-deactivate-dialog-1280');
  await page.getByTestId('confirm-cancel').click();
  await expect(page.getByTestId('confirm-dialog')).toHaveCount(0);
  await expect(page.getByTestId('integration-state')).toHaveAttribute('data-state', 'active');
  await page.getByTestId('integration-deactivate').click();
  await page.getByTestId('confirm-accept').click();
  await expect(page.getByTestId('confirm-dialog')).toHaveCount(0);
  await expect(page.getByTestId('integration-state')).toHaveAttribute('data-state', 'deactivated');
  await expect(page.getByTestId('integration-deactivated-note')).toBeVisible();
  await expect(page.getByTestId('integration-page-link')).toHaveCount(0);
  // The server agrees (the same list the widgets read).
  const listed = await page.evaluate(async () => (await fetch('/api/integration/integrations', { credentials: 'include' })).json());
  expect(listed).toMatchObject([{ id: 'luma-media', disabled: true }]);
  await shot(page, 'integration-deactivated-1280');

  // The list shows it deactivated, and the catalogue offers Activate.
  await page.getByRole('link', { name: 'All integrations' }).click();
  await expect(row.getByTestId('integration-state')).toHaveAttribute('data-state', 'deactivated');
  await expect(row.getByTestId('integration-open')).toHaveCount(0);
  await expect(entry.getByTestId('integration-activate')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(entry.getByTestId('integration-activate')).toBeVisible();
  await shot(page, 'integrations-deactivated-390');

  // Activate again from the details page, after its confirmation. The list's sections that load after
  // it (the satellites) move the rows at 390 px: the click waits until nothing is loading, and the
  // details are awaited by their title (the list's own states match the same test id).
  await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0, { timeout: 30_000 });
  await row.getByTestId('integration-details').click();
  await expect(page).toHaveURL(/\/admin\/integrations\/luma-media$/);
  await expect(page.getByTestId('integration-title')).toHaveText('Media library', { timeout: 30_000 });
  await expect(page.getByTestId('integration-state')).toHaveAttribute('data-state', 'deactivated');
  await shot(page, 'integration-details-390');
  await page.getByTestId('integration-activate').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('Activate Media library?');
  await shot(page, 'integration-activate-dialog-390');
  await page.getByTestId('confirm-accept').click();
  await expect(page.getByTestId('confirm-dialog')).toHaveCount(0);
  await expect(page.getByTestId('integration-state')).toHaveAttribute('data-state', 'active');
  await expect(page.getByTestId('integration-page-link')).toBeVisible();
  const again = await page.evaluate(async () => (await fetch('/api/integration/integrations', { credentials: 'include' })).json());
  expect(again).toMatchObject([{ id: 'luma-media', disabled: false }]);

  await page.goto('/admin/integrations');
  await expect(row.getByTestId('integration-state')).toHaveAttribute('data-state', 'active');
  await shot(page, 'integrations-390');

  // An id not in the catalogue says so.
  await page.goto('/admin/integrations/nope');
  await expect(page.getByTestId('integration-not-found')).toContainText('This integration does not exist.');
});

test('the integration screens have no serious or critical axe violation, light and dark', async ({ page }) => {
  test.setTimeout(90_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInAsAdmin(page);
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('luma.theme', value), theme);
    for (const [path, ready] of [
      ['/admin/integrations', 'integration-catalogue'],
      ['/admin/integrations/luma-media', 'integration-permissions'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.getByTestId(ready)).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .flatMap((violation) => violation.nodes.map((node) => `${path} (${theme}): ${violation.id} at ${node.target.join(' ')}`));
      expect(serious).toEqual([]);
      if (theme === 'dark') await shot(page, `integrations-${path.endsWith('media') ? 'details' : 'list'}-dark-1280`);
    }
  }
});

test("a secret setting (writeOnly) is a password input: luma-assistant's API key, at 1280 and 390 px", async ({ page }) => {
  test.setTimeout(60_000);
  await signInAsAdmin(page);
  await page.goto('/admin/integrations/luma-assistant');
  await expect(page.getByTestId('integration-settings-form')).toBeVisible();
  const key = page.getByTestId('integration-setting-api_key');
  await expect(key).toHaveAttribute('type', 'password');
  await expect(key).toHaveAttribute('autocomplete', 'new-password');
  await expect(page.getByTestId('integration-setting-endpoint')).not.toHaveAttribute('type', 'password');
  await atBothWidths(page, 'integration-secret-setting', () => expect(key).toHaveAttribute('type', 'password'));
});
