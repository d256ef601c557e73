// Satellites through the screens (docs/satellites.md): the e2e server takes jobs, so it is listed on
// /admin/integrations as an online satellite with its version and jobs; the admin (the platform's
// operator) is asked before disabling it, and cancelling leaves it online. (Switching it for real would
// stop the jobs of the other specs running beside this one: tests/api/satellites*.test.ts do that.)
import { expect, shot, signInAsAdmin, test } from './support';

test('the satellites: this server online, how to start another, disabling asks first', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  await page.goto('/admin/integrations');
  const section = page.getByTestId('satellites');
  await expect(section.getByRole('heading', { name: 'Satellites' })).toBeVisible();
  const row = section.locator('[data-testid="satellite-row"][data-status="online"]').first();
  await expect(row).toBeVisible();
  await expect(row.getByTestId('satellite-status')).toHaveText('Online');
  await expect(row).toContainText(/s ago/);
  await section.getByText('How to start a satellite').click();
  await expect(section.getByTestId('satellites-howto')).toContainText('LUMA_ROLE=worker');
  await shot(page, 'satellites-1280');
  await row.getByTestId('satellite-disable').click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toContainText('It stops taking jobs at once');
  await dialog.getByTestId('confirm-cancel').click();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByTestId('satellite-status')).toHaveText('Online');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('satellites').getByTestId('satellite-row').first()).toBeVisible();
  await shot(page, 'satellites-390');
  // Nothing scrolls sideways at 390 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
