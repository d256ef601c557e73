// Platform apps through the screens (docs/apps.md): a component with records, an app created at
// /admin/app, a page holding the component's list added, v1 deployed to live after the confirmation,
// then opened from its home tile: the app container shows the menu, the page, a widget and the records.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { atBothWidths, deploy, expect, shot, signInAsAdmin, sub, test } from './support';

const STAMP = Date.now().toString(36);
const APP = `desk_${STAMP}`;
const LABEL = `Help desk ${STAMP}`;

/** Serious and critical axe violations on the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').flatMap((v) => v.nodes.map((node) => `${v.id} at ${node.target.join(' ')}`));
}

test('an app: create, add a page with a component list, deploy to live, open it from its home tile, see the records', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  const tickets = await deploy(page.request, `tickets_${STAMP}`, [sub('subject', 'input', 'text', { length: { min: 1, max: 80 } })]);
  for (const subject of ['Printer on fire', 'Cannot sign in']) {
    expect((await page.request.post(`/api/v3/system/component/${tickets}/model`, { data: { data: { subject } } })).status()).toBe(200);
  }
  const WIDGET = `Tickets count ${STAMP}`;
  const widget = await page.request.post('/api/v1/system/widget', { data: { name: WIDGET, kind: 'number', component: tickets, settings: { refresh_seconds: 30 } } });
  expect(widget.status(), await widget.text()).toBe(200);

  // Create: the name rule answers first, then the app's page opens with no pages.
  await page.goto('/admin/app');
  await expect(page.getByRole('heading', { name: 'Apps', level: 1 })).toBeVisible();
  await expect(page.getByTestId('app-empty').or(page.getByTestId('app-row').first())).toBeVisible();
  await page.getByTestId('app-name').fill('Bad Name');
  await page.getByTestId('app-create-save').click();
  await expect(page.getByTestId('app-create').getByRole('alert')).toContainText('Lower-case letters');
  await page.getByTestId('app-name').fill(APP);
  await page.getByTestId('app-label').fill(LABEL);
  await page.getByTestId('app-create-save').click();
  await expect(page.getByTestId('app-title')).toHaveText(LABEL);
  await expect(page.getByTestId('app-no-pages')).toBeVisible();

  // A page holding the tickets' list, and a text block whose script the server drops.
  await page.getByTestId('app-page-title').fill('Open tickets');
  await page.getByTestId('app-page-component').selectOption(tickets);
  await page.getByTestId('app-page-text').fill('<p>Answer within a day.<script>window.pwned = 1</script></p>');
  await page.getByTestId('app-page-add').click();
  await expect(page.getByTestId('app-page-row')).toContainText('Open tickets');
  await expect(page.getByTestId('app-page-row')).toContainText(`tickets_${STAMP} (list) · Answer within a day.`);

  // The page editor: a second page of text added, moved first, the first page renamed, then saved.
  await page.getByTestId('app-editor-link').click();
  await expect(page.getByTestId('app-editor-page-row')).toHaveCount(1);
  await page.getByTestId('app-page-title').fill('About');
  await page.getByTestId('app-page-add').click();
  await expect(page.getByTestId('app-editor-page')).toHaveAttribute('data-page', 'about');
  await page.getByTestId('app-editor-block-kind').selectOption('text');
  await page.getByTestId('app-editor-block-text').fill('<h3>About this desk</h3>');
  await page.getByTestId('app-editor-block-add').click();
  // A widget block: the kind offers the project's widgets.
  await page.getByTestId('app-editor-block-kind').selectOption('widget');
  await page.getByTestId('app-editor-block-widget').selectOption({ label: `${WIDGET} (number)` });
  await page.getByTestId('app-editor-block-add').click();
  await expect(page.getByTestId('app-editor-block')).toHaveText([/About this desk/, new RegExp(`${WIDGET} \\(widget\\)`)]);
  // The live preview draws the unsaved page: its text and its widget's number, before any save.
  const live = page.getByTestId('app-editor-live-view');
  await live.getByTestId('app-menu-item').filter({ hasText: 'About' }).click();
  await expect(live.getByTestId('app-page-view')).toContainText('About this desk');
  await expect(live.getByTestId('widget-number')).toContainText('2');
  await page.locator('[data-testid="app-editor-page-row"][data-page="about"]').getByTestId('app-editor-page-up').click();
  await page.locator('[data-testid="app-editor-page-row"][data-page="open-tickets"]').getByRole('button', { name: 'Open tickets' }).click();
  await page.getByTestId('app-editor-title').fill('Tickets');
  // The editor and the container have no sidebar: no reload, so the unsaved draft stays.
  await atBothWidths(page, 'app-editor', () => expect(page.getByTestId('app-editor-title')).toHaveValue('Tickets'), false);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('app-editor-save').click();
  await expect(page.getByTestId('app-editor-save')).toBeDisabled();
  await expect(page.getByTestId('app-editor-page-row')).toHaveText([/About/, /Tickets/]);
  // The preview shows the dev version before any deploy.
  await page.getByTestId('app-editor-preview').click();
  await expect(page.getByTestId('app-preview')).toContainText('Preview of version v1');
  await expect(page.getByTestId('app-menu-item')).toHaveText(['About', 'Tickets']);
  await page.goBack();
  await expect(page).toHaveURL(/\/app\/editor\//);

  // Onboarding required, then v1 deployed to live from the settings: a confirmation first.
  await page.goto(page.url().replace(/\/app\/editor\//, '/admin/app/settings/'));
  await expect(page.getByTestId('app-settings-title')).toHaveText(LABEL);
  // Linked to the creator's workspace, whose home shows it.
  await expect(page.getByTestId('app-settings-workspaces').locator('input:checked')).toHaveCount(1);
  await page.getByTestId('app-settings-onboarding').check();
  await page.getByTestId('app-settings-save').click();
  await expect(page.getByTestId('app-settings-onboarding-state')).toBeVisible();
  const v1 = page.locator('[data-testid="app-version-row"][data-version="v1"]');
  await expect(v1.locator('.badge-info')).toHaveText('dev');
  await v1.getByTestId('app-deploy-live').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('Deploy version v1 to live?');
  await page.getByTestId('confirm-accept').click();
  await expect(page.getByTestId('confirm-dialog')).toHaveCount(0);
  await expect(v1.locator('.badge-success')).toHaveText('live');
  await atBothWidths(page, 'app-settings', () => expect(page.getByTestId('app-versions')).toBeVisible());
  await page.goto('/admin/app');
  const row = page.locator(`[data-testid="app-row"][data-name="${APP}"]`);
  await expect(row).toContainText('v1');
  await atBothWidths(page, 'app-admin-list', () => expect(row).toBeVisible());

  // The home tile (live, the admin's workspace) opens the app container with the records.
  await page.goto('/home/home');
  const tile = page.locator('[data-testid="tile-platform-app"]', { hasText: LABEL });
  await expect(tile.locator('.tile-icon')).toHaveText('H');
  await atBothWidths(page, 'app-home-tiles', () => expect(tile).toBeVisible());
  await tile.click();
  await expect(page).toHaveURL(/\/a\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('app-container-title')).toHaveText(LABEL);
  await expect(page.getByTestId('app-menu-item')).toHaveText(['About', 'Tickets']);
  await expect(page.getByRole('heading', { name: 'About this desk' })).toBeVisible();
  // The widget block is the dashboard's widget card: its name and its number (the two tickets).
  await expect(page.getByTestId('app-block-widget').getByRole('heading', { name: WIDGET })).toBeVisible();
  await expect(page.getByTestId('app-block-widget').getByTestId('widget-number')).toContainText('2');
  // The required onboarding shows until the admin finishes it.
  await expect(page.getByTestId('app-onboarding')).toBeVisible();
  await atBothWidths(page, 'app-container-onboarding', () => expect(page.getByTestId('app-onboarding')).toBeVisible(), false);
  await page.getByTestId('app-onboarding-finish').click();
  await expect(page.getByTestId('app-onboarding')).toHaveCount(0);
  // The app's list says it is an app's (X-App: the app's uuid) and asks for the apps' page size, 500.
  const appUuid = page.url().split('/a/')[1]!;
  const listRequest = page.waitForRequest((request) => request.method() === 'GET' && request.url().includes(`/component/${tickets}/models?`));
  await page.getByTestId('app-menu-item').filter({ hasText: 'Tickets' }).click();
  const sent = await listRequest;
  expect(sent.headers()['x-app']).toBe(appUuid);
  expect(new URL(sent.url()).searchParams.get('limit')).toBe('500');
  const list = page.getByTestId('app-block-component');
  await expect(list.getByText('Printer on fire')).toBeVisible();
  await expect(list.getByText('Cannot sign in')).toBeVisible();
  await expect(page.getByTestId('app-block-text')).toHaveText('Answer within a day.');
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  expect(await seriousViolations(page)).toEqual([]);
  await atBothWidths(page, 'app-container', () => expect(list.getByText('Printer on fire')).toBeVisible(), false);

  // The component's own list screen sends no X-App and keeps its page size of 10.
  const ownRequest = page.waitForRequest((request) => request.method() === 'GET' && request.url().includes(`/component/${tickets}/models?`));
  await page.goto(`/home/component/${tickets}`);
  const own = await ownRequest;
  expect(own.headers()['x-app']).toBeUndefined();
  expect(new URL(own.url()).searchParams.get('limit')).toBe('10');

  // /app lists the apps this environment shows; the playground draws what it edits at once, unsaved.
  await page.goto('/app');
  await expect(page.locator('[data-testid="tile-platform-app"]', { hasText: LABEL })).toBeVisible();
  await page.getByTestId('apps-playground-link').click();
  await page.getByTestId('app-page-title').fill('Scratch');
  await page.getByTestId('app-page-component').selectOption(tickets);
  await page.getByTestId('app-page-add').click();
  const view = page.getByTestId('app-playground-view');
  await expect(view.getByTestId('app-menu-item')).toHaveText(['Scratch']);
  await expect(view.getByText('Printer on fire')).toBeVisible();
  await atBothWidths(page, 'app-playground', () => expect(view.getByText('Printer on fire')).toBeVisible(), false);
});
