// /admin/developer: the API reference of /api/openapi.json rendered by the lazily loaded viewer, at
// desktop width and at 390 px, with no inline script or eval (the page runs under a strict script CSP).
import { expect, shot, signInAsAdmin, test } from './support';

/**
 * 'ready' comes once the viewer's chunk (swagger-ui's self-contained 1.5 MB bundle, with its own React)
 * is fetched, compiled and mounted. On a quiet machine that is under a second; in the after-stop CI on
 * a loaded 2-core machine, two of these tests saw it still loading at expect's default 10 s, while the
 * screen itself was right. The wait is bounded by the tests' own 90 s, not by a fixed sleep.
 */
const VIEWER_LOAD = 45_000;

test.describe('developer screen', () => {
  test('renders the API reference from the OpenAPI document, in the admin sidebar', async ({ page }) => {
    test.setTimeout(90_000); // sign-in, the viewer's lazy load and its drawing of the whole document (below)
    const violations: string[] = [];
    // The viewer must run under a script policy without 'unsafe-inline' and 'unsafe-eval'.
    await page.route('**/admin/developer', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': "script-src 'self'" } });
    });
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy|unsafe-eval|unsafe-inline/i.test(message.text())) violations.push(message.text());
    });
    const firstLoad: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') firstLoad.push(request.url());
    });

    await signInAsAdmin(page);
    // The viewer is not part of what the app loads before the screen is visited.
    expect(firstLoad.some((url) => /swagger/i.test(url))).toBe(false);

    const sidebarLink = page.locator('a[href="/admin/developer"]');
    if (!(await sidebarLink.first().isVisible())) await page.getByRole('button', { name: /settings/i }).first().click();
    await expect(sidebarLink.first()).toBeVisible();

    await page.goto('/admin/developer');
    await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
    await expect(page.getByTestId('api-reference')).toHaveAttribute('data-state', 'ready', { timeout: VIEWER_LOAD });
    // The tags come collapsed (the table of contents); opening one draws its operations, here both
    // shapes of a {ref} route.
    await expect(page.locator('.opblock-tag', { hasText: 'auth' }).first()).toBeVisible({ timeout: VIEWER_LOAD });
    await page.locator('.opblock-tag', { hasText: 'records' }).first().click();
    await expect(page.locator('.opblock-summary-path', { hasText: '/api/v3/system/component/{a}/{b}/model/{id}' }).first()).toBeVisible();
    // The SDK's types are served: the link downloads them.
    await expect(page.getByTestId('sdk-types-link')).toHaveAttribute('href', '/types/luma-sdk.d.ts');
    await expect(page.getByTestId('openapi-link')).toHaveAttribute('href', '/api/openapi.json');
    await page.screenshot({ path: 'test-results/screens/developer-top.png' });
    await shot(page, 'developer');
    expect(violations).toEqual([]);
  });

  test('fits a 390 px wide screen', async ({ page }) => {
    test.setTimeout(90_000); // as above: the viewer draws the whole document, and two screenshots of it
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsAdmin(page);
    await page.goto('/admin/developer');
    await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
    await expect(page.getByTestId('api-reference')).toHaveAttribute('data-state', 'ready', { timeout: VIEWER_LOAD });
    await expect(page.locator('.opblock-tag').first()).toBeVisible({ timeout: VIEWER_LOAD });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await page.screenshot({ path: 'test-results/screens/developer-390-top.png' });
    await page.locator('.opblock-tag', { hasText: 'auth' }).first().click();
    await page.locator('.opblock-summary-path', { hasText: '/api/v1/auth/login' }).first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screens/developer-390-operations.png' });
    await shot(page, 'developer-390');
  });

  test('follows the dark theme and leaves it to the app when left', async ({ page }) => {
    test.setTimeout(90_000); // as above: the viewer draws the whole document before the screenshot
    await signInAsAdmin(page);
    await page.goto('/admin/developer');
    await expect(page.getByTestId('api-reference')).toHaveAttribute('data-state', 'ready', { timeout: VIEWER_LOAD });
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveClass(/dark-mode/);
    await page.screenshot({ path: 'test-results/screens/developer-dark.png' });
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).not.toHaveClass(/dark-mode/);
  });
});
