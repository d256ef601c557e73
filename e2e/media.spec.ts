// The media library through its screen and the real media host (spec section 2 "Media library
// screen"): a library created from the right sidebar, files uploaded with progress, a directory made,
// a file moved into it, a private file shared (the signed link opened), files and the directory
// deleted; screenshots at 1280 and 390 px.
import { expect, removeMediaLibraries, shot, signInAsAdmin, test } from './support';

const PAGE = '/admin/integrations/page/luma-media';
// An 8x8 PNG (made with sharp; the server makes its preview).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWOI9v+KFTEMLQkAY6BnwRpzgKoAAAAASUVORK5CYII=', 'base64');

test('a library: create, upload with progress, directory, move, share, delete', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  await removeMediaLibraries(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(PAGE);

  // No library yet: the admin is asked to create one; the sidebar does it.
  await expect(page.getByTestId('media-start')).toBeVisible();
  // The trail names the page by its integration, not the integrations list.
  await expect(page.getByTestId('breadcrumbs').locator('[aria-current="page"]')).toHaveText('Media library');
  await shot(page, 'media-start-1280');
  await page.getByTestId('media-start-create').click();
  const sidebar = page.getByTestId('media-create-sidebar');
  await expect(sidebar).toBeVisible();
  await sidebar.getByTestId('media-lib-save').click();
  await expect(sidebar.getByText('This is a required field').first()).toBeVisible();
  await sidebar.getByTestId('media-lib-name').fill('Photos');
  await sidebar.getByTestId('media-lib-provider').selectOption('luma-simple');
  await shot(page, 'media-sidebar-1280');
  await sidebar.getByTestId('media-lib-save').click();
  await expect(page.getByText('Library created.')).toBeVisible();
  await expect(page).toHaveURL(/\?lib=[0-9a-f-]{36}/);
  await expect(page.getByTestId('media-empty')).toBeVisible();

  // Upload two files with progress; private by default.
  await page.getByTestId('media-upload').click();
  const upload = page.getByTestId('media-upload-modal');
  await expect(upload.getByTestId('media-upload-public')).not.toBeChecked();
  await upload.getByTestId('media-upload-input').setInputFiles([
    { name: 'sunset photo.png', mimeType: 'image/png', buffer: PNG },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x'.repeat(1024 * 1024)) },
  ]);
  await expect(upload.getByTestId('media-upload-item')).toHaveCount(2);
  await shot(page, 'media-upload-1280');
  // A slow uplink (Chromium's network emulation), so the progress shows between 0 and 100 %.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
  // The resumable upload (tus) carries the bytes.
  const tusCreate = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/media/v2/dms/media/upload/tus'));
  await upload.getByTestId('media-upload-start').click();
  await tusCreate;
  await expect(upload.getByTestId('media-upload-status').filter({ hasText: /^([1-9]|[1-9]\d)%$/ }).first()).toBeVisible();
  await shot(page, 'media-upload-progress-1280');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(page.getByText('Files uploaded.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('media-file')).toHaveCount(2);
  const photo = page.locator('[data-testid="media-file"][data-key="sunset_photo.png"]');
  await expect(photo).toContainText('sunset_photo.pn…');
  // The library's usage follows the upload.
  await expect(page.getByTestId('media-library-usage')).not.toHaveText('0 KB used');
  await expect(page.locator('[data-testid="media-file"][data-key="notes.txt"]')).toContainText('1 MB');
  // The preview comes from the server (an image, loaded).
  await expect.poll(() => photo.getByTestId('media-preview').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // Download: one file selected.
  await page.locator('[data-testid="media-file"][data-key="notes.txt"]').click();
  const downloading = page.waitForEvent('download');
  await page.getByTestId('media-download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('notes.txt');

  // A directory: the name's rule first, then made.
  await page.getByTestId('media-newDir').click();
  const newDir = page.getByTestId('media-newdir-modal');
  await newDir.getByTestId('media-dir-name').fill('a');
  await newDir.getByTestId('media-dir-create').click();
  await expect(newDir.getByText("Can't be less then 2 characters")).toBeVisible();
  await newDir.getByTestId('media-dir-name').fill('album/s');
  await expect(newDir.getByTestId('media-dir-name')).toHaveValue('albums');
  await newDir.getByTestId('media-dir-create').click();
  await expect(page.locator('[data-testid="media-dir"][data-key="albums"]')).toBeVisible();
  await shot(page, 'media-files-1280');

  // Move the photo into it, after the question.
  await photo.click();
  await page.getByTestId('media-move').click();
  const move = page.getByTestId('media-move-modal');
  await move.locator('[data-testid="media-tree-dir"][data-path="albums"]').click();
  await move.getByTestId('media-move-confirm').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('The selected files will be moved to the selected directory.');
  await page.getByTestId('confirm-accept').click();
  await expect(page.getByText('Files moved.')).toBeVisible();
  await expect(page.getByTestId('media-file')).toHaveCount(1);

  // Into the directory (the hash holds it), then share the private photo.
  await page.locator('[data-testid="media-dir"][data-key="albums"]').click();
  await expect(page).toHaveURL(/#albums$/);
  const moved = page.locator('[data-testid="media-file"][data-key="albums/sunset_photo.png"]');
  await expect(moved).toBeVisible();
  await moved.click();
  await page.getByTestId('media-share').click();
  const share = page.getByTestId('media-share-modal');
  await share.getByTestId('media-share-submit').click();
  const link = share.getByTestId('media-share-url');
  await expect(link).toBeVisible();
  const url = (await link.textContent())!;
  // The private file: refused without the link's signature (no session here), served with it.
  const bare = new URL(url);
  bare.search = '';
  expect((await request.get(bare.toString())).status()).not.toBe(200);
  const signed = await request.get(url);
  expect(signed.status()).toBe(200);
  expect(Buffer.from(await signed.body()).equals(PNG)).toBe(true);
  await shot(page, 'media-share-1280');
  await share.getByRole('button', { name: 'Close' }).click();

  // Small screen: the compact actions menu.
  await page.setViewportSize({ width: 390, height: 844 });
  await moved.click();
  await expect(page.getByTestId('media-upload')).toBeHidden();
  await page.getByTestId('media-actions-menu').click();
  await expect(page.getByTestId('media-menu-delete')).toBeVisible();
  await shot(page, 'media-menu-390');
  await page.getByTestId('media-menu-delete').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('The selected file will be deleted.');
  await page.getByTestId('confirm-accept').click();
  await expect(page.getByText('Files deleted.')).toBeVisible();
  await expect(page.getByTestId('media-empty')).toBeVisible();

  // Delete the directory (not offered at the root), back at the root.
  await page.getByTestId('media-actions-menu').click();
  await page.getByTestId('media-menu-deleteDir').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('This removes the directory "albums" and everything in it.');
  await page.getByTestId('confirm-accept').click();
  await expect(page.getByText('Directory deleted.')).toBeVisible();
  await expect(page).not.toHaveURL(/#albums/);
  await expect(page.locator('[data-testid="media-dir"]')).toHaveCount(0);
  await shot(page, 'media-files-390');

  // The settings tab at 390.
  await page.getByTestId('media-tab-settings').click();
  await expect(page).toHaveURL(/\/luma-media\/settings\?lib=/);
  await expect(page.getByTestId('media-library-form')).toBeVisible();
  await shot(page, 'media-settings-390');
});
