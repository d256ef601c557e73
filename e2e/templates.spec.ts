import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, shot, signInAsAdmin, test } from './support';

/** The serious and critical axe violations of the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').flatMap((v) => v.nodes.map((node) => `${v.id} at ${node.target.join(' ')}`));
}

// Workspace templates (docs/templates.md): from a new, empty project, the catalogue, the inventory
// template's landing page (no serious axe violation on either), its install after a confirmation, a
// record created at once in the component it brought, and the snapshot card's diff and apply.
// Screenshots of both screens at 1280 and 390 px.

test('install a template from an empty project and create a record in it', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  await page.goto('/admin/projects/create');
  await page.getByTestId('project-name').fill('Template trial');
  await page.getByTestId('project-save').click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);

  await page.goto('/admin/templates');
  await expect(page.getByTestId('template-card')).toHaveCount(3);
  await expect(page.getByTestId('template-workspace')).toHaveText(/Main/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'templates-catalogue-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('template-card')).toHaveCount(3);
  await shot(page, 'templates-catalogue-390');
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.locator('[data-testid="template-card"][data-id="inventory"]').getByTestId('template-open').click();
  await expect(page).toHaveURL(/\/template\/inventory$/);
  await expect(page.getByTestId('template-components')).toContainText('Stock movements');
  await expect(page.getByTestId('template-records')).toContainText('records in Products');
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'template-landing-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('template-components')).toBeVisible();
  await shot(page, 'template-landing-390');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Install asks first; cancelling changes nothing.
  await page.getByTestId('template-install-button').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('Main');
  await page.getByTestId('confirm-cancel').click();
  await expect(page.getByTestId('confirm-dialog')).toHaveCount(0);
  await page.getByTestId('template-install-button').click();
  await page.getByTestId('confirm-accept').click();
  await expect(page.getByTestId('template-installed')).toContainText('Installed in Main');
  await expect(page.getByTestId('template-no-workspace')).toBeVisible();
  await shot(page, 'template-installed-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'template-installed-390');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Its component is in the menu at once, with its sample records; a new record saves.
  await page.goto('/admin/templates');
  await expect(page.locator('[data-testid="template-workspace"][data-name="Main"]')).toContainText('Inventory');
  await page.getByRole('link', { name: 'Products', exact: true }).first().click();
  await expect(page).toHaveURL(/\/admin\/component\/[0-9a-f-]{36}/);
  await expect(page.getByText('Machine oil')).toBeVisible();
  const uuid = /\/admin\/component\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  await page.goto(`/admin/component/${uuid}/create`);
  await expect(page.getByTestId('record-form')).toBeVisible();
  await page.locator('input[name="name"]').fill('Hex nut M8');
  await page.locator('input[name="sku"]').fill('NUT-M8');
  await page.locator('input[name="price"]').fill('0.12');
  await page.locator('input[name="reorder_level"]').fill('800');
  await page.getByTestId('record-save').click();
  await expect(page).not.toHaveURL(/\/create$/);
  await page.goto(`/admin/component/${uuid}`);
  await expect(page.getByText('Hex nut M8')).toBeVisible();

  // The snapshot card: a snapshot of this project with one function more shows that one line, and applies.
  await page.goto('/admin/templates');
  const current = await page.evaluate(async () => {
    const reply = await fetch('/api/v3/system/snapshot', { headers: { 'x-project-uuid': localStorage.getItem('luma.project_uuid') ?? '' } });
    return reply.json();
  });
  current.functions.push({ name: 'stock_alert', code: 'return data;' });
  await page.getByTestId('snapshot-file').setInputFiles({ name: 'project.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(current)) });
  await expect(page.getByTestId('snapshot-diff')).toHaveText(/create\s+function\s+stock_alert/);
  await expect(page.getByTestId('snapshot-diff').locator('li')).toHaveCount(1);
  await shot(page, 'templates-snapshot-diff-1280');
  await page.getByTestId('snapshot-apply').click();
  await page.getByTestId('confirm-accept').click();
  await expect(page.getByTestId('confirm-dialog')).toHaveCount(0);
  await expect(page.getByTestId('snapshot-diff')).toHaveCount(0);
});
