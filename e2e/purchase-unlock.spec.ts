// What a purchase unlocks (docs/billing.md "Paid products"; issue 33 item 4; spec section 4 "Media
// library" and "Checkout"): where the server sells the media product, the create sidebar offers "Buy the
// media library" for the simple provider; Buy opens /checkout for the media price in a new tab, the card
// is paid on the provider's hosted page, the provider's signed webhook marks the subscription subscribed,
// the thank-you page posts on the `checkout` broadcast channel, and the first tab creates the library
// with the values entered. Screenshots of the Buy state at 1280 and 390 px.
//
// The shared e2e server sells the bank transfer only and nothing needs buying there, so this spec
// starts its own compiled server (its own in-memory PGlite) with LUMA_PAID_PRODUCTS=luma-media and the
// card provider pointed at a local HTTP server that speaks the provider's hosted checkout and sends
// signed webhooks (tests/api/billing-fixtures.ts). Both get ports the system says are free: the four of
// LUMA_E2E_PORT's block are the shared server's, iam's, custom-renderer's and first-admin-day's.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { CARD_SECRET_KEY, CARD_WEBHOOK_SECRET, startCardServer, type CardServer } from '../tests/api/billing-fixtures';
import { startServer, stopServer, type ChildServer } from '../tests/api/child-server';
import { atBothWidths, expect, signInAsAdmin, test } from './support';

const PAGE = '/admin/integrations/page/luma-media';
// Chosen when the worker loads the spec (test.use needs the origin then), as playwright.config.ts does.
// FORCE_COLOR off: Playwright's workers set it, and the script's console.log would colour the number.
const PORT = Number(
  execFileSync(process.execPath, [fileURLToPath(new URL('../scripts/free-ports.mjs', import.meta.url)), '1'], { encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } }).trim(),
);
const ORIGIN = `http://127.0.0.1:${PORT}`;
let server: ChildServer | null = null;
let card: CardServer | null = null;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: ORIGIN });

test.beforeAll(async () => {
  card = await startCardServer({ lumaUrl: ORIGIN });
  server = await startServer(
    {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LUMA_DATA_DIR: 'memory://',
      LUMA_ADMIN_EMAIL: E2E_ADMIN.email,
      LUMA_ADMIN_PASSWORD: E2E_ADMIN.password,
      LUMA_PUBLIC_URL: ORIGIN,
      LUMA_DEMO: '0',
      LUMA_LOG_LEVEL: 'warn',
      LUMA_PAID_PRODUCTS: 'luma-media',
      LUMA_CHECKOUT_METHODS: 'card',
      LUMA_CARD_ENDPOINT: card.url,
      LUMA_CARD_SECRET_KEY: CARD_SECRET_KEY,
      LUMA_CARD_WEBHOOK_SECRET: CARD_WEBHOOK_SECRET,
    },
    ['dist/server/main.js'],
  );
});

test.afterAll(async () => {
  await stopServer(server, 'SIGTERM');
  await card?.close();
});

/** The admin's billing information, so the checkout page goes straight to its go-to-checkout button. */
async function saveBilling(page: Page) {
  const user = (await (await page.request.get('/api/v1/user/model')).json()) as { name: string; email: string };
  const billing_address = { type: 'person', country: 'DE', firstname: 'Ana', lastname: 'Berg', address: 'Hauptstraße 1', city: 'Berlin', email: 'ana@example.com' };
  const saved = await page.request.post('/api/v1/user/profile/edit', { data: { name: user.name, email: user.email, billing_address } });
  expect(saved.status(), await saved.text()).toBe(200);
}

test('buying the media product: Buy on the create sidebar, the card paid in another tab, the library created', async ({ page, context }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  await saveBilling(page);

  // Not bought yet: the platform's own library is refused, and nothing is written.
  const info = (await (await page.request.get('/api/transaction/billing/subscription/payment_info')).json()) as { products_required: string[] };
  expect(info.products_required).toEqual(['luma-media']);
  const refused = await page.request.post('/api/media/v1/dms/media/library', { data: { name: 'Refused', provider: 'luma-simple' } });
  expect(refused.status()).toBe(402);
  expect(((await refused.json()) as { message: string }).message).toBe('functionalityNotAvailable');
  expect(await (await page.request.get('/api/media/v1/dms/media/library/list')).json()).toEqual([]);

  // The simple provider chosen: Buy instead of Create.
  await page.goto(PAGE);
  const openSidebar = async () => {
    await page.getByTestId('media-start-create').click();
    const sidebar = page.getByTestId('media-create-sidebar');
    await sidebar.getByTestId('media-lib-provider').selectOption('luma-simple');
    await expect(sidebar.getByTestId('media-lib-save')).toHaveText('Buy the media library');
    await expect(sidebar.getByTestId('media-buy-note')).toContainText('is a paid product');
    return sidebar;
  };
  await atBothWidths(page, 'purchase-unlock-buy', async () => void (await openSidebar()));
  await page.reload();
  const sidebar = await openSidebar();
  await sidebar.getByTestId('media-lib-name').fill('Photos');

  const opened = context.waitForEvent('page');
  await sidebar.getByTestId('media-lib-save').click();
  const checkout = await opened;
  await expect(checkout).toHaveURL(`${ORIGIN}/checkout?price=luma-media-monthly`);
  await expect(sidebar.getByTestId('media-buy-note')).toContainText('open in another tab');

  // The checkout tab: the card's hosted page opens in a third tab, and the payment is made there.
  await expect(checkout.getByTestId('checkout-go')).toBeEnabled();
  const hosted = context.waitForEvent('page');
  await checkout.getByTestId('checkout-go').click();
  const pay = await hosted;
  await expect(pay).toHaveURL(`${card!.url}/c/pay/cs_test_1`);
  expect(card!.sessions[0]!.form.get('success_url')).toMatch(new RegExp(`^${ORIGIN}/checkout/thankyou\\?subscription=`));
  await pay.getByTestId('card-pay').click();
  // The provider's webhook was taken (it redirects only then): the thank-you page posts on the channel.
  await expect(pay).toHaveURL(/\/checkout\/thankyou\?subscription=/);
  await expect(pay.getByTestId('checkout-thankyou')).toBeVisible();
  await expect(checkout.getByTestId('checkout-subscription-state')).toHaveAttribute('data-state', 'subscribed');

  // The first tab heard it and created the library with the values entered.
  await expect(page.getByText('Library created.')).toBeVisible();
  await expect(page).toHaveURL(/\?lib=[0-9a-f-]{36}/);
  await expect(page.getByTestId('media-library-name')).toHaveText('Photos');
  const libraries = (await (await page.request.get('/api/media/v1/dms/media/library/list')).json()) as { name: string; provider: string }[];
  expect(libraries).toEqual([expect.objectContaining({ name: 'Photos', provider: 'luma-simple' })]);
  await pay.close();
  await checkout.close();
});
