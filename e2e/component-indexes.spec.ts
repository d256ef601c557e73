// The Model tab's Indexes section (docs/lists.md "Self-tuning indexes"): a declared index says why it
// exists and has no Drop; "Always index" on a field builds its index (a job, on the e2e server's
// PGlite) and lists it as asked by an administrator; Drop asks first, then the index goes. At 1280 and
// 390 px, with screenshots in test-results/screens/.
import { deploy, expect, shot, signInAsAdmin, sub, test } from './support';

test('the Model tab lists the indexes with why they exist; Always index builds one and Drop removes it after asking', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  const uuid = await deploy(page.request, `indexed_${Date.now()}`, [
    { ...sub('title', 'input', 'text'), filterable: true },
    sub('price', 'input', 'number'),
  ]);
  await page.goto(`/admin/component/${uuid}/settings#model`);

  const table = page.getByTestId('component-indexes');
  // The filterable title's indexes are the schema's: no Drop.
  await expect(table.getByTestId('component-index').filter({ hasText: 'title' }).first()).toContainText('Declared by the schema');
  await expect(table.getByTestId('index-drop')).toHaveCount(0);

  await page.getByTestId('index-always-price').click();
  const price = table.getByTestId('component-index').filter({ hasText: 'price' });
  await expect(price).toContainText('Always indexed (an administrator asked)');
  // Built by the job: the row loses its "building" mark and shows a size.
  await expect(price).not.toContainText('building', { timeout: 30_000 });
  await expect(price).toContainText(/\d+(\.\d+)? (KB|MB)/);
  await shot(page, 'settings-model-indexes');

  await page.setViewportSize({ width: 390, height: 844 });
  await price.scrollIntoViewIfNeeded();
  await shot(page, 'settings-model-indexes-390');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  await price.getByTestId('index-drop').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Drop this index?');
  await dialog.getByTestId('index-drop-yes').click();
  await expect(price).toHaveCount(0);
  await expect(page.getByTestId('index-always-price')).toBeVisible();
});
