// Issue 34 item 1 on the settings screen: a deploy to live confirms with the diff's summary line and
// list ("Deploy v2 to live: 2 fields added, 1 constraint tightened"); "Compare versions" shows the diff
// of any two versions, by keyboard. At 1280 and 390 px, with screenshots in test-results/screens/.
import { deploy, expect, shot, signInAsAdmin, sub, test } from './support';

test('a deploy to live shows the diff first; Compare versions diffs any two versions', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  const uuid = await deploy(page.request, `diffed_${Date.now()}`, [sub('title', 'input', 'text', { length: { min: 1, max: 255 } })]);
  // v2: title required, two fields added.
  const v1 = (await (await page.request.get(`/api/v3/system/component/settings/${uuid}/v1`)).json()) as { settings: { fields: Record<string, unknown>[] } };
  const fields = [
    { ...v1.settings.fields[0], constraints: { ...(v1.settings.fields[0]!.constraints as object), required: true } },
    { ...sub('code', 'input', 'text', { length: { min: 1, max: 20 } }), sortOrder: 1 },
    { ...sub('amount', 'input', 'number'), sortOrder: 2 },
  ];
  const forked = await page.request.post('/api/v3/system/component/version/fork/schema', { data: { ref: uuid, version: 'v2', schema: { ...v1.settings, version: 'v2', fields } } });
  expect(forked.status(), await forked.text()).toBe(200);

  await page.goto(`/admin/component/${uuid}/settings`);
  await page.getByTestId('version-select').selectOption('v2');
  await page.getByTestId('action-deploy').click();
  await page.getByTestId('deploy-env').selectOption('live');
  await page.getByTestId('deploy-submit').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('diff-summary')).toHaveText('Deploy v2 to live: 2 fields added, 1 constraint tightened');
  await expect(dialog.getByTestId('diff-list')).toContainText('Field added: amount');
  await expect(dialog.getByTestId('diff-list')).toContainText('constraints.required');
  await shot(page, 'settings-deploy-diff');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'settings-deploy-diff-390');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByTestId('confirm-yes').click();
  await expect(page.getByTestId('badge-live')).toContainText('v2');

  // Compare versions, by keyboard: open it, choose v1 → v2.
  await page.getByTestId('compare-versions').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('diff-from').focus();
  await page.getByTestId('diff-from').selectOption('v1');
  await page.getByTestId('diff-to').selectOption('v2');
  await expect(page.getByTestId('version-diff').getByTestId('diff-summary')).toHaveText('2 fields added, 1 constraint tightened');
  await page.getByTestId('diff-to').selectOption('v1');
  await expect(page.getByTestId('version-diff').getByTestId('diff-summary')).toHaveText('No changes');
  await page.getByTestId('diff-from').selectOption('v2');
  await expect(page.getByTestId('version-diff').getByTestId('diff-summary')).toHaveText('2 fields removed, 1 constraint loosened');
  await page.getByTestId('version-diff').scrollIntoViewIfNeeded();
  await shot(page, 'settings-compare-versions');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('version-diff').scrollIntoViewIfNeeded();
  await shot(page, 'settings-compare-versions-390');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});
