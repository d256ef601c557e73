import type { Page } from '@playwright/test';
import { deploy, expect, shot, signInAsAdmin, sub, test } from './support';

// The rich widgets of issue 7 in a generated form: type, pick, create a related record from the
// relation select, add table rows and fieldset items, switch locales, save, reload, see the values.

const signIn = signInAsAdmin;

test('every rich widget: type, pick, relate, add rows and items, switch locales, save and reload', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);

  const customers = await deploy(page.request, 'widget_customers', [sub('name', 'input', 'text', { length: { min: 1, max: 80 } }), sub('code', 'input', 'text', { length: { min: 1, max: 20 } })]);
  for (const [name, code] of [['Ada Lovelace', 'C-1'], ['Alan Turing', 'C-2']]) {
    expect((await page.request.post(`/api/v3/system/component/${customers}/model`, { data: { data: { name, code } } })).status()).toBe(200);
  }
  const bookings = await deploy(page.request, 'widget_bookings', [
    sub('title', 'input', 'text_i18n', { length: { min: 1, max: 80 } }),
    sub('notes', 'text', 'editor', { length: { min: 0, max: 2000 } }),
    sub('starts', 'picker', 'datetime', { custom_data: { minuteStep: 15 } }),
    sub('stay', 'picker', 'daterange'),
    {
      ...sub('customer', 'select', 'relation', { relation: { label: '{{name}} ({{code}})', searchOn: ['name'] } }),
      relation: { foreign: customers, key: ['customer', 'uuid'], type: 'one-to-one' },
    },
    sub('lines', 'table', 'default', { table: { search: true, per_page: 10, fields: [sub('item', 'input', 'text', { required: true, length: { min: 2, max: 40 } }), sub('qty', 'input', 'number', { max: 100 })] } }),
    sub('guests', 'fieldset', 'default', { custom_data: [sub('guest', 'input', 'text', { required: true, length: { min: 1, max: 50 } })] }),
  ]);

  await page.goto(`/admin/component/${bookings}/create`);
  await expect(page.getByTestId('record-form')).toBeVisible();

  // Multi-language title: English, then Serbian added from the Locales sidebar.
  await page.locator('input[name="title.en_US"], input[name="title"]').first().fill('Lake house');
  await page.getByTestId('locale-select').first().selectOption('__edit__');
  await expect(page.getByTestId('locale-sidebar')).toBeVisible();
  await page.locator('[data-testid="locale-option"][value="sr"]').check();
  await page.getByTestId('locale-sidebar-close').click();
  await page.getByTestId('locale-select').first().selectOption('sr');
  await page.locator('input[name="title.sr"], input[name="title"]').first().fill('Kuća na jezeru');

  // Rich text: plain words, then bold ones (the mark set at the caret applies to what is typed next).
  const editor = page.getByTestId('rich-editable').first();
  await editor.click();
  await page.keyboard.type('Please ');
  await page.getByTestId('rich-bold').first().click();
  await page.keyboard.type('Bring towels');

  // Date-time: year, month, day, hour, minute through the popup steps, then Ok.
  await page.getByTestId('datetime-input').click();
  await expect(page.getByTestId('datetime-popup')).toBeVisible();
  await page.locator('[data-testid="datetime-year"][data-year="2031"]').click();
  await page.locator('[data-testid="datetime-month"][data-month="5"]').click();
  // The calendar takes the focus on the draft's day; arrow keys move it by week and back.
  const focusedDay = () => page.evaluate(() => document.activeElement?.getAttribute('data-date') ?? null);
  await expect.poll(focusedDay).toMatch(/^2031-06-\d\d$/);
  const start = (await focusedDay())!;
  await page.keyboard.press('ArrowDown');
  const week = new Date(`${start}T12:00:00Z`);
  week.setUTCDate(week.getUTCDate() + 7);
  await expect.poll(focusedDay).toBe(week.toISOString().slice(0, 10));
  await page.keyboard.press('ArrowUp');
  await expect.poll(focusedDay).toBe(start);
  await page.locator('[data-testid="datetime-day"][data-date="2031-06-12"]').click();
  await page.locator('[data-testid="datetime-hour"][data-hour="9"]').click();
  await page.locator('[data-testid="datetime-minute"][data-minute="30"]').click();
  await shot(page, 'widget-datetime');
  await page.getByTestId('datetime-ok').click();
  await expect(page.getByTestId('datetime-input')).toHaveValue(/2031-06-12 09:30/);

  // Date range: two days of the shown month.
  await page.getByTestId('daterange-input').click();
  await expect(page.getByTestId('daterange-popup')).toBeVisible();
  const days = page.locator('[data-testid="daterange-day"][data-disabled="false"]:not(.outside)');
  const first = await days.nth(9).getAttribute('data-date');
  const last = await days.nth(12).getAttribute('data-date');
  await days.nth(9).click();
  await days.nth(12).click();
  await page.getByTestId('daterange-ok').click();

  // Relation: search, pick; then a new customer made from the select's Create dialog.
  // Relation by keyboard: type, arrow to the option, Enter.
  await page.getByTestId('relation-search').click();
  await page.keyboard.type('Ada');
  await expect(page.getByTestId('relation-option')).toHaveText(['Ada Lovelace (C-1)']);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('relation-chosen')).toHaveCount(1);
  // A pick closes the list, and Escape keeps it closed.
  await expect(page.getByTestId('relation-option')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('relation-option')).toHaveCount(0);
  await page.getByTestId('relation-create').click();
  const dialog = page.getByTestId('relation-dialog');
  await expect(dialog).toBeVisible();
  await dialog.locator('input[name="name"]').fill('Grace Hopper');
  await dialog.locator('input[name="code"]').fill('C-3');
  await shot(page, 'widget-relation-create');
  await dialog.getByTestId('record-save').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('relation-select')).toContainText('Grace Hopper');

  // Table: two rows, one with Save & Continue, one with Save.
  await page.getByTestId('table-create').click();
  const modal = page.getByTestId('table-modal');
  await modal.locator('input[name="item"]').fill('Kayak');
  await modal.locator('input[name="qty"]').fill('2');
  await modal.getByTestId('table-save-continue').click();
  await expect(modal.locator('input[name="item"]')).toHaveValue('');
  await modal.locator('input[name="item"]').fill('Paddle');
  await modal.locator('input[name="qty"]').fill('4');
  await modal.getByTestId('table-save').click();
  await expect(page.getByTestId('table-row')).toHaveCount(2);

  // Fieldset: two guests added in the modal.
  await page.getByTestId('fieldset-edit').click();
  const items = page.getByTestId('fieldset-modal');
  await items.getByTestId('fieldset-add').click();
  await items.getByTestId('fieldset-add').click();
  await items.getByTestId('fieldset-item').nth(0).locator('input').first().fill('Mia');
  await items.getByTestId('fieldset-item').nth(1).locator('input').first().fill('Noah');
  await shot(page, 'widget-fieldset');
  await page.getByTestId('fieldset-close').click();

  await shot(page, 'widget-form-filled');
  await page.getByTestId('record-save').click();
  await expect(page).toHaveURL(/\/edit\/[0-9a-f-]{36}/);
  const recordUuid = page.url().match(/edit\/([0-9a-f-]{36})/)![1]!;

  // The server kept every value, the HTML cleaned and the related record referenced.
  const stored = (await (await page.request.get(`/api/v3/system/component/${bookings}/model/${recordUuid}`)).json()) as Record<string, unknown>;
  expect(stored.title).toEqual({ locales: { en_US: 'Lake house', sr: 'Kuća na jezeru' } });
  expect(String(stored.notes)).toMatch(/^<p>Please <strong>Bring towels<\/strong><\/p>$/);
  expect(String(stored.starts)).toMatch(/^2031-06-12T09:30/);
  expect(stored.stay).toMatchObject({ startDate: expect.stringContaining(first!), endDate: expect.stringContaining(last!) });
  expect((stored.customer_RefObj as { name?: string } | null)?.name).toBe('Grace Hopper');
  expect(stored.lines).toEqual([
    { item: 'Kayak', qty: 2 },
    { item: 'Paddle', qty: 4 },
  ]);
  expect(stored.guests).toEqual([{ guest: 'Mia' }, { guest: 'Noah' }]);

  // Reloaded, the edit form shows them again.
  await page.reload();
  await expect(page.getByTestId('record-form')).toBeVisible();
  await expect(page.getByTestId('rich-editable').first()).toContainText('Bring towels');
  await expect(page.getByTestId('datetime-input')).toHaveValue(/2031-06-12 09:30/);
  await expect(page.getByTestId('relation-select')).toContainText('Grace Hopper');
  await expect(page.getByTestId('table-row')).toHaveCount(2);
  await expect(page.getByTestId('fieldset-count')).toContainText('2');
  await shot(page, 'widget-form-reloaded');
});

test('a paged document, image and external selects and a custom table: chosen, saved and seen again', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const dot = (colour: string) =>
    `data:image/svg+xml;utf8,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48"><rect width="48" height="48" fill="${colour}"/></svg>`)}`;
  const trips = await deploy(page.request, 'widget_trips', [
    sub('plan', 'text', 'document', { margin: 10, length: { min: 0, max: 5000 } }),
    sub('view', 'select', 'image', {
      selectables: { items: [{ value: 'sea', label: 'Sea', image: dot('#1e6fd9') }, { value: 'forest', label: 'Forest', image: dot('#2e8b57') }] },
    }),
    // The external select's custom_data is the expression itself (spec section 3).
    sub('colour', 'select', 'external', {
      custom_data:
        "const all = ['Red', 'Green', 'Blue']; const word = String(keyword || '').toLowerCase(); return page > 1 ? [] : all.filter((c) => c.toLowerCase().includes(word)).map((c) => ({ value: c.toLowerCase(), label: c }))",
    }),
    sub('stops', 'table', 'custom', { custom_data: [sub('place', 'input', 'text', { required: true, length: { min: 2, max: 40 } })] }),
  ]);

  await page.goto(`/admin/component/${trips}/create`);
  await expect(page.getByTestId('record-form')).toBeVisible();

  // The document: a first page typed, a second added and typed.
  await page.getByTestId('document-page').first().click();
  await page.keyboard.type('Day one: harbour');
  await page.getByTestId('document-add-page').click();
  await expect(page.getByTestId('document-page')).toHaveCount(2);
  await page.getByTestId('document-page').nth(1).click();
  await page.keyboard.type('Day two: hills');

  // The image select, by keyboard; the external select, searched.
  await page.locator('[data-testid="image-option"][data-value="forest"]').focus();
  await page.keyboard.press('Space');
  await expect(page.locator('[data-testid="image-option"][data-value="forest"]')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('external-search').fill('gr');
  await expect(page.getByTestId('external-option')).toHaveCount(1);
  await page.getByTestId('external-option').click();

  // The custom table: one bad row refused, then a good one.
  await page.getByTestId('table-create').click();
  const modal = page.getByTestId('table-modal');
  await modal.locator('input[name="place"]').fill('X');
  await modal.getByTestId('table-save').click();
  await expect(modal.getByTestId('table-create-error')).toBeVisible();
  await modal.locator('input[name="place"]').fill('Lisbon');
  await modal.getByTestId('table-save').click();
  await expect(page.getByTestId('table-row')).toHaveCount(1);
  await shot(page, 'widget-document-selects');

  await page.getByTestId('record-save').click();
  await expect(page).toHaveURL(/\/edit\/[0-9a-f-]{36}/);
  const recordUuid = page.url().match(/edit\/([0-9a-f-]{36})/)![1]!;
  const stored = (await (await page.request.get(`/api/v3/system/component/${trips}/model/${recordUuid}`)).json()) as Record<string, unknown>;
  const plan = String(stored.plan);
  expect(plan).toContain('Day one: harbour');
  expect(plan).toContain('Day two: hills');
  expect(plan).toMatch(/data-first-page="true"/);
  expect(plan).toMatch(/page-break-before:\s*always/);
  expect(stored.view).toBe('forest');
  expect(stored.colour).toBe('green');
  expect(stored.stops).toEqual([{ place: 'Lisbon' }]);

  await page.reload();
  await expect(page.getByTestId('document-page')).toHaveCount(2);
  await expect(page.locator('[data-testid="image-option"][data-value="forest"]')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('table-row')).toHaveCount(1);
});
