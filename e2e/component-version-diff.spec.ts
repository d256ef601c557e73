// Issue 34 item 1 on the settings screen: a deploy to live confirms with the diff's summary line and
// list ("Deploy v2 to live: 2 fields added, 1 constraint tightened") and (item 2) the live records'
// fate: how many the new rules would refuse, and the first of them; "Compare versions" shows the diff
// of any two versions, by keyboard. At 1280 and 390 px, with screenshots in test-results/screens/ (at 390
// the viewport only: a full-page capture draws the closed menu drawer over the page).
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
  // Live records: two without a title (which v2 requires), one with.
  const live: string[] = [];
  for (const data of [{ title: '' }, { title: 'Kept' }, {}]) {
    const created = await page.request.post(`/api/v3/system/component/${uuid}/model`, { data: { data }, headers: { 'x-project-env': 'live' } });
    expect(created.status(), await created.text()).toBe(200);
    live.push(((await created.json()) as { uuid: string }).uuid);
  }

  await page.goto(`/admin/component/${uuid}/settings`);
  await page.getByTestId('version-select').selectOption('v2');
  await page.getByTestId('action-deploy').click();
  await page.getByTestId('deploy-env').selectOption('live');
  await page.getByTestId('deploy-submit').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('diff-summary')).toHaveText('Deploy v2 to live: 2 fields added, 1 constraint tightened');
  await expect(dialog.getByTestId('diff-list')).toContainText('Field added: amount');
  await expect(dialog.getByTestId('diff-list')).toContainText('constraints.required');
  await expect(dialog.getByTestId('fate-line')).toHaveText('2 live records would be refused by the new rules');
  await expect(dialog.getByTestId('fate-counts')).toHaveText('title: required (2)');
  await expect(dialog.getByTestId('fate-first').getByRole('listitem')).toHaveText([`${live[0]}: title (required)`, `${live[2]}: title (required)`]);
  await shot(page, 'settings-deploy-diff');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screens/settings-deploy-diff-390.png' });
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
  await page.screenshot({ path: 'test-results/screens/settings-compare-versions-390.png' });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});

test('rolls back to an earlier version from the version list after its diff, and forward again', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  const uuid = await deploy(page.request, `rolled_${Date.now()}`, [sub('title', 'input', 'text', { length: { min: 1, max: 255 } })]);
  const v1 = (await (await page.request.get(`/api/v3/system/component/settings/${uuid}/v1`)).json()) as { settings: { fields: Record<string, unknown>[] } };
  const fields = [...v1.settings.fields, { ...sub('code', 'input', 'text', { length: { min: 1, max: 20 } }), sortOrder: 1 }];
  expect((await page.request.post('/api/v3/system/component/version/fork/schema', { data: { ref: uuid, version: 'v2', schema: { ...v1.settings, version: 'v2', fields } } })).status()).toBe(200);
  expect((await page.request.post('/api/v3/system/component/version/publish', { data: { ref: uuid, version: 'v2', env: 'live' } })).status()).toBe(200);

  await page.goto(`/admin/component/${uuid}/settings`);
  const list = page.getByTestId('version-list');
  await expect(list.getByTestId('version-to-live-v1')).toHaveText('Roll back to v1');
  await list.getByTestId('version-to-live-v1').focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('diff-summary')).toHaveText('Deploy v1 to live: 1 field removed');
  await shot(page, 'settings-rollback-confirm');
  await dialog.getByTestId('version-live-yes').click();
  await expect(page.getByTestId('badge-live')).toContainText('v1');
  // v2 stays, to roll forward again.
  await expect(list.getByTestId('version-to-live-v2')).toHaveText('Deploy v2 to live');
  await list.scrollIntoViewIfNeeded();
  await shot(page, 'settings-version-list');
  // At 390 px the page is loaded afresh, as a phone opens it (the shell's menu is a closed drawer).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('badge-live')).toContainText('v1');
  await list.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/settings-version-list-390.png' });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await list.getByTestId('version-to-live-v2').click();
  await expect(dialog.getByTestId('diff-summary')).toHaveText('Deploy v2 to live: 1 field added');
  await dialog.getByTestId('version-live-yes').click();
  await expect(page.getByTestId('badge-live')).toContainText('v2');
});
