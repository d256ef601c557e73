import { deploy, expect, shot, signInAsAdmin, sub, test } from './support';

// The edit page's first load (issue 30 item 4): a rich text field and an external select further down
// a long form load their code when scrolled near (a stand-in until then), and focus on the rich text
// stand-in loads the editor and moves into it. docs/benchmarks.md "The edit page (fourth pass)".

test('rich text and external select further down load when scrolled to; focus on the stand-in lands in the editor', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  const lines = Array.from({ length: 30 }, (_, i) => sub(`line${i}`, 'input', 'text', { length: { min: 0, max: 80 } }));
  const ref = await deploy(page.request, `light_edit_${Date.now().toString(36)}`, [
    ...lines,
    sub('notes', 'text', 'editor', { length: { min: 0, max: 2000 } }),
    sub('colour', 'select', 'external', { custom_data: "return ['Red', 'Green'].map((c) => ({ value: c.toLowerCase(), label: c }))" }),
  ]);
  const created = await page.request.post(`/api/v3/system/component/${ref}/model`, { data: { data: { line0: 'Top', notes: '<p>Stored <strong>notes</strong></p>' } } });
  expect(created.status()).toBe(200);
  const { uuid } = (await created.json()) as { uuid: string };

  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`/admin/component/${ref}/edit/${uuid}`);
  await expect(page.locator('input[name="line0"]')).toHaveValue('Top');
  // Below the fold: the stand-in, named like the field, and no options asked yet.
  await expect(page.getByRole('textbox', { name: 'notes' })).toHaveAttribute('data-testid', 'rich-standin');
  await expect(page.getByTestId('rich-editable')).toHaveCount(0);
  await expect(page.getByTestId('external-option')).toHaveCount(0);

  await page.getByTestId('rich-standin').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('rich-editable')).toContainText('Stored notes');
  await page.getByTestId('external-select').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('external-option')).toHaveCount(2);
  await shot(page, 'edit-light-scrolled');

  // Focus on the stand-in (a Tab, a screen reader) loads the editor and hands the focus to its editable.
  await page.reload();
  await expect(page.locator('input[name="line0"]')).toHaveValue('Top');
  await page.getByTestId('rich-standin').focus();
  await expect(page.getByTestId('rich-editable')).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.type(' typed');
  await expect(page.getByTestId('rich-editable')).toContainText('Stored notes typed');
});
