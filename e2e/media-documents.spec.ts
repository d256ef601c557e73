// The media library screen's Documents tab (issue 16): a library created through the media host, its
// documents tab opened from the tab list (?tab=documents), a document created in it and the list shown
// again; screenshots at 1280 and 390 px.
import { expect, removeMediaLibraries, shot, signInAsAdmin, test } from './support';

const PAGE = '/admin/integrations/page/luma-media';

test('the documents tab of a library: open it, create a document, back to the list', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  await removeMediaLibraries(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(PAGE);
  // A library, made through the screen's sidebar (the e2e server starts on an empty database).
  await page.getByTestId('media-start-create').click();
  const sidebar = page.getByTestId('media-create-sidebar');
  await sidebar.getByTestId('media-lib-name').fill('Contracts');
  await sidebar.getByTestId('media-lib-provider').selectOption('luma-simple');
  await sidebar.getByTestId('media-lib-save').click();
  await expect(page).toHaveURL(/\?lib=[0-9a-f-]{36}/);

  await page.getByTestId('media-tab-documents').click();
  await expect(page).toHaveURL(/tab=documents/);
  const panel = page.getByTestId('documents-panel');
  await expect(panel).toBeVisible();
  await panel.getByTestId('documents-new-path').fill('lease 2026');
  await panel.getByTestId('documents-create').click();
  await expect(page.getByTestId('documents-panel')).toContainText('lease 2026');
  await shot(page, 'media-documents-editor-1280');
  // Reloaded with ?tab=documents the tab stays; the list holds the new document.
  await page.reload();
  await expect(page.getByTestId('media-tab-documents')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('documents-panel')).toContainText('lease 2026');
  await shot(page, 'media-documents-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('documents-panel')).toContainText('lease 2026');
  await shot(page, 'media-documents-390');
});
