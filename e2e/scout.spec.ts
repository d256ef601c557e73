// Scout's event log (docs/scout-events.md) against the real server: a record created through the API
// shows in /admin/scout/events, opens with its payload and a link to the record; the settings refuse
// a bad retention under the field and save a good one with a toast. Screenshots at 1280 and 390 px.
import { expect, shot, signInAsAdmin, test } from './support';

test('scout events: a created record\'s event in the list, opened; the settings', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsAdmin(page);
  const created = await page.request.post('/api/v3/system/component', { data: { name: 'scout_notes', label: { en_US: 'Scout notes' }, scope: '', tag: '' } });
  expect(created.status(), await created.text()).toBe(200);
  const { uuid } = (await created.json()) as { uuid: string };
  const model = (await (await page.request.get(`/api/v3/system/component/settings/${uuid}/v1`)).json()) as { settings: Record<string, unknown> };
  const field = { name: 'Title', key: 'title', label: { en_US: 'Title' }, module: 'input', type: 'text', sortOrder: 0 };
  expect((await page.request.post(`/api/v3/system/component/settings/${uuid}/v1`, { data: { ...model, is_active: true, settings: { ...model.settings, fields: [field] } } })).status()).toBe(200);
  expect((await page.request.post('/api/v3/system/component/version/publish', { data: { version: 'v1', env: 'live', ref: uuid } })).status()).toBe(200);
  const record = await page.request.post(`/api/v3/system/component/${uuid}/model`, { data: { data: { title: 'Hello from Scout' } }, headers: { 'x-project-env': 'live' } });
  expect(record.status(), await record.text()).toBe(200);
  const recordUuid = ((await record.json()) as { uuid: string }).uuid;

  await page.goto('/admin/scout/events');
  // The component is named by its label, not by the uuid in the topic (kept as the cell's title).
  const row = page.getByTestId('scout-ev-row').filter({ has: page.locator(`[title="${uuid}.create.live"]`) });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('scout-ev-topic-cell')).toHaveText('Scout notes.create.live');
  await expect(row).not.toContainText(uuid);
  await shot(page, 'scout-events-1280');
  await row.getByRole('link').click();
  await expect(page.getByTestId('scout-ev-topic')).toHaveText(`${uuid}.create.live`);
  await expect(page.getByTestId('scout-ev-payload')).toContainText('Hello from Scout');
  await expect(page.getByTestId('scout-event-page').getByText('Scout notes', { exact: true })).toBeVisible();
  await expect(page.getByTestId('scout-ev-record-link')).toHaveAttribute('href', `/admin/component/${uuid}/edit/${recordUuid}`);
  await shot(page, 'scout-event-1280');

  await page.goto('/admin/scout/events/settings');
  await page.getByTestId('scout-ev-days').fill('0');
  await page.getByTestId('scout-ev-save').click();
  await expect(page.getByTestId('scout-ev-days-error')).toContainText('1 to 3650 days');
  await page.getByTestId('scout-ev-days').fill('14');
  await page.getByTestId('scout-ev-kind-deploy').uncheck();
  await page.getByTestId('scout-ev-save').click();
  await expect(page.getByText('Event log settings saved.')).toBeVisible();
  await shot(page, 'scout-settings-1280');
  const saved = (await (await page.request.get('/api/v1/system/events/settings')).json()) as { kinds: string[]; retention_days: number };
  expect(saved).toEqual({ kinds: ['record', 'bulk', 'workflow', 'custom'], retention_days: 14 });

  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/admin/scout/events');
  await expect(page.getByTestId('scout-ev-row').first()).toBeVisible();
  await shot(page, 'scout-events-390');
  await row.getByRole('link').click();
  await expect(page.getByTestId('scout-ev-payload')).toBeVisible();
  await shot(page, 'scout-event-390');
  await page.goto('/admin/scout/events/settings');
  await expect(page.getByTestId('scout-ev-days')).toHaveValue('14');
  await shot(page, 'scout-settings-390');
});
