import type { Page } from '@playwright/test';
import { deploy, expect, removeMediaLibraries, shot, signInAsAdmin, sub, test } from './support';

// The media widgets of issue 16 on a record: an image v2 field and a carousel, filled through the
// widgets' Source dropdown (upload from the device into a media library, and an external URL),
// saved, opened again, and seen as thumbnails in the record list.

/** A PNG of w x h pixels in one colour, made by the browser (no fixture file). */
async function png(page: Page, colour: string, w = 64, h = 40): Promise<Buffer> {
  const data = await page.evaluate(
    ([c, width, height]) => {
      const canvas = document.createElement('canvas');
      canvas.width = Number(width);
      canvas.height = Number(height);
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = String(c);
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      return canvas.toDataURL('image/png').split(',')[1]!;
    },
    [colour, w, h] as const,
  );
  return Buffer.from(data, 'base64');
}

async function chooseSource(page: Page, field: string, source: 'library' | 'device' | 'external') {
  await page.getByTestId(`media-source-${field}`).click();
  await page.getByTestId(`media-source-${source}`).click();
  await expect(page.getByTestId('media-chooser')).toBeVisible();
}

/** Every image in the locator has loaded with real pixels. */
async function expectLoaded(page: Page, selector: string, count: number) {
  await expect(page.locator(selector)).toHaveCount(count);
  await expect
    .poll(async () => page.locator(selector).evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);
}

test('external images: an image v2 and a carousel filled from URLs, limits, save, reopen, list thumbnails', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  const colours = ['#2f9e44', '#1971c2', '#f08c00', '#e03131'];
  const bodies = await Promise.all(colours.map((c) => png(page, c, 1024, 480)));
  await page.route('https://images.example.test/**', (route) => {
    const index = Number(/(\d)\.png$/.exec(route.request().url())?.[1] ?? 0);
    return route.fulfill({ status: 200, contentType: 'image/png', body: bodies[index % bodies.length]! });
  });
  const posters = await deploy(page.request, 'media_posters', [
    sub('title', 'input', 'text', { length: { min: 1, max: 80 } }),
    sub('cover', 'input', 'imagev2'),
    sub('slides', 'image', 'carousel', { required: true, custom_data: { max_images: 3 } }),
  ]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/component/${posters}/create`);
  await expect(page.getByTestId('record-form')).toBeVisible();
  await page.locator('input[name="title"]').fill('Summer');
  await shot(page, 'media-widgets-empty-1280');

  const addExternal = async (field: string, url: string) => {
    await chooseSource(page, field, 'external');
    await page.getByTestId('media-external-url').fill(url);
    await page.getByTestId('media-external-add').click();
    await expect(page.getByTestId('media-chooser')).toHaveCount(0);
  };
  await chooseSource(page, 'cover', 'external');
  await page.getByTestId('media-external-url').fill('https://images.example.test/cover/0.png');
  await shot(page, 'media-widgets-chooser-external-1280');
  await page.getByTestId('media-external-add').click();
  await expect(page.getByTestId('media-chooser')).toHaveCount(0);
  for (const n of [1, 2, 3]) await addExternal('slides', `https://images.example.test/slides/${n}.png`);
  await expect(page.getByTestId('carousel-count')).toHaveText('3 / 3');
  await page.getByTestId('media-source-slides').click();
  await page.getByTestId('media-source-external').click();
  await expect(page.getByTestId('media-exceeded-slides')).toHaveText('Maximum number of images exceeded');
  // Adding a URL in the chooser never submitted the record form around it.
  await expect(page).toHaveURL(/\/create$/);
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await shot(page, 'media-widgets-external-1280');

  await page.getByTestId('record-save').click();
  await expect(page).toHaveURL(/\/edit\/[0-9a-f-]{36}/);
  await page.reload();
  await expectLoaded(page, '[data-testid="media-image-cover"] img', 1);
  await expectLoaded(page, '[data-testid="media-carousel-slides"] .carousel-thumbs img', 3);
  await page.getByTestId('carousel-next').click();
  await expect(page.getByTestId('carousel-count')).toHaveText('2 / 3');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expectLoaded(page, '[data-testid="media-carousel-slides"] .carousel-thumbs img', 3);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'media-widgets-external-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();

  // Clear asks first, then the required carousel says so.
  await page.getByTestId('media-clear-slides').click();
  await expect(page.getByTestId('media-clear-confirm')).toContainText('Remove all images?');
  await page.getByTestId('media-clear-yes').click();
  await expect(page.getByTestId('field-error-slides')).toHaveText('This is a required field');
  await page.reload();

  await page.goto(`/admin/component/${posters}`);
  await expectLoaded(page, '[data-testid="cell-media-cover"] img', 1);
  await expectLoaded(page, '[data-testid="cell-media-slides"] img', 3);
  await shot(page, 'media-widgets-list-external-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.locator('[data-testid="cell-media-cover"] img').first()).toBeVisible();
  await shot(page, 'media-widgets-list-external-390');
});

test('image and carousel: upload through the widget and an external URL, save, reopen, list thumbnails', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  await removeMediaLibraries(page);
  const external = await png(page, '#2f9e44', 1024, 480);
  await page.route('https://images.example.test/**', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: external }));

  const library = await page.request.post('/api/media/v1/dms/media/library', { data: { name: 'Products', provider: 'luma-simple' } });
  expect(library.status(), await library.text()).toBe(200);
  const libraryUuid = ((await library.json()) as { uuid: string }).uuid;
  const products = await deploy(page.request, 'media_products', [
    sub('title', 'input', 'text', { length: { min: 1, max: 80 } }),
    sub('photo', 'input', 'imagev2', { custom_data: { defaultLibrary: libraryUuid, subDir: 'products' } }),
    sub('gallery', 'image', 'carousel', { required: true, custom_data: { defaultLibrary: libraryUuid, max_images: 3 } }),
  ]);

  await page.goto(`/admin/component/${products}/create`);
  await expect(page.getByTestId('record-form')).toBeVisible();
  await page.locator('input[name="title"]').fill('Red shoe');

  // The image from the device: uploaded into the library, shown at once.
  await chooseSource(page, 'photo', 'device');
  await page.getByTestId('media-device-input').setInputFiles({ name: 'red shoe.png', mimeType: 'image/png', buffer: await png(page, '#e03131') });
  await expect(page.getByTestId('media-chooser')).toHaveCount(0);
  await expectLoaded(page, '[data-testid="media-image-photo"] img', 1);

  // The carousel: two uploaded at once, then an external URL; a fourth is refused (max_images 3).
  await chooseSource(page, 'gallery', 'device');
  await page.getByTestId('media-device-input').setInputFiles([
    { name: 'side.png', mimeType: 'image/png', buffer: await png(page, '#1971c2') },
    { name: 'back.png', mimeType: 'image/png', buffer: await png(page, '#f08c00') },
  ]);
  await expect(page.getByTestId('media-chooser')).toHaveCount(0);
  await chooseSource(page, 'gallery', 'external');
  await page.getByTestId('media-external-url').fill('javascript:alert(1)');
  await page.getByTestId('media-external-add').click();
  await expect(page.getByTestId('media-external').getByRole('alert')).toBeVisible();
  await page.getByTestId('media-external-url').fill('https://images.example.test/banner.png');
  await page.getByTestId('media-external-add').click();
  await expect(page.getByTestId('carousel-count')).toHaveText('3 / 3');
  await page.getByTestId('media-source-gallery').click();
  await page.getByTestId('media-source-external').click();
  await expect(page.getByTestId('media-exceeded-gallery')).toHaveText('Maximum number of images exceeded');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'media-widgets-create-1280');

  await page.getByTestId('record-save').click();
  await expect(page).toHaveURL(/\/edit\/[0-9a-f-]{36}/);
  const recordUuid = page.url().match(/edit\/([0-9a-f-]{36})/)![1]!;
  const stored = (await (await page.request.get(`/api/v3/system/component/${products}/model/${recordUuid}`)).json()) as Record<string, unknown>;
  expect(stored.photo).toEqual({ localURL: `/media/library/${libraryUuid}/get/products/red_shoe.png`, publicURL: '' });
  expect(stored.gallery).toEqual([
    { localURL: `/media/library/${libraryUuid}/get/side.png`, publicURL: '' },
    { localURL: `/media/library/${libraryUuid}/get/back.png`, publicURL: '' },
    { localURL: '', publicURL: 'https://images.example.test/banner.png' },
  ]);

  // Reopened: the images come back from the library and the external URL.
  await page.reload();
  await expectLoaded(page, '[data-testid="media-image-photo"] img', 1);
  await expectLoaded(page, '[data-testid="media-carousel-gallery"] .carousel-thumbs img', 3);
  await page.getByTestId('carousel-next').click();
  await expect(page.getByTestId('carousel-count')).toHaveText('2 / 3');
  await shot(page, 'media-widgets-edit-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expectLoaded(page, '[data-testid="media-carousel-gallery"] .carousel-thumbs img', 3);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'media-widgets-edit-390');
  await chooseSource(page, 'photo', 'device');
  await shot(page, 'media-widgets-chooser-device-390');
  await page.getByTestId('media-chooser-close').click();

  // The media chooser in library mode: the media screen's browser, the uploaded file picked.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await page.getByTestId('media-remove-photo').click();
  await chooseSource(page, 'photo', 'library');
  await page.getByTestId('media-chooser').getByText('products', { exact: true }).dblclick();
  await page.getByTestId('media-chooser').getByText('red_shoe.png').click();
  await shot(page, 'media-widgets-library-1280');
  await page.getByTestId('media-pick').click();
  await expectLoaded(page, '[data-testid="media-image-photo"] img', 1);

  // The list shows thumbnails.
  await page.goto(`/admin/component/${products}`);
  await expectLoaded(page, '[data-testid="cell-media-photo"] img', 1);
  await expectLoaded(page, '[data-testid="cell-media-gallery"] img', 3);
  // Library images come as the library's previews; the external one as itself.
  await expect(page.locator('[data-testid="cell-media-photo"] img')).toHaveAttribute('src', `/media/library/${libraryUuid}/preview/products/red_shoe.png`);
  await shot(page, 'media-widgets-list-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.locator('[data-testid="cell-media-gallery"] img').first()).toBeVisible();
  await shot(page, 'media-widgets-list-390');
});

test('a protected field shows its image without a Source dropdown; luma-media off leaves the external source only', async ({ page }) => {
  await signInAsAdmin(page);
  const products = await deploy(page.request, 'media_locked', [sub('photo', 'input', 'imagev2'), { ...sub('badge', 'input', 'imagev2'), protected: true }]);
  await page.goto(`/admin/component/${products}/create`);
  await expect(page.getByTestId('record-form')).toBeVisible();
  await expect(page.getByTestId('media-source-photo')).toBeVisible();
  await expect(page.getByTestId('media-source-badge')).toHaveCount(0);
  await page.getByTestId('media-source-photo').click();
  await expect(page.getByTestId('media-source-device')).toBeVisible();
  await page.keyboard.press('Escape');

  const off = await page.request.put('/api/integration/integrate', { data: { id: 'luma-media', disabled: true } });
  expect(off.status(), await off.text()).toBe(200);
  await page.reload();
  await page.getByTestId('media-source-photo').click();
  await expect(page.getByTestId('media-source-external')).toBeVisible();
  await expect(page.getByTestId('media-source-device')).toHaveCount(0);
  await expect(page.getByTestId('media-source-library')).toHaveCount(0);
  await page.keyboard.press('Escape');
  expect((await page.request.put('/api/integration/integrate', { data: { id: 'luma-media', disabled: false } })).status()).toBe(200);
});
