// The operators' approvals of bank transfers (docs/billing.md "Bank transfer"): the e2e admin is the
// platform's operator (LUMA_ADMIN_EMAIL). A transfer started and marked paid through the API shows on
// /admin/billing/approvals, reached from /checkout; refusing it asks first and the row leaves. Refused, not
// approved: the shared e2e server's media specs must not find the media product held. Screenshots at 1280
// and 390 px. The admin's billing address is cleared at the end (the e2e server is shared).
import type { Page } from '@playwright/test';
import { atBothWidths, expect, shot, signInAsAdmin, test } from './support';

async function setBilling(page: Page, billing_address: unknown) {
  const user = (await (await page.request.get('/api/v1/user/model')).json()) as { name: string; email: string };
  const saved = await page.request.post('/api/v1/user/profile/edit', { data: { name: user.name, email: user.email, billing_address } });
  expect(saved.status(), await saved.text()).toBe(200);
}

test('an operator finds a paid transfer from the checkout page and refuses it after a confirmation', async ({ page }) => {
  await signInAsAdmin(page);
  await setBilling(page, { type: 'person', country: 'DE', firstname: 'Ana', lastname: 'Berg', address: 'Hauptstraße 1', city: 'Berlin', email: 'ana@example.com' });
  try {
    const link = await page.request.post('/api/transaction/v1/checkout/link', { data: { price_id: 'luma-media-monthly', method: 'bank_transfer' } });
    expect(link.status(), await link.text()).toBe(200);
    const uuid = String(await link.json()).split('/').at(-2)!;
    expect((await page.request.post(`/api/transaction/billing/subscription/${uuid}/paid`)).status()).toBe(200);

    await page.goto('/checkout?price=luma-media-monthly');
    await page.getByTestId('checkout-approvals-link').getByRole('link').click();
    await expect(page).toHaveURL(/\/admin\/billing\/approvals$/);
    const rows = page.getByTestId('approval-row');
    const row = rows.filter({ has: page.locator(`a[href$="/${uuid}/proforma"]`) });
    await expect(row).toHaveAttribute('data-proforma', /^PF-\d{4}-\d{6}$/);
    await expect(row).toContainText('pending approval');
    await atBothWidths(page, 'billing-approvals', () => expect(row).toBeVisible());

    await row.getByTestId('approval-refuse').click();
    const dialog = page.getByTestId('confirm-dialog');
    await expect(dialog).toContainText('Refuse PF-');
    await shot(page, 'billing-approvals-refuse-1280');
    await dialog.getByTestId('confirm-accept').click();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);

    // The buyer's checkout now shows the refused payment with spec section 8's failed-order message.
    await page.goto('/checkout?price=luma-media-monthly');
    await expect(page.getByTestId('checkout-subscription-state')).toHaveAttribute('data-state', 'failed');
    await expect(page.getByTestId('checkout-failed-order')).toHaveText('The order failed, check your card informations and available funds.');
  } finally {
    await setBilling(page, null);
  }
});
