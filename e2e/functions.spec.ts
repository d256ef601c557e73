// Functions through the screens (docs/user-code.md "Functions"): a component function written in the
// settings' Functions tab and tested in the panel in json and simple mode (invalid input refused, a
// failing function shown with its status and response body); a global function created at
// /admin/functions, tested, made public and called without a session with the example body its page
// shows.
import type { Page } from '@playwright/test';
import { expect, shot, signInAsAdmin, test } from './support';

const RUN = Date.now().toString(36);

async function typeCode(page: Page, testId: string | null, code: string, scope = page.locator('body')) {
  const editor = (testId ? page.getByTestId(testId) : scope).locator('.cm-content').first();
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type(code);
}

async function both(page: Page, name: string) {
  await shot(page, `${name}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  // On a phone the sidebar is closed (hidden; no slide, motion is reduced).
  await expect(page.getByTestId('sidebar')).toBeHidden();
  await shot(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a component function tested in the settings panel, and a global function run and called publicly', async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInAsAdmin(page);
  // Settings features (and testing unsaved code) are for the dev environment.
  await page.goto('/admin/dashboard');
  await page.getByTestId('env-select').selectOption('dev');

  await page.goto('/admin/components/create');
  await page.locator('input[name="name"]').fill(`fn_${RUN}`);
  await page.locator('input[name="label.en_US"]').fill(`Functions ${RUN}`);
  await page.getByTestId('component-create-submit').click();
  await expect(page).toHaveURL(/\/admin\/component\/[0-9a-f-]{36}\/settings/);
  await page.getByTestId('settings-tab-functions').click();
  await page.locator('input[name="function-name"]').fill('double');
  await page.getByTestId('function-add').click();
  const item = page.getByTestId('function-item');
  await expect(item).toHaveCount(1);
  await typeCode(page, null, "console.log('n is', data.n); return data.n * 2;", item);
  await item.getByTestId('function-test-toggle').locator('summary').click();
  const panel = item.getByTestId('function-test');
  await expect(panel).toHaveAttribute('data-state', 'ready');

  // json mode: the input is JSON.
  await panel.getByTestId('function-test-input').fill('{"n": 21}');
  await panel.getByTestId('function-test-run').click();
  await expect(panel).toHaveAttribute('data-state', 'success');
  await expect(panel.getByTestId('function-test-output')).toHaveText('42');
  await expect(panel.getByTestId('function-test-logs')).toHaveText('[log] n is 21');
  await both(page, 'functions-tab-success');

  // Invalid JSON is refused with the toast and the message; the state stays.
  await panel.getByTestId('function-test-input').fill('{"n": ');
  await panel.getByTestId('function-test-run').click();
  await expect(panel.getByTestId('function-test-invalid-json')).toBeVisible();
  await expect(page.getByText('Invalid JSON').first()).toBeVisible();
  await expect(panel).toHaveAttribute('data-state', 'ready');

  // simple mode: key: value lines; a line without a key is the invalid-format message.
  await panel.getByTestId('function-test-input').fill('{"n": 5}');
  await panel.getByText('Simple', { exact: true }).click();
  await expect(panel.getByTestId('function-test-input')).toHaveValue('n: 5');
  await panel.getByTestId('function-test-run').click();
  await expect(panel).toHaveAttribute('data-state', 'success');
  await expect(panel.getByTestId('function-test-output')).toHaveText('10');
  await panel.getByTestId('function-test-input').fill('just text');
  await panel.getByTestId('function-test-run').click();
  await expect(panel.getByTestId('function-test-invalid-format')).toBeVisible();
  await expect(panel).toHaveAttribute('data-state', 'ready');
  await both(page, 'functions-tab-invalid-format');

  // A failing function: the error state with the status and the response body.
  await typeCode(page, null, "throw new Error('no way');", item);
  await panel.getByTestId('function-test-input').fill('n: 1');
  await panel.getByTestId('function-test-run').click();
  await expect(panel).toHaveAttribute('data-state', 'error');
  await expect(panel.getByTestId('function-test-status')).toHaveText('400');
  await expect(panel.getByTestId('function-test-body')).toContainText('functionFailed');
  await expect(panel.getByTestId('function-test-body')).toContainText('no way');
  await both(page, 'functions-tab-error');

  // Global functions: the empty list, a new one, its test panel, then public and called without a session.
  await page.goto('/admin/functions');
  // No other spec makes global functions: the list starts empty.
  await expect(page.getByTestId('functions-empty')).toBeVisible();
  await both(page, 'functions-list-empty');
  await page.getByTestId('functions-create').click();
  await expect(page).toHaveURL(/\/admin\/functions\/create$/);
  await page.locator('input[name="name"]').fill(`hello_${RUN}`);
  await page.locator('textarea[name="description"]').fill('Greets whoever it is given');
  await typeCode(page, 'function-code', "return 'Hello ' + data.name;");
  await both(page, 'functions-create');
  await page.getByTestId('function-save').click();
  await expect(page).toHaveURL(/\/admin\/functions\/[0-9a-f-]{36}$/);
  const tester = page.getByTestId('function-test');
  await tester.getByTestId('function-test-input').fill('{"name": "Ann"}');
  await tester.getByTestId('function-test-run').click();
  await expect(tester).toHaveAttribute('data-state', 'success');
  await expect(tester.getByTestId('function-test-output')).toHaveText('"Hello Ann"');

  await page.locator('input[name="public"]').check();
  await page.getByTestId('function-save').click();
  // The page says how to call it: POST, the full URL, a plain JSON body, curl with the environment.
  const url = page.getByTestId('function-public-url');
  await expect(url).toHaveText(/^https?:\/\/.+\/api\/v1\/public\/function\/[0-9a-f-]{36}\/hello_/);
  await expect(page.getByTestId('function-public-method')).toHaveText('POST');
  await expect(page.getByTestId('function-curl')).toContainText("-H 'X-Project-Env: dev'");
  await page.getByTestId('function-key-add').click();
  await expect(page.getByTestId('function-key-value')).toContainText('lumafk_');
  await both(page, 'functions-edit');
  // The example body as shown, posted as is, is the function's data; the {data} wrapper still works.
  const address = (await url.textContent()) ?? '';
  const body = (await page.getByTestId('function-example-body').textContent()) ?? '';
  const answer = await request.post(address, { data: body, headers: { 'content-type': 'application/json', 'x-project-env': 'dev' } });
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toEqual({ output: 'Hello Ann' });
  const wrapped = await request.post(address, { data: { data: { name: 'Bob' } } });
  expect(await wrapped.json()).toEqual({ output: 'Hello Bob' });

  await page.goto('/admin/functions');
  await expect(page.getByTestId('function-row')).toHaveCount(1);
  await both(page, 'functions-list');
});
