// What every spec shares: `test` with every page watched for Content-Security-Policy violations,
// signing in through the real form, and screenshots to look at.
import { test as base, expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';

export { expect };

/**
 * Records every CSP violation of the context's pages in `violations`: the page's own
 * securitypolicyviolation events (logged by an init script, so they are seen before any app code
 * runs) and Chromium's 'Refused to ...' console messages (a blocked frame, script, style or wasm).
 */
export async function watchCsp(context: BrowserContext, violations: string[]): Promise<void> {
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile || '?'}:${event.lineNumber}`);
    });
  });
  context.on('console', (message) => {
    const text = message.text();
    if (text.startsWith('CSP violation:') || text.includes('Refused to')) violations.push(`${message.page()?.url() ?? '?'}: ${text}`);
  });
}

/**
 * The admin shell starts the introduction tutorial for anyone with no saved tutorial config, which
 * is every user of a spec about another screen: their contexts read the tutorial config as 'don't
 * show tutorials' (the server is not asked). e2e/tutorials.spec.ts sets `tutorials: true`.
 */
async function hideTutorials(context: BrowserContext): Promise<void> {
  await context.route(/\/api\/v1\/config\/user\?path=tutorials$/, (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ json: { path: 'tutorials', data: { done: {}, dontShow: true }, project_uuid: '00000000-0000-4000-8000-000000000000' } })
      : route.continue(),
  );
}

/**
 * Every spec imports `test` from here: each test's pages, in its own context and in any context it
 * opens with browser.newContext(), are watched, and a test with any CSP violation fails. A test
 * that provokes one on purpose takes it out of `cspViolations` after checking it.
 */
export const test = base.extend<{ cspViolations: string[]; tutorials: boolean }>({
  tutorials: [false, { option: true }],
  cspViolations: [
    async ({ context, browser, tutorials }, use) => {
      const violations: string[] = [];
      await watchCsp(context, violations);
      if (!tutorials) await hideTutorials(context);
      const newContext = browser.newContext.bind(browser);
      const watched: Browser['newContext'] = async (options) => {
        const opened = await newContext(options);
        await watchCsp(opened, violations);
        if (!tutorials) await hideTutorials(opened);
        return opened;
      };
      browser.newContext = watched;
      try {
        await use(violations);
      } finally {
        browser.newContext = newContext;
      }
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

/** Fills and submits /login; does not wait for where it lands (two-factor, or a wrong password). */
export async function submitLogin(page: Page, email: string = E2E_ADMIN.email, password: string = E2E_ADMIN.password): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Signs the seeded admin in and waits for the dashboard. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await submitLogin(page);
  await expect(page.getByTestId('dashboard-heading')).toBeVisible();
}

/**
 * The real server does not answer 500 to anything a test can send on purpose, so the dashboard's
 * project info is replaced by a 500 carrying `requestUuid`, to see what a user meets when it happens
 * (the report-error modal). page.unroute of the same pattern ends it.
 */
export async function failProjectInfo(page: Page, requestUuid: string): Promise<void> {
  await page.route('**/api/v1/project/info', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      headers: { 'x-request-uuid': requestUuid },
      body: JSON.stringify({ status: 500, message: 'serverError', request_uuid: requestUuid }),
    }),
  );
}

/** A full-page screenshot in test-results/screens/{name}.png. */
export const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });

/** Screenshots at 1280 and 390 px; pages in the admin or home shell are loaded again at that width. */
export async function atBothWidths(page: Page, name: string, ready: () => Promise<void>, reload = true) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
    // Loaded at that width: the sidebar starts closed on a phone instead of sliding shut in the picture.
    if (reload) await page.reload();
    await ready();
    await shot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Removes every media library of the signed-in admin's project, so a spec that needs the empty
 * start (or its own luma-simple library, one per project) does not depend on the specs before it:
 * every spec shares the e2e server's database. */
export async function removeMediaLibraries(page: Page): Promise<void> {
  const list = await page.request.get('/api/media/v1/dms/media/library/list');
  expect(list.status(), await list.text()).toBe(200);
  for (const library of (await list.json()) as { uuid: string }[]) {
    const removed = await page.request.delete(`/api/media/v1/dms/media/library/${library.uuid}`);
    expect(removed.status(), await removed.text()).toBe(200);
  }
}

/** A field definition for deploy(): key, module, type and constraints. */
export const sub = (key: string, module: string, type: string, constraints: Record<string, unknown> = {}) => ({ name: key, key, label: { en_US: key }, module, type, constraints });

/** Creates a component with these fields and publishes its v1 to live; answers its uuid. */
export async function deploy(request: APIRequestContext, name: string, fields: Record<string, unknown>[]): Promise<string> {
  const created = await request.post('/api/v3/system/component', { data: { name, label: { en_US: name }, scope: '', tag: '' } });
  expect(created.status(), await created.text()).toBe(200);
  const { uuid } = (await created.json()) as { uuid: string };
  const model = (await (await request.get(`/api/v3/system/component/settings/${uuid}/v1`)).json()) as { settings: Record<string, unknown> };
  const settings = { ...model.settings, fields: fields.map((field, i) => ({ label: { en_US: String(field.name) }, sortOrder: i, ...field })) };
  const saved = await request.post(`/api/v3/system/component/settings/${uuid}/v1`, { data: { ...model, is_active: true, settings } });
  expect(saved.status(), await saved.text()).toBe(200);
  expect((await request.post('/api/v3/system/component/version/publish', { data: { version: 'v1', env: 'live', ref: uuid } })).status()).toBe(200);
  return uuid;
}
