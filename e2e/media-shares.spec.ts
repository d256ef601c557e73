// A file's share links in its share dialog (docs/media.md "Share links") at 390 px: two links made,
// both listed with their valid-until, one revoked after its confirmation (the link then answers 410),
// the other still served.
import { expect, removeMediaLibraries, shot, signInAsAdmin, test } from './support';

const PAGE = '/admin/integrations/page/luma-media';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWOI9v+KFTEMLQkAY6BnwRpzgKoAAAAASUVORK5CYII=', 'base64');

test('share links of a file: listed with their expiry, revoked after a confirmation, at 390 px', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  await removeMediaLibraries(page);
  const created = await page.request.post('/api/media/v1/dms/media/library', { data: { name: 'Shared', provider: 'luma-simple' } });
  expect(created.status(), await created.text()).toBe(200);
  const lib = (await created.json()).uuid as string;
  const uploaded = await page.request.post('/api/media/v2/dms/media/upload', {
    multipart: { uuid: lib, file: { name: 'contract.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${PAGE}?lib=${lib}`);
  await page.locator('[data-testid="media-file"][data-key="contract.png"]').click();
  await page.getByTestId('media-actions-menu').click();
  await page.getByTestId('media-menu-share').click();
  const dialog = page.getByTestId('media-share-modal');
  await expect(dialog.getByTestId('media-share-links-empty')).toBeVisible();
  await dialog.getByTestId('media-share-submit').click();
  await expect(dialog.getByTestId('media-share-url')).toBeVisible();
  const first = (await dialog.getByTestId('media-share-url').textContent())!;
  await expect(dialog.getByTestId('media-share-item')).toHaveCount(1);
  await dialog.getByTestId('media-share-submit').click();
  await expect(dialog.getByTestId('media-share-item')).toHaveCount(2);
  const second = (await dialog.getByTestId('media-share-url').textContent())!;
  expect(second).not.toBe(first);
  await expect(dialog.getByTestId('media-share-item-expiry').first()).toContainText('Valid until');
  await shot(page, 'media-share-links-390');

  // Revoke asks first; Cancel keeps the link.
  await dialog.getByTestId('media-share-revoke').first().click();
  await expect(dialog.getByText('Revoke this link? It stops working at once for everyone who has it.')).toBeVisible();
  await shot(page, 'media-share-revoke-390');
  await dialog.getByTestId('media-share-revoke-cancel').click();
  await expect(dialog.getByTestId('media-share-item')).toHaveCount(2);
  await dialog.getByTestId('media-share-revoke').first().click();
  await dialog.getByTestId('media-share-revoke-confirm').click();
  await expect(page.getByText('Share link revoked.')).toBeVisible();
  await expect(dialog.getByTestId('media-share-item')).toHaveCount(1);
  const statuses = [(await request.get(first)).status(), (await request.get(second)).status()].sort();
  expect(statuses).toEqual([200, 410]);
  await shot(page, 'media-share-revoked-390');
  // The page is no wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
