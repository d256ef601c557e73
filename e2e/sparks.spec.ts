// Sparks through the screens (docs/user-code.md "Sparks"): the empty list, a spark created, its draft
// written and saved, a release cut, deployed to live after the confirmation, called from the Run box,
// and its invocation read in the live log; then the list shows the deployed release.
import { expect, shot, signInAsAdmin, test } from './support';

const NAME = `greet_${Date.now().toString(36)}`;

test('a spark: create, write, release, deploy, call and read its log', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);

  await page.goto('/admin/spark');
  await expect(page.getByRole('heading', { name: 'Sparks' })).toBeVisible();
  await expect(page.getByTestId('spark-empty').or(page.getByTestId('spark-row').first())).toBeVisible();
  await shot(page, 'spark-list-1280');

  await page.getByTestId('spark-create').click();
  await expect(page).toHaveURL(/\/admin\/spark\/create$/);
  // The name rule answers before the server is asked.
  await page.getByTestId('spark-name').fill('Bad Name');
  await page.getByTestId('spark-save').click();
  const nameField = page.locator('.field').filter({ has: page.getByTestId('spark-name') });
  await expect(nameField.getByRole('alert')).toContainText('Lower-case letters');
  await page.getByTestId('spark-name').fill(NAME);
  await expect(nameField.getByText('Lower-case letters')).toHaveCount(1);
  await page.getByTestId('spark-description').fill('Greets whoever calls');
  await shot(page, 'spark-create-1280');
  await page.getByTestId('spark-save').click();
  await expect(page.getByTestId('spark-title')).toHaveText(NAME);
  await expect(page.getByTestId('spark-url')).toContainText(`/api/spark/invoke/${NAME}`);

  // The draft: written in the code editor and saved.
  const editor = page.getByTestId('spark-code').locator('.cm-content');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type("console.log('greeting', data.name);\nreturn { greeting: 'Hello ' + data.name };");
  await expect(page.getByTestId('spark-unsaved')).toBeVisible();
  await expect(page.getByTestId('spark-release-unsaved')).toBeVisible();
  await page.getByTestId('spark-save-draft').click();
  await expect(page.getByTestId('spark-unsaved')).toHaveCount(0);
  await expect(page.getByTestId('spark-release-unsaved')).toHaveCount(0);

  // Release 1 with a note, then deploy it to live: a confirmation first.
  await expect(page.getByTestId('spark-no-releases')).toBeVisible();
  await page.getByTestId('spark-note').fill('first greeting');
  await page.getByTestId('spark-release').click();
  const release = page.locator('[data-testid="spark-release-row"][data-version="1"]');
  await expect(release).toContainText('first greeting');
  await release.getByTestId('spark-deploy-live').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('Deploy release v1 to live?');
  await page.getByTestId('confirm-accept').click();
  await expect(page.getByTestId('confirm-dialog')).toHaveCount(0);
  await expect(release.locator('.badge-success')).toHaveText('live');

  // Call it from the Run box (the app is in live): invalid JSON is refused first.
  await page.getByTestId('spark-input').fill('{name:');
  await page.getByTestId('spark-run-button').click();
  await expect(page.getByText('The input is not valid JSON.')).toBeVisible();
  await page.getByTestId('spark-input').fill('{"name": "Ana"}');
  await page.getByTestId('spark-run-button').click();
  await expect(page.getByTestId('spark-output')).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('spark-output')).toContainText('"greeting": "Hello Ana"');

  // The log shows the invocation with its console output.
  const log = page.getByTestId('spark-log-row').first();
  await expect(log).toHaveAttribute('data-status', 'ok');
  await expect(log.getByTestId('spark-log-console')).toHaveText('log: greeting Ana');
  await shot(page, 'spark-page-1280');
  // At 390 px the page is one column with nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('spark-log-row').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'spark-page-390');
  await page.screenshot({ path: 'test-results/screens/spark-page-390-top.png' });

  await page.goto('/admin/spark');
  const row = page.locator(`[data-testid="spark-row"][data-name="${NAME}"]`);
  await expect(row).toContainText('v1');
  await expect(row).not.toContainText('Never');
  await shot(page, 'spark-list-390');
  await page.goto('/admin/spark/create');
  await expect(page.getByTestId('spark-name')).toBeVisible();
  await shot(page, 'spark-create-390');
});
