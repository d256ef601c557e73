// A first-time administrator on a fresh database, through the screens only: a refused name says
// which rule it broke, a new component reaches its records at once (the screen offers dev), a
// relation names related records by their text field and searches on it, an import whose headers
// differ from the labels by case and spacing maps every column; and at 390 px no screen but the
// record list scrolls sideways.
import { expect, shot, signInAsAdmin, test } from './support';
import { activate, addField, createComponent, save, tab } from './first-admin-steps';

// Other specs share this server and make their own 'orders' and 'Customers': this spec's names are its own.
const RUN = Date.now().toString(36);
const CUSTOMERS = { name: `fa_customers_${RUN}`, label: `Customers ${RUN}` };
const ORDERS = { name: `fa_orders_${RUN}`, label: `Orders ${RUN}` };

test('a first-time administrator is never stuck: names, records, relation labels, import', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);

  // A refused name says which rule it broke.
  await page.goto('/admin/components/create');
  await page.locator('input[name="name"]').fill('My Customers');
  await page.getByTestId('component-create-submit').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Use 2 to 64 characters: letters A-Z, digits, _ or - (no spaces).' })).toBeVisible();
  await shot(page, 'first-admin-name-rule');

  // Customers: one text field, active. The new component offers its records in dev at once.
  await createComponent(page, CUSTOMERS.name, CUSTOMERS.label);
  await tab(page, 'fields');
  await addField(page, 'Full Name', 'input', 'text');
  await expect(page.getByTestId('field-row')).toHaveCount(1);
  await save(page);
  await activate(page);
  const records = page.getByTestId('component-records-link');
  await expect(records).toHaveText('Open records in dev');
  await expect(page.getByTestId('component-records-hint')).toContainText('records are in dev');
  await shot(page, 'first-admin-open-in-dev');
  await records.click();
  await expect(page).toHaveURL(/\/admin\/component\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('not-found')).toHaveCount(0);
  const customersList = page.url();

  for (const name of ['Ada Lovelace', 'Alan Turing']) {
    await page.goto(customersList + '/create');
    await page.locator('input[name="full_name"]').fill(name);
    await page.getByTestId('record-save').click();
    await expect(page).toHaveURL(/\/edit\//);
  }

  // Orders: a text field and a relation to customers without a label template.
  await createComponent(page, ORDERS.name, ORDERS.label);
  await tab(page, 'fields');
  await addField(page, 'Order Title', 'input', 'text');
  await addField(page, 'Customer', 'select', 'relation', { foreign: CUSTOMERS.label, own: 'customer', foreignKey: 'uuid' });
  await expect(page.getByTestId('field-row')).toHaveCount(2);
  await save(page);
  await activate(page);

  // Now in dev: the components list links each component to its records.
  await page.goto('/admin/components');
  const ordersRow = page.getByTestId('component-row').filter({ hasText: ORDERS.label });
  await expect(ordersRow.getByTestId('component-records-link')).toHaveText('Records');
  await shot(page, 'first-admin-components-list');
  await ordersRow.getByTestId('component-records-link').click();
  await expect(page).toHaveURL(/\/admin\/component\/[0-9a-f-]{36}$/);
  const ordersList = page.url();

  // The relation picker names customers by their full name, and searches on it.
  await page.goto(ordersList + '/create');
  await page.locator('input[name="order_title"]').fill('First order');
  const search = page.getByTestId('relation-search');
  await search.focus();
  await expect(page.getByTestId('relation-option')).toHaveCount(2);
  await expect(page.getByTestId('relation-option').first()).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}/);
  await search.fill('turing');
  await expect(page.getByTestId('relation-option')).toHaveCount(1);
  await expect(page.getByTestId('relation-option')).toContainText('Alan Turing');
  await page.getByTestId('relation-option').click();
  await expect(page.getByTestId('relation-chosen')).toContainText('Alan Turing');
  await shot(page, 'first-admin-relation');
  await page.getByTestId('record-save').click();
  await expect(page).toHaveURL(/\/edit\//);

  // Import: headers differ from the labels by case and spacing, and every column is mapped.
  await page.goto(ordersList);
  await page.getByTestId('list-more').click();
  await page.getByTestId('list-import').click();
  await page.getByTestId('import-file').first().setInputFiles({
    name: 'orders.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('ORDER  title,customer\r\nSecond order,\r\nThird order,\r\n'),
  });
  await expect(page.locator('select[name="map.ORDER  title"]')).toHaveValue('order_title');
  await expect(page.locator('select[name="map.customer"]')).toHaveValue('customer');
  await expect(page.getByTestId('import-all-mapped')).toBeVisible();
  await shot(page, 'first-admin-import');
  await page.getByTestId('import-run').click();
  await expect(page.getByTestId('import-created')).toHaveText('2');
});

test('at 390 px wide no screen but the record list scrolls sideways', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page);
  // The records of the first test's orders live in dev.
  await page.getByTestId('env-select').selectOption('dev');
  const list = await page.request.get('/api/v3/system/components');
  const components = (await list.json()) as { uuid: string; name: string }[];
  const orders = components.find((c) => c.name === ORDERS.name);
  expect(orders, 'the first test made orders').toBeTruthy();
  const page1 = await page.request.get(`/api/v3/system/component/${orders!.uuid}/models?offset=0&limit=1`, { headers: { 'x-project-env': 'dev' } });
  const first = ((await page1.json()) as { items: { uuid: string }[] }).items[0]!;
  const screens: [string, string][] = [
    ['dashboard', '/admin/dashboard'],
    ['components', '/admin/components'],
    ['component-create', '/admin/components/create'],
    ['profile', '/home/users/profile'],
    ['iam-members', '/admin/iam'],
    ['iam-roles', '/admin/iam/roles'],
    ['iam-role-create', '/admin/iam/roles/create'],
    ['iam-invite', '/admin/iam/invite'],
    ['projects', '/admin/projects'],
  ];
  for (const id of ['general', 'appearance', 'list', 'fields', 'model', 'workflow', 'functions', 'config']) {
    screens.push([`settings-${id}`, `/admin/component/${orders!.uuid}/settings#${id}`]);
  }
  screens.push(['record-create', `/admin/component/${orders!.uuid}/create`], ['record-edit', `/admin/component/${orders!.uuid}/edit/${first.uuid}`]);
  const wide: string[] = [];
  for (const [name, path] of screens) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('h1').first(), name).toBeVisible();
    await expect(page.getByTestId('not-found'), name).toHaveCount(0);
    const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
    if (width > 390) wide.push(`${name}: ${width}`);
    await shot(page, `first-admin-390-${name}`);
  }
  expect(wide).toEqual([]);
});
