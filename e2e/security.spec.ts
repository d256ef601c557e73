// The browser side of docs/security.md: another site cannot frame the app, the sign-in page runs
// under the Content-Security-Policy without a violation, and the QuickJS sandbox compiles its wasm
// under it (the one exception, 'wasm-unsafe-eval'). Every other spec is watched for violations by
// the `test` of ./support.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, shot, test } from './support';

const FOREIGN = 'http://evil.example';

test('another site cannot frame /login: the browser refuses the frame (frame-ancestors)', async ({ page, baseURL }) => {
  const target = `${baseURL}/login`;
  await page.route(`${FOREIGN}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>Evil</title><h1>Win a prize</h1><iframe name="victim" src="${target}"></iframe>` }),
  );
  await page.goto(`${FOREIGN}/`, { waitUntil: 'load' }); // 'load' waits for the frame too
  const frame = page.frame({ name: 'victim' });
  expect(frame).not.toBeNull();
  // Chromium's error page stands in for the refused frame; the sign-in form never renders there.
  await expect.poll(() => frame!.url()).toMatch(/^chrome-error:/);
  await expect(page.frameLocator('iframe[name="victim"]').locator('input[name="password"]')).toHaveCount(0);
});

test('the watcher sees a violation: an injected inline script is refused and recorded', async ({ page, cspViolations }) => {
  await page.goto('/login');
  await expect(page.locator('input[name="email"]')).toBeVisible();
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.head.append(script);
    return (window as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => cspViolations.join('\n')).toContain("CSP violation: script-src-elem blocked inline");
  cspViolations.splice(0, cspViolations.length); // expected here; any other test would fail on it
});

test('the sign-in page loads and renders styled under the CSP', async ({ page }) => {
  const response = await page.goto('/login');
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.locator('input[name="email"]')).toBeVisible();
  // The stylesheet applied: the submit button is not the browser's default grey.
  const background = await page.getByTestId('login-submit').evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(background).not.toBe('rgb(239, 239, 239)');
  expect(background).not.toBe('rgba(0, 0, 0, 0)');
  await shot(page, 'security-login');
});

/** Runs a script in the app's own sandbox chunk, as a formatter would load it (the build's manifest names it). */
async function runInSandbox(page: Page): Promise<unknown> {
  const manifest = JSON.parse(readFileSync(join('dist', 'app', '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const chunk = manifest['../../renderers/form/sandbox.ts']?.file;
  expect(chunk, 'renderers/form/sandbox.ts in the build manifest').toBeTruthy();
  return page.evaluate(async (url) => {
    const sandbox = (await import(url)) as { runScript(request: { label: string; code: string; args: Record<string, unknown> }): Promise<unknown> };
    return sandbox.runScript({ label: 'csp check', code: 'return value * 6 + Lodash.sum([1, 2]);', args: { value: 7 } });
  }, `/${chunk}`);
}

test("the QuickJS sandbox compiles its wasm and runs a script under the CSP ('wasm-unsafe-eval')", async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('input[name="email"]')).toBeVisible();
  expect(await runInSandbox(page)).toEqual({ ok: true, value: 45 });
});

test("without 'wasm-unsafe-eval' the sandbox cannot load: the exception is needed, and is the only one", async ({ page, cspViolations }) => {
  await page.route('**/login', async (route) => {
    const response = await route.fetch();
    const csp = response.headers()['content-security-policy'] ?? '';
    expect(csp).toContain(" 'wasm-unsafe-eval'");
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': csp.replace(" 'wasm-unsafe-eval'", '') } });
  });
  await page.goto('/login');
  await expect(page.locator('input[name="email"]')).toBeVisible();
  const result = (await runInSandbox(page)) as { ok: boolean; error?: string };
  expect(result.ok).toBe(false);
  await expect.poll(() => cspViolations.join('\n')).toMatch(/wasm-eval|script-src/);
  cspViolations.splice(0, cspViolations.length); // provoked on purpose
});
