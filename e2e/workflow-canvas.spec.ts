// Workflows through the screens (docs/workflows.md): a workflow made from the component's Workflow tab,
// nodes added and connected on the canvas, a forbidden connection refused, the graph saved across a
// reload, a node editor that will not close with invalid fields, a dry run read in the results
// drawer, and Scout's run log after a real record write.
import type { Page } from '@playwright/test';
import { expect, shot, signInAsAdmin, test } from './support';
import { connect, node, settled } from './workflow-steps';

const RUN = Date.now().toString(36);
const COMPONENT = { name: `wf_orders_${RUN}`, label: `WF orders ${RUN}` };

async function addNode(page: Page, type: string, name: string, action?: string) {
  await page.getByTestId('wf-add').click();
  await page.getByTestId('wf-add-type').selectOption(type);
  if (action) await page.getByTestId('wf-add-action').selectOption(action);
  await page.getByTestId('wf-add-name').fill(name);
  await page.getByTestId('wf-add-confirm').click();
  await expect(page.getByTestId('wf-add-dialog')).toHaveCount(0);
}

async function typeCode(page: Page, testId: string, code: string) {
  const editor = page.getByTestId(testId).locator('.cm-content');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(code);
}

test('a workflow drawn on the canvas: connect, refuse, save, edit, dry run, and its runs in Scout', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);

  // A component with a title field.
  await page.goto('/admin/components/create');
  await page.locator('input[name="name"]').fill(COMPONENT.name);
  await page.locator('input[name="label.en_US"]').fill(COMPONENT.label);
  await page.getByTestId('component-create-submit').click();
  await expect(page).toHaveURL(/\/admin\/component\/[0-9a-f-]{36}\/settings/);
  const settings = page.url().split('#')[0]!;
  await page.getByTestId('settings-tab-fields').click();
  await page.getByTestId('field-add').click();
  await page.locator('input[name="field.name"]').fill('Title');
  await page.locator('select[name="field.module"]').selectOption('input');
  await page.locator('select[name="field.type"]').selectOption('text');
  await page.getByTestId('field-form-submit').click();
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-save')).toBeHidden();

  // The Workflow tab: empty, then a workflow that opens on its canvas.
  await page.goto(`${settings}#workflow`);
  await expect(page.getByTestId('workflows-empty')).toBeVisible();
  // The component has no version in this environment yet (so it is not in the menu): its crumb still
  // names it by its label, not its uuid.
  await expect(page.getByTestId('breadcrumbs')).toContainText(`${COMPONENT.label}: `);
  await expect(page.getByTestId('breadcrumbs')).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  await shot(page, 'workflow-tab-empty');
  await page.getByTestId('workflow-create').click();
  await page.getByTestId('workflow-name').fill(`Order checks ${RUN}`);
  await page.getByTestId('workflow-create-confirm').click();
  await expect(page).toHaveURL(/\/admin\/workflow\/[0-9a-f-]{36}$/);
  const canvasUrl = page.url();
  await expect(node(page, 'event')).toHaveCount(1);

  // A condition and an operation; the names follow the rules (spaces become underscores).
  await page.getByTestId('wf-add').click();
  await page.getByTestId('wf-add-type').selectOption('condition');
  await page.getByTestId('wf-add-name').fill('x');
  await page.getByTestId('wf-add-confirm').click();
  await expect(page.getByTestId('wf-add-name-error')).toBeVisible();
  await page.getByTestId('wf-add-name').fill('big order');
  await expect(page.getByTestId('wf-add-name')).toHaveValue('big_order');
  await page.getByTestId('wf-add-confirm').click();
  await addNode(page, 'operation', 'shout title', 'expression');
  await expect(page.locator('[data-testid="wf-node"]')).toHaveCount(3);
  await page.getByTestId('wf-layout').click();
  await settled(page);

  // event -> condition (top) -> operation
  await connect(page, node(page, 'event'), 'bottom', node(page, 'condition'), 'top');
  await expect(page.locator('.react-flow__edge')).toHaveCount(1);
  await connect(page, node(page, 'condition'), 'bottom', node(page, 'operation'), 'top');
  await expect(page.locator('.react-flow__edge')).toHaveCount(2);
  // Forbidden: an operation into an event.
  await connect(page, node(page, 'operation'), 'bottom', node(page, 'event'), 'top');
  await expect(page.getByText('Events start a workflow: nothing can lead into an event from an event, an operation or a condition.')).toBeVisible();
  await expect(page.locator('.react-flow__edge')).toHaveCount(2);
  await expect(page.getByTestId('wf-save-state')).toHaveText('Saved');
  await shot(page, 'workflow-canvas-connected');

  // Saved: a reload shows the same graph.
  await page.reload();
  await expect(page.locator('[data-testid="wf-node"]')).toHaveCount(3);
  await expect(page.locator('.react-flow__edge')).toHaveCount(2);
  await settled(page);

  // The condition's editor refuses to close without its expression.
  await node(page, 'condition').dblclick();
  await expect(page.getByTestId('node-editor')).toBeVisible();
  await page.getByTestId('node-save').click();
  await expect(page.getByTestId('node-invalid')).toHaveText('Some fields are not valid!');
  await typeCode(page, 'node-expression', 'data.title.length > 2');
  await page.getByTestId('node-save').click();
  await expect(page.getByTestId('node-editor')).toHaveCount(0);
  await node(page, 'operation').dblclick();
  // It publishes a custom event too (context.events is in the workflow kind's SDK types).
  await typeCode(page, 'node-expression', "context.events.publish('shouted', { title: data.title }); return { data: { ...data, title: data.title.toUpperCase() } }");
  await shot(page, 'workflow-node-editor');
  await page.getByTestId('node-save').click();
  await expect(page.getByTestId('node-editor')).toHaveCount(0);
  await expect(page.getByTestId('wf-save-state')).toHaveText('Saved');

  // Dry run: each node's result and the data at the end.
  await page.getByTestId('wf-dry-run').click();
  await page.getByTestId('wf-dry-input').fill('{"title": "quiet"');
  await expect(page.getByTestId('wf-dry-json-error')).toBeVisible();
  await page.getByTestId('wf-dry-input').fill('{"title": "quiet"}');
  await expect(page.getByTestId('wf-dry-json-error')).toHaveCount(0);
  await page.getByTestId('wf-dry-go').click();
  await expect(page.getByTestId('wf-result')).toHaveCount(3);
  await expect(page.getByTestId('wf-results-data')).toContainText('"QUIET"');
  await expect(node(page, 'operation').getByTestId('wf-node-status')).toHaveText('success');
  // What the node would publish is listed; a dry run publishes nothing.
  await expect(page.getByTestId('wf-result-events')).toHaveCount(1);
  await expect(page.getByTestId('wf-result-events')).toContainText('Custom event it would publish');
  await expect(page.getByTestId('wf-result-events')).toContainText('.shouted.');
  await expect(page.getByTestId('wf-result-events')).toContainText('"quiet"');
  await shot(page, 'workflow-dry-run');

  // Scout: a record written in dev runs the workflow; its run is listed and drawn on the canvas.
  await page.goto('/admin/scout/workflow');
  await expect(page.getByTestId('workflow-runs-page')).toBeVisible();
  const before = await page.getByTestId('wf-run-row').count();
  const uuid = canvasUrl.split('/').pop()!;
  const componentUuid = settings.split('/admin/component/')[1]!.split('/')[0]!;
  const created = await page.request.post(`/api/v3/system/component/${componentUuid}/model`, { headers: { 'x-project-env': 'dev' }, data: { data: { title: 'From e2e' } } });
  expect(created.status()).toBe(200);
  // The workflow is Create-triggered? Its event node is Create: one run per write, after commit.
  await expect(async () => {
    await page.getByTestId('wf-runs-refresh').click();
    expect(await page.getByTestId('wf-run-row').count()).toBeGreaterThan(before);
  }).toPass({ timeout: 30_000 });
  await page.getByTestId('wf-runs-workflow').selectOption(uuid);
  await page.getByTestId('wf-run-row').first().click();
  await expect(page.getByTestId('wf-run-detail')).toBeVisible();
  await expect(page.getByTestId('wf-run-detail').getByTestId('wf-result-events')).toContainText('Custom event published');
  await expect(page.getByTestId('wf-run-detail').getByTestId('wf-result-events')).toContainText('"From e2e"');
  await shot(page, 'workflow-scout');
  await page.getByTestId('wf-run-canvas').click();
  await expect(page.getByTestId('wf-run-view')).toBeVisible();
  await expect(page.getByTestId('wf-results')).toBeVisible();

  // At 390 px the canvas and its tools still fit.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(canvasUrl);
  await expect(page.locator('[data-testid="wf-node"]')).toHaveCount(3);
  await settled(page);
  await expect(node(page, 'event')).toBeInViewport();
  await shot(page, 'workflow-canvas-390');
});
