// The profile at 390 px: the signed-in sessions, a four-column table that scrolled sideways, are cards
// whose cells name their column; nothing on the page is wider than the window.
import { expect, shot, signInAsAdmin, test } from './support';

test('at 390 px the profile\'s sessions are cards and nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page);
  await page.goto('/home/users/profile');
  const row = page.getByTestId('session-row').first();
  await expect(row).toBeVisible();
  // The column names are on the cells (the header row is hidden at this width).
  await expect(row.locator('td[data-label]')).toHaveCount(4);
  const table = page.getByTestId('sessions-list');
  const widths = await table.evaluate((element) => ({ table: element.scrollWidth, card: element.parentElement!.clientWidth }));
  expect(widths.table).toBeLessThanOrEqual(widths.card);
  const page390 = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(page390.scroll).toBeLessThanOrEqual(page390.client);
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/profile-sessions-390.png' });
  await shot(page, 'profile-390-full');
});
