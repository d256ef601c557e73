// The template picker in a real browser (spec section 2: "Template picker: value is component and
// template"; docs/forge.md "The template picker"): a list column of one component turned to a component
// template, the component with a distribution and one of its entrypoints picked with the keyboard's
// selects, saved, and still there after a reload; screenshots at 1280 and 390 px.
import { expect, shot, signInAsAdmin, sub, test } from './support';

const STAMP = Date.now().toString(36);

test('a list column picks a component template: component, then one of its entrypoints', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  const make = async (name: string, label: string) => {
    const created = await page.request.post('/api/v3/system/component', { data: { name, label: { en_US: label }, scope: '', tag: '' } });
    const uuid = ((await created.json()) as { uuid: string }).uuid;
    const model = (await (await page.request.get(`/api/v3/system/component/settings/${uuid}/v1`)).json()) as { settings: Record<string, unknown> };
    return { uuid, model };
  };
  const cards = await make(`cards_${STAMP}`, `Cards ${STAMP}`);
  const release = await page.request.post(`/api/v3/system/forge/component/${cards.uuid}/files`, { data: { files: { 'list.html': '<p>list</p>', 'views/card.html': '<p>card</p>' } } });
  expect(release.status(), await release.text()).toBe(200);
  const withDist = { ...cards.model, settings: { ...cards.model.settings, templates_dist: { dist: ((await release.json()) as { uuid: string }).uuid, sdk_version: 6 } } };
  expect((await page.request.post(`/api/v3/system/component/settings/${cards.uuid}/v1`, { data: withDist })).status()).toBe(200);
  const board = await make(`board_${STAMP}`, `Board ${STAMP}`);
  const withField = { ...board.model, settings: { ...board.model.settings, fields: [{ ...sub('title', 'input', 'text'), label: { en_US: 'Title' }, sortOrder: 0 }] } };
  expect((await page.request.post(`/api/v3/system/component/settings/${board.uuid}/v1`, { data: withField })).status()).toBe(200);

  await page.goto(`/admin/component/${board.uuid}/settings#list`);
  await page.getByTestId('list-field-add').click();
  await page.getByTestId('list-field-template-0').check();
  const component = page.locator('select[name="list.fields.0.component_template.component"]');
  const template = page.locator('select[name="list.fields.0.component_template.template"]');
  await component.selectOption({ label: `Cards ${STAMP}` });
  await expect(template).toHaveValue('list.html');
  await template.focus();
  await template.selectOption('views/card.html');
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-save')).toBeHidden();
  const saved = (await (await page.request.get(`/api/v3/system/component/settings/${board.uuid}/v1`)).json()) as { settings: { list: { fields: { component_template: unknown }[] } } };
  expect(saved.settings.list.fields[0]!.component_template).toEqual({ component: cards.uuid, template: 'views/card.html' });

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
    await page.reload();
    await expect(page.locator('select[name="list.fields.0.component_template.template"]')).toHaveValue('views/card.html');
    await shot(page, `template-picker-${width}`);
  }
});
