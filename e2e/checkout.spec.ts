// The checkout (docs/billing.md "The checkout screen"; issue 33 item 4): with no billing information
// the modal asks for it first and the go-to-checkout button stays disabled; once saved, going to
// checkout opens the bank transfer's pro-forma in a new tab; there the transfer is marked paid and the
// provider's thank-you page posts on the `checkout` broadcast channel, and the first tab moves to done
// and reads the subscription again (pending approval). Screenshots at 1280 and 390 px. The admin's
// billing address is cleared at both ends (the e2e server is shared).
import type { Page } from '@playwright/test';
import { atBothWidths, expect, signInAsAdmin, test } from './support';

async function clearBilling(page: Page) {
  const user = (await (await page.request.get('/api/v1/user/model')).json()) as { name: string; email: string };
  const cleared = await page.request.post('/api/v1/user/profile/edit', { data: { name: user.name, email: user.email, billing_address: null } });
  expect(cleared.status(), await cleared.text()).toBe(200);
}

/** Signed in with no billing information, on /checkout for `price`: the modal asks for it first. */
async function openCheckout(page: Page, price: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  await clearBilling(page);
  await page.goto(`/checkout?price=${price}`);
  const modal = page.getByTestId('checkout-billing-modal');
  await expect(modal).toBeVisible();
  return modal;
}

test('checkout: billing information first, the pro-forma in a new tab, the thank-you page tells the first tab', async ({ page, context }) => {
  const modal = await openCheckout(page, 'luma-pro-monthly');
  await expect(page.getByTestId('checkout-price')).toContainText('30');
  await expect(page.getByTestId('checkout-trial-days')).toContainText('14');
  await atBothWidths(page, 'checkout-billing-modal', async () => {
    await expect(page.getByTestId('checkout-billing-modal')).toBeVisible();
  });

  // Closed without saving: the button stays disabled until the billing information is saved.
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('checkout-go')).toBeDisabled();
  await page.getByTestId('checkout-billing-open').click();
  const card = modal.getByTestId('billing-information');
  await card.getByLabel(/^Country/).selectOption('DE');
  await card.getByLabel(/^First name/).fill('Ana');
  await card.getByLabel(/^Last name/).fill('Berg');
  await card.getByLabel(/^Address/).fill('Hauptstraße 1');
  await card.getByLabel(/^City/).fill('B');
  await card.getByLabel(/^Billing e-mail/).fill('ana@example.com');
  await modal.getByTestId('checkout-billing-save').click();
  await expect(card.getByLabel(/^City/)).toHaveAttribute('aria-invalid', 'true');
  await card.getByLabel(/^City/).fill('Berlin');
  await modal.getByTestId('checkout-billing-save').click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('checkout-go')).toBeEnabled();
  await atBothWidths(page, 'checkout-ready', async () => expect(page.getByTestId('checkout-go')).toBeEnabled(), false);

  const opened = context.waitForEvent('page');
  await page.getByTestId('checkout-go').click();
  const second = await opened;
  await expect(page.getByTestId('checkout-waiting')).toBeVisible();

  // The second tab: the transfer is made (the admin says so), and the thank-you page is reached.
  const list = (await (await second.request.get('/api/transaction/billing/subscription')).json()) as { items: { uuid: string; state: string; method: string }[] };
  const made = list.items[0]!;
  expect(made).toMatchObject({ state: 'waiting_for_payment', method: 'bank_transfer' });
  const paid = await second.request.post(`/api/transaction/billing/subscription/${made.uuid}/paid`);
  expect(paid.status(), await paid.text()).toBe(200);
  await second.goto(`/checkout/thankyou?subscription=${made.uuid}`);
  await expect(second.getByTestId('checkout-thankyou')).toBeVisible();

  // The first tab heard it on the broadcast channel and read the subscription again.
  await expect(page.getByTestId('checkout-done')).toBeVisible();
  await expect(page.getByTestId('checkout-subscription-state')).toHaveAttribute('data-state', 'pending_approval');
  await atBothWidths(page, 'checkout-done', async () => expect(page.getByTestId('checkout-done')).toBeVisible(), false);
  await atBothWidths(second, 'checkout-thankyou', async () => expect(second.getByTestId('checkout-thankyou')).toBeVisible(), false);
  await second.close();
  await clearBilling(page);
});

test('checkout: a trial starts without billing information, once per product', async ({ page }) => {
  // The media product: its trial raises none of the platform's limits other specs count on.
  const modal = await openCheckout(page, 'luma-media-monthly');
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('checkout-go')).toBeDisabled();
  await page.getByTestId('checkout-trial').click();
  await expect(page.getByTestId('checkout-done')).toHaveText('Your trial has started.');
  await expect(page.getByTestId('checkout-subscription-state')).toHaveAttribute('data-state', 'subscribed');

  await page.reload();
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await page.getByTestId('checkout-trial').click();
  await expect(page.getByTestId('checkout-error')).toContainText('already been used');
  await atBothWidths(page, 'checkout-trial-used', async () => expect(page.getByTestId('checkout-error')).toBeVisible(), false);
});
