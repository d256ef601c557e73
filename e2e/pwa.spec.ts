// The installable app and the feedback inbox (issue 33 items 7 and 8; docs/platform.md "Installable
// app" and "Feedback"): the manifest and the service worker are served as a browser needs them, the
// worker precaches the app shell and keeps no API answer in Cache Storage, a navigation under /api is
// never answered by it, the install prompt shows on /admin only, /mobile renders, and a report sent from
// the report-error modal reaches the admins' inbox.
import type { Page } from '@playwright/test';
import { atBothWidths, expect, failProjectInfo, signInAsAdmin, test } from './support';

/** What the browser fires when the app may be installed (Chromium fires it only on real engagement). */
async function offerInstall(page: Page): Promise<void> {
  await page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => undefined,
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    window.dispatchEvent(event);
  });
}

test.describe('the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the manifest, icons and worker are served with their types, and the worker is revalidated on every load', async ({ request }) => {
    const manifest = await request.get('/manifest.webmanifest');
    expect(manifest.status()).toBe(200);
    expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const body = await manifest.json();
    expect(body).toMatchObject({ name: 'Luma', short_name: 'Luma', start_url: '/admin/dashboard', display: 'standalone', scope: '/' });
    for (const icon of body.icons as { src: string; type: string }[]) {
      const file = await request.get(icon.src);
      expect(file.status(), icon.src).toBe(200);
      expect(file.headers()['content-type'], icon.src).toContain(icon.type);
    }
    const worker = await request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['content-type']).toMatch(/javascript/);
    expect(worker.headers()['cache-control']).toBe('no-cache');
    const source = await worker.text();
    // No runtime route: the one registered route is the navigation fallback, with the API denied.
    expect(source.match(/registerRoute\(/g)).toHaveLength(1);
    expect(source).toContain('NavigationRoute');
    expect(source).toContain('denylist:[/^\\/api(?:[/?#]|$)/i');
    expect(source).not.toMatch(/NetworkFirst|CacheFirst|StaleWhileRevalidate/);
  });

  test('a controlled page keeps the shell in Cache Storage and no API answer; navigations under /api are the server\'s', async ({ page }) => {
    // The worker's install fetches the whole precache (about 4 MB) before it is ready: minutes on a busy machine.
    test.setTimeout(120_000);
    await signInAsAdmin(page);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The first load registered the worker; from the next one it controls the page.
    await page.reload();
    await expect(page.getByTestId('dashboard-heading')).toBeVisible();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // The page has made its API calls (claims, permissions, project info) under the worker.
    await page.goto('/admin/feedback');
    await expect(page.getByTestId('feedback-page')).toBeVisible();
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(cached.some((path) => path.startsWith('/assets/main-'))).toBe(true);
    expect(cached.filter((path) => path.startsWith('/api') || path.startsWith('/media/') || path.startsWith('/luma/'))).toEqual([]);

    // A navigation to an app page is answered by the worker; one under /api goes to the server (JSON).
    const app = await page.goto('/admin/components');
    expect(app?.fromServiceWorker()).toBe(true);
    const api = await page.goto('/api/v1/no-such-call');
    expect(api?.fromServiceWorker()).toBe(false);
    expect(api?.headers()['content-type']).toMatch(/application\/json/);
  });
});

test('the install prompt shows on /admin pages only, and Not now puts it away', async ({ page }) => {
  // Several loads of the admin shell at two widths.
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  await offerInstall(page);
  const prompt = page.getByTestId('install-prompt');
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText('Install Luma');
  await atBothWidths(page, 'install-prompt', async () => {
    await expect(page.getByTestId('dashboard-heading')).toBeVisible();
    await offerInstall(page);
    await expect(prompt).toBeVisible();
  });
  await page.goto('/home/home');
  await offerInstall(page);
  await expect(page.locator('main').first()).toBeVisible();
  await expect(prompt).toHaveCount(0);
  await page.goto('/admin/dashboard');
  await offerInstall(page);
  await page.getByTestId('install-dismiss').click();
  await expect(prompt).toHaveCount(0);
  const stored = await page.evaluate(() => Number(localStorage.getItem('luma.install_dismissed_at')));
  expect(stored).toBeGreaterThan(0);
  await page.reload();
  await offerInstall(page);
  await expect(page.getByTestId('dashboard-heading')).toBeVisible();
  await expect(prompt).toHaveCount(0);
});

test('/mobile renders for anyone, in both languages', async ({ page }) => {
  await page.goto('/mobile');
  await expect(page.getByTestId('mobile-page')).toBeVisible();
  await expect(page.getByTestId('mobile-steps')).toContainText('Add to Home Screen');
  await atBothWidths(page, 'mobile', async () => {
    await expect(page.getByTestId('mobile-page')).toBeVisible();
  });
  await page.goto('/mobile?lang=sr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Koristite Lumu na telefonu');
  await page.goto('/mobile?lang=en_US');
});

test("a report sent from the report-error modal reaches the admins' inbox, where it is marked read", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  const requestUuid = '6f1c2e0a-0000-4000-8000-00000000fb0e';
  const words = `The dashboard broke at ${Date.now()}`;
  await failProjectInfo(page, requestUuid);
  await page.reload();
  const modal = page.getByTestId('report-error-modal');
  await expect(modal).toBeVisible();
  await expect(page.getByTestId('report-error-send')).toBeDisabled();
  await page.getByTestId('report-error-note').fill(words);
  await atBothWidths(page, 'report-error-send', async () => expect(modal).toBeVisible(), false);
  await page.getByTestId('report-error-send').click();
  await expect(page.getByTestId('report-error-sent')).toBeVisible();
  await page.unroute('**/api/v1/project/info');

  await page.goto('/admin/feedback');
  const row = page.getByTestId('feedback-row').filter({ hasText: words });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('feedback-route')).toHaveText('/admin/dashboard');
  await expect(row.getByTestId('feedback-request-uuid')).toContainText(requestUuid);
  await expect(row.getByTestId('feedback-state')).toHaveText('Unread');
  await atBothWidths(page, 'feedback-inbox', async () => expect(row).toBeVisible());
  await row.getByTestId('feedback-mark').click();
  await expect(row).toHaveCount(0);
  await page.getByTestId('feedback-filter-all').click();
  await expect(row.getByTestId('feedback-state')).toHaveText('Read');
});
