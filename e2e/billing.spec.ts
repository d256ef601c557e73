// The billing information card on the profile (docs/billing.md "Billing information"): a Serbian
// company needs its main number, the form refuses what the server would refuse (fieldsNotValid), a
// valid address is saved and read back, and the transaction host answers for it. Screenshots at 1280
// and 390 px. The admin's address is cleared again at the end (the e2e server is shared).
import { atBothWidths, expect, signInAsAdmin, test } from './support';

test('billing information: company rules, save, read back, and checkout knows it is there', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  await page.goto('/home/users/profile');
  const card = page.getByTestId('billing-information');
  await card.getByLabel('Company', { exact: true }).check();
  await card.getByLabel(/^Country/).selectOption('RS');
  await card.getByLabel(/^Company name/).fill('Luma d.o.o.');
  await card.getByLabel(/^VAT number/).fill('101234567');
  await card.getByLabel(/^Address/).fill('Knez Mihailova 1');
  await card.getByLabel(/^City/).fill('B');
  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('toast').first()).toBeVisible();
  const mainNumber = card.getByLabel(/^Company registration number/);
  await expect(mainNumber).toHaveAttribute('aria-invalid', 'true');
  await atBothWidths(page, 'billing-card-errors', async () => undefined, false);

  await mainNumber.fill('07654321');
  await card.getByLabel(/^City/).fill('Beograd');
  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: /saved/i })).toBeVisible();
  await atBothWidths(page, 'billing-card', async () => {
    await expect(page.getByTestId('billing-information').getByLabel(/^Company registration number/)).toHaveValue('07654321');
  });
  const info = await page.request.get('/api/transaction/billing/subscription/payment_info');
  expect((await info.json()).billing_information).toBe(true);

  const user = (await (await page.request.get('/api/v1/user/model')).json()) as { name: string; email: string };
  const cleared = await page.request.post('/api/v1/user/profile/edit', { data: { name: user.name, email: user.email, billing_address: null } });
  expect(cleared.status()).toBe(200);
});
