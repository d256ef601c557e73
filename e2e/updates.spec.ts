// /home/platform/updates (docs/platform.md "Updates"): the running version's release notes, marked as
// running, in English and in Serbian, at 1280 and 390 px.
import { readFileSync } from 'node:fs';
import { expect, shot, signInAsAdmin, test } from './support';

const RUNNING = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;

test("what's new: the running version's notes, in both languages", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  await page.goto('/home/platform/updates');
  await expect(page.getByRole('heading', { level: 1, name: "What's new" })).toBeVisible();
  const running = page.locator(`[data-testid="release"][data-version="${RUNNING}"]`);
  await expect(running.getByRole('heading', { name: `Luma ${RUNNING}` })).toBeVisible();
  await expect(running.getByTestId('release-running')).toHaveText('Running');
  await expect(running.locator('li').first()).toContainText('Components and records');
  await shot(page, 'updates-1280');
  await page.goto('/home/platform/updates?lang=sr');
  await expect(page.getByRole('heading', { level: 1, name: 'Šta je novo' })).toBeVisible();
  await expect(running.locator('li').first()).toContainText('Komponente i zapisi');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(running).toBeVisible();
  await shot(page, 'updates-390');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.goto('/home/platform/updates?lang=en_US');
  await expect(page.getByRole('heading', { level: 1, name: "What's new" })).toBeVisible();
});
