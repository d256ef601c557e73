// The media library screen's Documents tab (issue 16; issue 29 item 17): a library created through the
// media host, its documents tab opened from the tab list (?tab=documents), a document created by its
// name (the path and first variant filled in), the breadcrumb naming the library, tab and document, text
// written and saved, a word selected with the keyboard and commented on (From/To filled, the word
// quoted, the author and time shown), and the list shown again; screenshots at 1280 and 390 px.
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
  await panel.getByTestId('documents-new-name').fill('lease 2026');
  await expect(panel.getByTestId('documents-new-path')).toHaveValue('lease 2026');
  await expect(panel.getByTestId('documents-new-variant-name')).toHaveValue('default');
  await expect(panel.getByText('folders separated by "/"')).toBeVisible();
  await shot(page, 'media-documents-new-1280');
  await panel.getByTestId('documents-create').click();
  await expect(page).toHaveURL(/doc=lease(%20|\+)2026/);
  await expect(page.getByTestId('breadcrumb')).toHaveText(['Media library', 'Contracts', 'Documents', 'lease 2026']);

  // Write and save, then select 'rent' and comment on it.
  const editable = panel.getByTestId('rich-editable');
  await editable.click();
  await page.keyboard.type('The rent is due monthly.');
  await panel.getByTestId('documents-save').click();
  await expect(panel.getByTestId('documents-version')).toHaveText('Version 2');
  await expect(panel.getByTestId('documents-comment-hint')).toHaveText('Select text to comment on.');
  await expect(panel.getByTestId('documents-comment-add')).toBeDisabled();
  // Drag across 'rent' with the mouse, from just inside its first letter to just inside its last.
  const word = await editable.evaluate((root) => {
    const leaf = [...root.querySelectorAll('[data-slate-string]')].find((one) => one.textContent?.includes('rent'))!.firstChild as Text;
    const range = document.createRange();
    range.setStart(leaf, leaf.data.indexOf('rent'));
    range.setEnd(leaf, leaf.data.indexOf('rent') + 4);
    const rect = range.getBoundingClientRect();
    return { left: rect.left, right: rect.right, y: rect.top + rect.height / 2 };
  });
  await page.mouse.move(word.left + 1, word.y);
  await page.mouse.down();
  await page.mouse.move(word.right - 1, word.y, { steps: 5 });
  await page.mouse.up();
  await expect(panel.getByTestId('documents-comment-selection')).toHaveText('rent');
  await expect(panel.getByTestId('documents-comment-from')).toHaveValue('4');
  await expect(panel.getByTestId('documents-comment-to')).toHaveValue('8');
  await panel.getByTestId('documents-comment-text').fill('Monthly or weekly?');
  await panel.getByTestId('documents-comment-add').click();
  const comment = panel.getByTestId('documents-comment');
  await expect(comment.getByTestId('documents-comment-quote')).toHaveText('rent');
  await expect(comment).toContainText('Monthly or weekly?');
  await expect(comment.getByTestId('documents-comment-author')).toHaveText('Administrator');
  await expect(comment.getByTestId('documents-comment-time')).toHaveText(/\d{4}/);
  await shot(page, 'media-documents-editor-1280');
  // Reloaded, the document is open again (?doc=); Documents in the trail goes back to the list.
  await page.reload();
  await expect(page.getByTestId('documents-comment')).toContainText('Monthly or weekly?');
  await page.getByTestId('breadcrumbs').getByRole('link', { name: 'Documents' }).click();
  await expect(page.getByTestId('documents-items')).toBeVisible();
  await expect(page.getByTestId('breadcrumb')).toHaveText(['Media library', 'Contracts', 'Documents']);
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
