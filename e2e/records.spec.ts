import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { expect, test, signInAsAdmin } from './support';

const signIn = signInAsAdmin;

const field = (name: string, module: string, type: string, constraints: Record<string, unknown> = {}) => ({
  name,
  key: name.toLowerCase().replace(/ /g, '_'),
  label: { en_US: name, sr: `${name} (sr)` },
  module,
  type,
  constraints,
});

/** One field of every type Records I renders. */
const FIELDS = [
  field('Title', 'input', 'text', { required: true, length: { min: 2, max: 40 }, not_allowed_words: 'spam' }),
  field('Email', 'input', 'email'),
  field('Caption', 'input', 'text_i18n'),
  field('Secret', 'input', 'password', { length: { min: 4, max: 64 } }),
  field('Amount', 'input', 'number', { min: 0, max: 1000 }),
  field('Notes', 'text', 'default'),
  field('Colour', 'select', 'text', { selectables: { items: ['red', 'green'] } }),
  field('Size', 'select', 'number', { selectables: { items: [], range: { from: 1, to: 5 } } }),
  field('Due', 'picker', 'date'),
  field('At', 'picker', 'time'),
  field('Tags', 'checkbox', 'text', { selectables: { items: ['a', 'b', 'c'] } }),
  field('Levels', 'checkbox', 'number', { selectables: { items: [1, 2, 3] } }),
  field('Paid', 'checkbox', 'bool'),
  field('Kind', 'radio', 'text', { selectables: { items: ['retail', 'wholesale'] } }),
  field('Rank', 'radio', 'number', { selectables: { items: [1, 2] } }),
  field('Meta', 'data', 'json'),
  field('Code', 'reference', 'text'),
];

async function createComponent(request: APIRequestContext, name: string): Promise<string> {
  const created = await request.post('/api/v3/system/component', { data: { name, label: { en_US: 'Invoices' }, scope: '', tag: '' } });
  expect(created.status()).toBe(200);
  const { uuid } = (await created.json()) as { uuid: string };
  const current = await request.get(`/api/v3/system/component/settings/${uuid}/v1`);
  const model = (await current.json()) as { settings: Record<string, unknown> };
  const saved = await request.post(`/api/v3/system/component/settings/${uuid}/v1`, {
    data: { ...model, settings: { ...model.settings, fields: FIELDS.map((f, i) => ({ ...f, sortOrder: i })) } },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const live = await request.post('/api/v3/system/component/version/publish', { data: { version: 'v1', env: 'live', ref: uuid } });
  expect(live.status()).toBe(200);
  return uuid;
}

async function fillRecord(page: Page, title: string) {
  await page.locator('input[name="title"]').fill(title);
  await page.locator('input[name="email"]').fill('buyer@luma.test');
  await page.locator('input[name="caption.en_US"]').fill('Caption');
  await page.locator('input[name="secret"]').fill('s3cret-value');
  await page.locator('input[name="amount"]').fill('12.5');
  await page.locator('textarea[name="notes"]').fill('Paid on delivery');
  // Colour by keyboard only: the select opens on Enter, arrows move, Enter picks.
  await page.locator('[data-field="colour"] .select-trigger').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(page.locator('select[name="colour"]')).toHaveValue('green');
  // Size by mouse.
  await page.locator('[data-field="size"] .select-trigger').click();
  await page.getByRole('option', { name: '3', exact: true }).click();
  await expect(page.locator('select[name="size"]')).toHaveValue('3');
  await page.locator('input[name="due"]').fill('2026-12-01');
  await page.locator('input[name="at"]').fill('10:30');
  await page.locator('input[name="tags"][value="b"]').check();
  await page.locator('input[name="levels"][value="2"]').check();
  await page.locator('input[name="paid"]').check();
  await page.locator('input[name="kind"][value="retail"]').check();
  await page.locator('input[name="rank"][value="2"]').check();
  await page.locator('textarea[name="meta"]').fill('{"source": "e2e"}');
}

for (const locale of ['en_US', 'sr'] as const) {
  test(`create, edit and delete a record with every field type (${locale})`, async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page);
    const uuid = await createComponent(page.request, `invoices_${locale.toLowerCase()}`);
    await page.goto(`/admin/component/${uuid}/create?lang=${locale}`);
    await expect(page.getByTestId('record-form')).toBeVisible();

    // The browser refuses what the server would: a required field left empty.
    await page.getByTestId('record-save').click();
    await expect(page.getByTestId('field-error-title')).toHaveText(locale === 'sr' ? /./ : /This is a required field/);
    const requiredText = (await page.getByTestId('field-error-title').textContent())?.trim();
    if (locale === 'sr') expect(requiredText).not.toBe('This is a required field');
    await page.locator('input[name="title"]').fill('spam offer');
    await expect(page.getByTestId('field-error-title')).toContainText('spam');

    await fillRecord(page, 'First invoice');
    await expect(page.getByTestId('field-error-title')).toHaveCount(0);
    await page.screenshot({ path: `test-results/screens/record-create-${locale}.png`, fullPage: true });
    await page.getByTestId('record-save').click();
    await expect(page).toHaveURL(/\/edit\/[0-9a-f-]{36}/);
    const recordUrl = page.url();

    // The server kept every value; the password is never sent back.
    const recordUuid = recordUrl.match(/edit\/([0-9a-f-]{36})/)![1]!;
    const stored = (await (await page.request.get(`/api/v3/system/component/${uuid}/model/${recordUuid}`)).json()) as Record<string, unknown>;
    expect(stored).toMatchObject({
      title: 'First invoice',
      email: 'buyer@luma.test',
      caption: { locales: { en_US: 'Caption' } },
      amount: 12.5,
      colour: 'green',
      size: 3,
      due: '2026-12-01',
      tags: ['b'],
      levels: [2],
      paid: true,
      kind: 'retail',
      rank: 2,
      meta: { source: 'e2e' },
      __version__: 1,
    });
    expect(stored).not.toHaveProperty('secret');

    // Edit: the password shows the placeholder token, a change saves, the system tab tells who.
    await expect(page.locator('input[name="secret"]')).toHaveValue('__PASSWORD__');
    await page.locator('input[name="title"]').fill('First invoice, corrected');
    await page.getByTestId('record-save').click();
    await expect(page.getByTestId('toast').first()).toBeVisible();
    await page.screenshot({ path: `test-results/screens/record-edit-${locale}.png`, fullPage: true });
    await page.getByTestId('record-tab-system').click();
    await expect(page.getByTestId('record-system-info').getByText(E2E_ADMIN.email).first()).toBeVisible();
    const edited = (await (await page.request.get(`/api/v3/system/component/${uuid}/model/${recordUuid}`)).json()) as Record<string, unknown>;
    expect(edited).toMatchObject({ title: 'First invoice, corrected', __version__: 2 });

    // Delete asks first, then the record is gone.
    await page.getByTestId('record-delete').click();
    await page.getByTestId('confirm-yes').click();
    await expect(page).not.toHaveURL(recordUrl);
    const gone = await page.request.get(`/api/v3/system/component/${uuid}/model/${recordUuid}`);
    expect(gone.status()).toBe(404);
  });
}
