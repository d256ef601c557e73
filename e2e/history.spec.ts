// Record history (docs/history.md) in the browser: the edit page's History tab lists the record's
// changes newest first with the earlier and new values side by side, and Restore (after its
// confirmation) brings an earlier value back as a new version. Screenshots at 1280 and 390 px.
import { atBothWidths, deploy, expect, signInAsAdmin, sub, test } from './support';

test('restore a record\'s earlier value from its history', async ({ page }) => {
  await signInAsAdmin(page);
  const uuid = await deploy(page.request, 'history_notes', [sub('title', 'input', 'text', { required: true }), sub('amount', 'input', 'number')]);
  const base = `/api/v3/system/component/${uuid}/model`;
  const created = await page.request.post(base, { data: { data: { title: 'Draft', amount: 1 } } });
  expect(created.status(), await created.text()).toBe(200);
  const record = (await created.json()) as { uuid: string };
  for (const [version, data] of [[1, { title: 'Final', amount: 2 }], [2, { title: 'Overwritten by mistake' }]] as const) {
    const updated = await page.request.post(`${base}/${record.uuid}`, { data: { version, data } });
    expect(updated.status(), await updated.text()).toBe(200);
  }

  await page.goto(`/admin/component/${uuid}/edit/${record.uuid}`);
  await expect(page.locator('input[name="title"]')).toHaveValue('Overwritten by mistake');
  const openHistory = async () => {
    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page.getByTestId('history-item')).toHaveCount(3);
  };
  await openHistory();
  // Newest first: the mistake, then the change to Final, then the creation.
  const newest = page.getByTestId('history-item').first();
  await expect(newest.getByTestId('history-change-title')).toContainText('Final');
  await expect(newest.getByTestId('history-change-title')).toContainText('Overwritten by mistake');
  await atBothWidths(page, 'record-history', openHistory);

  // Restore version 2 (title Final): asked first, then written as version 4.
  const second = page.getByTestId('history-item').nth(1);
  await second.getByTestId('history-restore').click();
  await expect(page.getByTestId('history-restore-confirm')).toBeVisible();
  await page.getByTestId('confirm-yes').click();
  await expect(page.getByTestId('history-item')).toHaveCount(4);
  await expect(page.getByTestId('history-item').first()).toContainText('Restored');
  const stored = (await (await page.request.get(`${base}/${record.uuid}`)).json()) as { title: string; __version__: number };
  expect(stored).toMatchObject({ title: 'Final', __version__: 4 });
  await page.getByRole('tab', { name: 'General' }).click().catch(() => undefined);
  await expect(page.locator('input[name="title"]')).toHaveValue('Final');
});
