// The code editor of a component function (Functions tab): the TypeScript worker loads only when the
// editor opens, `context.` completes the function's names from /types/luma-sdk.d.ts?kind=function,
// a misuse of the record API is underlined with TypeScript's message, and the editor fits 390 px; the
// global function editor (/admin/functions) is checked the same way against its own context.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, shot, signInAsAdmin, test } from './support';

/** Serious and critical axe violations inside `selector`. */
async function axeSerious(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function functionsTab(page: Page, name: string): Promise<void> {
  const created = await page.request.post('/api/v3/system/component', { data: { name, label: { en_US: 'Invoices' }, scope: '', tag: '' } });
  expect(created.status()).toBe(200);
  const { uuid } = (await created.json()) as { uuid: string };
  await page.goto(`/admin/component/${uuid}/settings#functions`);
  await page.locator('input[name="function-name"]').fill('totals');
  await page.getByTestId('function-add').click();
}

test('a component function completes context. and underlines a type error', async ({ page }) => {
  test.setTimeout(90_000);
  const scripts: string[] = [];
  page.on('request', (request) => scripts.push(request.url()));
  await signInAsAdmin(page);
  await page.goto('/admin/components');
  await expect(page.getByTestId('components-list')).toBeVisible();
  // No page loads the TypeScript worker or the SDK types before a script editor opens.
  expect(scripts.filter((url) => url.includes('tsWorker') || url.includes('luma-sdk.d.ts'))).toEqual([]);

  await functionsTab(page, 'invoices');
  const editor = page.getByTestId('function-code-0');
  const content = editor.locator('.cm-content');
  await expect(content).toBeVisible();
  await expect(content).toHaveAttribute('data-script-kind', 'function');
  // The worker has loaded TypeScript and the kind's types.
  await expect(editor.locator('.cm-editor')).toHaveAttribute('data-types', 'ready', { timeout: 30_000 });
  await content.click();
  await page.keyboard.type('const page = context.');
  const completion = page.locator('.cm-tooltip-autocomplete');
  await expect(completion).toBeVisible({ timeout: 30_000 });
  for (const name of ['records', 'env', 'config', 'user']) await expect(completion.getByRole('option', { name, exact: true })).toBeVisible();
  await expect.poll(() => scripts.some((url) => url.includes('/types/luma-sdk.d.ts?kind=function'))).toBe(true);
  await shot(page, 'code-editor-completion');

  // Choosing records, then a method that does not exist: TypeScript's error is underlined.
  await completion.getByRole('option', { name: 'records', exact: true }).click();
  await page.keyboard.type('.lst();');
  const underlined = editor.locator('.cm-lintRange-error');
  await expect(underlined).toHaveText('lst', { timeout: 30_000 });
  await underlined.hover();
  await expect(page.locator('.cm-tooltip-lint')).toContainText("Property 'lst' does not exist on type 'LumaRecords'. Did you mean 'list'?");
  await shot(page, 'code-editor-type-error');

  // Corrected, the error goes away.
  await content.click();
  await page.keyboard.press('End');
  for (let i = 0; i < 'lst();'.length; i++) await page.keyboard.press('Backspace');
  await page.keyboard.type('list({ limit: 5 }).items;');
  await expect(editor.locator('.cm-lintRange-error')).toHaveCount(0, { timeout: 30_000 });

  // Fullscreen, left with Escape.
  await editor.getByTestId('code-fullscreen').click();
  await expect(editor).toHaveClass(/is-fullscreen/);
  await shot(page, 'code-editor-fullscreen');
  await content.click();
  await page.keyboard.press('Escape');
  await expect(editor).not.toHaveClass(/is-fullscreen/);
});

test('the global function editor completes its context, underlines a type error and lets await pass (issue 29 item 15)', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  await page.goto('/admin/functions/create');
  const editor = page.getByTestId('function-code');
  const content = editor.locator('.cm-content');
  await expect(content).toHaveAttribute('data-script-kind', 'global-function');
  await expect(editor.locator('.cm-editor')).toHaveAttribute('data-types', 'ready', { timeout: 30_000 });
  await content.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type('const page = await context.');
  const completion = page.locator('.cm-tooltip-autocomplete');
  await expect(completion).toBeVisible({ timeout: 30_000 });
  // A global function's own context: the function and its API user, no component config.
  for (const name of ['records', 'env', 'function', 'user', 'events']) await expect(completion.getByRole('option', { name, exact: true })).toBeVisible();
  await expect(completion.getByRole('option', { name: 'config', exact: true })).toHaveCount(0);
  await completion.getByRole('option', { name: 'records', exact: true }).click();
  await page.keyboard.type(".list({ limit: 5 }, 'shop/orders'); return page.total + context.config;");
  // The one error is the missing config; awaiting the synchronous record API is not flagged.
  const underlined = editor.locator('.cm-lintRange');
  await expect(editor.locator('.cm-lintRange-error')).toHaveText('config', { timeout: 30_000 });
  await expect(underlined).toHaveCount(1);
  await editor.locator('.cm-lintRange-error').hover();
  await expect(page.locator('.cm-tooltip-lint')).toContainText("Property 'config' does not exist on type 'LumaGlobalFunctionContext'.");
  await shot(page, 'code-editor-global-function');
});

test('the function editor fits a 390 px screen (dark theme)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => localStorage.setItem('luma.theme', 'dark'));
  await signInAsAdmin(page);
  await functionsTab(page, 'invoices_narrow');
  const editor = page.getByTestId('function-code-0');
  await expect(editor.locator('.cm-content')).toBeVisible();
  const box = await editor.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(390);
  expect(box!.height).toBeGreaterThanOrEqual(300);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(editor.locator('.cm-editor')).toHaveAttribute('data-types', 'ready', { timeout: 30_000 });
  await editor.locator('.cm-content').click();
  await page.keyboard.type('return Lodash.');
  await expect(page.locator('.cm-tooltip-autocomplete').getByRole('option', { name: 'groupBy', exact: true })).toBeVisible({ timeout: 30_000 });
  await shot(page, 'code-editor-390');
});

test("a list column's formatter opens in a modal, completes row., and Escape closes it", async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  const created = await page.request.post('/api/v3/system/component', { data: { name: 'tickets', label: { en_US: 'Tickets' }, scope: '', tag: '' } });
  const { uuid } = (await created.json()) as { uuid: string };
  await page.goto(`/admin/component/${uuid}/settings#list`);
  await page.getByTestId('list-field-add').click();
  const launcher = page.getByTestId('formatter-0-launcher');
  await expect(launcher).toContainText('No code yet.');
  expect(await axeSerious(page, '[data-testid="formatter-0-launcher"]')).toEqual([]);
  await launcher.getByTestId('code-open').click();
  const dialog = page.getByRole('dialog', { name: 'Formatter' });
  await expect(dialog).toBeVisible();
  const content = dialog.locator('.cm-content');
  await expect(content).toBeFocused();
  await expect(dialog.locator('.cm-editor')).toHaveAttribute('data-types', 'ready', { timeout: 30_000 });
  await page.keyboard.type('return row.');
  const completion = page.locator('.cm-tooltip-autocomplete');
  await expect(completion.getByRole('option', { name: 'uuid', exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(completion.getByRole('option', { name: '__version__', exact: true })).toBeVisible();
  await shot(page, 'code-editor-modal');
  expect(await axeSerious(page, '.code-editor-dialog')).toEqual([]);
  // This Escape is CodeMirror's (it closes the completion); the dialog stays.
  await page.keyboard.press('Escape');
  await expect(completion).toBeHidden();
  await expect(dialog).toBeVisible();
  await page.keyboard.type('uuid + parent;');
  await expect(completion).toBeHidden();
  await expect(dialog.locator('.cm-lintRange-error')).toHaveText('parent', { timeout: 30_000 });
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'code-editor-modal-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  // An Escape that is nobody else's closes the editor.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(launcher.locator('pre')).toHaveText('return row.uuid + parent;');
  await expect(launcher.getByTestId('code-open')).toBeFocused();
});
