// Actions and routes from the screens (issue 15 items 3 and 4): define an action with a field in
// the component settings, run it from the record edit page and see the record changed, see an
// evaluation error; add routes (lowered, a duplicate refused) and call one.
import type { Page } from '@playwright/test';
import { expect, signInAsAdmin, test } from './support';

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });

async function typeCode(page: Page, testId: string, code: string) {
  const editor = page.getByTestId(testId).locator('.cm-content');
  await expect(editor).toBeVisible();
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(code);
}

test('define an action with a field, run it from the record edit page, see an evaluation error; routes', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  const created = await page.request.post('/api/v3/system/component', { data: { name: 'tasks', label: { en_US: 'Tasks' }, scope: '', tag: '' } });
  expect(created.status()).toBe(200);
  const { uuid } = (await created.json()) as { uuid: string };
  const model = await (await page.request.get(`/api/v3/system/component/settings/${uuid}/v1`)).json();
  const fields = [
    { name: 'Title', key: 'title', module: 'input', type: 'text', constraints: { required: true, length: { min: 1, max: 80 } } },
    { name: 'Status', key: 'status', module: 'select', type: 'text', constraints: { selectables: { items: ['open', 'done'] } } },
  ];
  expect((await page.request.post(`/api/v3/system/component/settings/${uuid}/v1`, { data: { ...model, settings: { ...model.settings, fields } } })).status()).toBe(200);
  // Live points to v1 too: the app and these calls work in live, and v1's actions and routes serve both.
  expect((await page.request.post('/api/v3/system/component/version/publish', { data: { version: 'v1', env: 'live', ref: uuid } })).status()).toBe(200);
  const record = await page.request.post(`/api/v3/system/component/${uuid}/model`, { data: { data: { title: 'Write docs', status: 'open' } } });
  expect(record.status()).toBe(200);
  const recordUuid = ((await record.json()) as { uuid: string }).uuid;

  // Settings: an action with a display condition, one field and its code.
  await page.goto(`/admin/component/${uuid}/settings#functions`);
  await page.locator('input[name="action-name"]').fill('x');
  await page.getByTestId('action-add').click();
  await expect(page.getByText("Can't be less then 2 characters").first()).toBeVisible();
  await page.locator('input[name="action-name"]').fill('Complete');
  await page.getByTestId('action-add').click();
  await expect(page.getByTestId('action-item')).toHaveCount(1);
  await typeCode(page, 'action-condition-0', "return record.status !== 'done'");
  await typeCode(page, 'action-code-0', "return context.records.update(record.uuid, { status: 'done', title: record.title + ' (' + fields.note + ')' }, record.__version__).title");
  await page.getByTestId('action-field-add-0').click();
  // Only the five action modules are offered.
  await expect(page.locator('select[name="field.module"] option')).toHaveText([/choose/i, 'input', 'select', 'picker', 'checkbox', 'radio']);
  await page.locator('input[name="field.name"]').fill('note');
  await page.locator('select[name="field.module"]').selectOption('input');
  await page.locator('select[name="field.type"]').selectOption('text');
  await page.locator('input[name="field.constraints.required"]').check();
  await page.getByTestId('field-form-submit').click();
  await expect(page.getByTestId('action-fields-0')).toContainText('note');

  // Routes: typed in upper case, stored lowered; the same path again is refused.
  await page.locator('input[name="route-path"]').fill('Summary');
  await page.getByTestId('route-add').click();
  await expect(page.getByTestId('route-item')).toHaveCount(1);
  await expect(page.locator('input[name="routes.summary"]')).toHaveAttribute('readonly', '');
  await page.locator('input[name="route-path"]').fill('SUMMARY');
  await page.getByTestId('route-add').click();
  await expect(page.getByText('A route with the same path already exists.')).toBeVisible();
  await typeCode(page, 'route-code-summary', 'return { open: context.records.list().total, method: request.method, q: request.query.q }');
  await shot(page, 'actions-settings-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'actions-settings-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-save')).toBeHidden();

  const routed = await page.request.get(`/api/v1/route/${uuid}/summary?q=1`);
  expect(routed.status()).toBe(200);
  expect(await routed.json()).toEqual({ open: 1, method: 'GET', q: '1' });

  // A second action that fails, added through the API.
  const saved = await (await page.request.get(`/api/v3/system/component/settings/${uuid}/v1`)).json();
  expect(saved.settings.actions).toHaveLength(1);
  saved.settings.actions.push({ name: 'Explode', display_condition: null, fields: [], action: "throw new Error('nope')" });
  expect((await page.request.post(`/api/v3/system/component/settings/${uuid}/v1`, { data: saved })).status()).toBe(200);

  // The record edit page offers both; Complete asks for its field first.
  await page.goto(`/admin/component/${uuid}/edit/${recordUuid}`);
  await expect(page.getByTestId('record-action')).toHaveText(['Complete', 'Explode']);
  await page.getByTestId('record-action').filter({ hasText: 'Complete' }).click();
  const dialog = page.getByTestId('action-dialog');
  await expect(dialog.locator('input[name="note"]')).toBeVisible();
  await dialog.getByTestId('action-run').click();
  await expect(page.getByTestId('toast').filter({ hasText: /not valid/i })).toBeVisible();
  await dialog.locator('input[name="note"]').fill('today');
  await shot(page, 'actions-dialog-1280');
  await dialog.getByTestId('action-run').click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('input[name="title"]')).toHaveValue('Write docs (today)');
  // The condition no longer holds: only Explode is offered.
  await expect(page.getByTestId('record-action')).toHaveText(['Explode']);

  await page.getByTestId('record-action').click();
  await page.getByTestId('action-dialog').getByTestId('action-run').click();
  await expect(page.getByTestId('action-error')).toHaveText('Action Explode evaluation error: nope');
  await shot(page, 'actions-error-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'actions-error-390');
  await page.getByTestId('action-cancel').click();
  await shot(page, 'actions-edit-390');

  // The list: both records selected, only actions holding for every one are offered.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.request.post(`/api/v3/system/component/${uuid}/model`, { data: { data: { title: 'Second', status: 'open' } } });
  await page.goto(`/admin/component/${uuid}`);
  await page.getByTestId('select-page').check();
  await expect(page.getByTestId('record-action')).toHaveText(['Explode']);
  await shot(page, 'actions-list-1280');
});
