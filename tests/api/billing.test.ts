// Billing on the transaction host (docs/billing.md) on both Luma databases: every call of spec section
// 7's transaction host; the billing information first, checked by the form's rules; trials, one per
// product; the card provider against a local server speaking Stripe Checkout's session request, and
// its signed webhooks (wrong signature, too old, replayed, out of order) moving the payment states;
// the bank transfer's pro-forma PDF and approval; removal only when expired; the limits a
// subscription raises (users, sparks, public apps); a method off or not configured answers 501.
import { afterAll, expect, it } from 'vitest';
import { createMember } from './fixtures';
import { CARD_SECRET_KEY, CARD_WEBHOOK_SECRET, sendWebhook, signedEvent, startCardServer } from './billing-fixtures';
import { DB_KIND, describeApi, login, useManualClock, useServer } from './harness';

const card = await startCardServer();
afterAll(() => card.close());

const BILLING_ENV = {
  LUMA_CARD_ENDPOINT: card.url,
  LUMA_CARD_SECRET_KEY: CARD_SECRET_KEY,
  LUMA_CARD_WEBHOOK_SECRET: CARD_WEBHOOK_SECRET,
  LUMA_BANK_PAYEE: 'Luma d.o.o.',
  LUMA_BANK_ACCOUNT: 'RS35 1050 0812 3123 1231',
  LUMA_CURRENCY_RATES: 'RSD=117.2,USD=1.08',
  LUMA_TRIAL_DAYS: '10',
  LUMA_USER_LIMIT: '2',
  LUMA_SPARK_LIMIT: '1',
  LUMA_PUBLIC_APP_LIMIT: '1',
};

const COMPANY = { type: 'company', country: 'RS', company: 'Luma d.o.o.', vat_number: '101234567', main_number: '07654321', address: 'Knez Mihailova 1', city: 'Beograd' };

describeApi(`billing on the transaction host (${DB_KIND})`, () => {
  const server = useServer(BILLING_ENV);
  let admin = '';
  let member = '';
  const call = (method: string, path: string, body?: unknown, cookie = admin) =>
    server().app.inject({ method: method as 'GET', url: `/api/transaction${path}`, headers: { cookie }, ...(body === undefined ? {} : { payload: body as object }) });
  const main = (method: string, path: string, body?: unknown, cookie = admin) =>
    server().app.inject({ method: method as 'GET', url: `/api${path}`, headers: { cookie }, ...(body === undefined ? {} : { payload: body as object }) });
  const stateOf = async (uuid: string) => ((await call('GET', '/billing/subscription')).json().items as { uuid: string; state: string }[]).find((item) => item.uuid === uuid)?.state;
  const sessionOf = (url: string) => url.split('/').pop()!;
  let lumaUrl = '';

  it('answers prices, currency rates, payment information and an empty subscription list with the free limits', async () => {
    admin = await login(server().app);
    lumaUrl = await server().app.listen({ port: 0, host: '127.0.0.1' });
    const list = await call('GET', '/billing/subscription');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual({ items: [], limits: { users: 2, sparks: 1, public_apps: 1 } });
    expect((await call('GET', '/v1/currency-rates')).json()).toEqual({ base: 'EUR', rates: { EUR: 1, RSD: 117.2, USD: 1.08 } });
    expect((await call('GET', '/v1/prices/luma-pro-monthly')).json()).toMatchObject({ id: 'luma-pro-monthly', product_type: 'platform', amount: 2900, currency: 'EUR', trial_days: 10 });
    const unknown = await call('GET', '/v1/prices/nothing');
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'priceNotFound']);
    expect((await call('GET', '/billing/subscription/payment_info')).json()).toEqual({
      methods: [{ method: 'card', status: 'on' }, { method: 'bank_transfer', status: 'on' }],
      bank: { payee: 'Luma d.o.o.', account: 'RS35 1050 0812 3123 1231' },
      billing_information: false,
      products_required: [],
    });
    expect((await call('GET', '/trial')).json()).toEqual({ trial_days: 10, items: [] });
    expect((await server().app.inject({ method: 'GET', url: '/api/transaction/billing/subscription' })).statusCode).toBe(401);
  });

  it('checks the billing information by the form rules on save, and checkout waits for it', async () => {
    const before = await call('POST', '/checkout/link', { product_type: 'platform', options: { method: 'card' } });
    expect([before.statusCode, before.json().message]).toEqual([409, 'billingInformationRequired']);
    const save = (billing_address: unknown) => main('POST', '/v1/user/profile/edit', { name: 'Administrator', email: 'admin@luma.test', billing_address });
    const short = await save({ type: 'person', country: 'RS', firstname: 'A', lastname: 'Admin', address: 'Main 1', city: 'Novi Sad', email: 'ada@luma.test' });
    expect(short.statusCode).toBe(417);
    expect(short.json().errors).toEqual([{ field: 'billing_address.firstname', messages: ['cantBeLessThenChars'] }]);
    const noMain = await save({ ...COMPANY, main_number: undefined });
    expect(noMain.json().errors).toEqual([{ field: 'billing_address.main_number', messages: ['fieldRequired'] }]);
    const unknownKey = await save({ ...COMPANY, iban: 'x' });
    expect(unknownKey.json().errors).toEqual([{ field: 'billing_address.iban', messages: ['invalid'] }]);
    const saved = await save(COMPANY);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().billing_address).toEqual(COMPANY);
    admin = await login(server().app);
    expect((await call('GET', '/billing/subscription/payment_info')).json().billing_information).toBe(true);
  });

  it('enforces the free limits, and a trial (one per product) raises them', async () => {
    const spark = (name: string) => server().app.inject({ method: 'POST', url: '/api/spark/spark', headers: { cookie: admin }, payload: { name, code: 'return 1' } });
    expect((await spark('first')).statusCode).toBe(200);
    const refused = await spark('second');
    expect([refused.statusCode, refused.json().message]).toEqual([409, 'sparkLimitReached']);
    expect((await main('POST', '/v3/system/public-app', { name: 'one', hostnames: ['one.example.test'] })).statusCode).toBe(200);
    const publicRefused = await main('POST', '/v3/system/public-app', { name: 'two', hostnames: ['two.example.test'] });
    expect([publicRefused.statusCode, publicRefused.json().message]).toEqual([409, 'maximumPublicAppsReached']);
    const { projectUuid } = await createMember(server().database.db, 'billing-member@luma.test', 'member password');
    member = await login(server().app, 'billing-member@luma.test', 'member password');
    const invite = await main('POST', '/v1/iam/invites', { email: 'third@luma.test', role_uuids: [] });
    expect([invite.statusCode, invite.json().message]).toEqual([409, 'userLimitExceeded']);

    expect((await call('POST', '/v1/trial', { product_id: 'luma-pro-monthly' }, member)).statusCode).toBe(403);
    const trial = await call('POST', '/v1/trial', { product_id: 'luma-pro-monthly' });
    expect(trial.statusCode, trial.body).toBe(200);
    expect(trial.json()).toMatchObject({ product_id: 'luma-pro-monthly', is_trial: true, method: 'trial', state: 'subscribed', amount: 0 });
    const days = (Date.parse(trial.json().expires_at) - Date.parse(trial.json().starts_at)) / 86_400_000;
    expect(days).toBe(10);
    const again = await call('POST', '/v1/trial', { product_id: 'platform' });
    expect([again.statusCode, again.json().message]).toEqual([409, 'trialAlreadyUsed']);
    expect((await call('GET', '/trial', undefined, member)).json().items).toHaveLength(1);
    expect((await call('GET', '/billing/subscription')).json().limits).toEqual({ users: 100, sparks: 200, public_apps: 50 });
    expect((await spark('second')).statusCode).toBe(200);
    expect((await main('POST', '/v3/system/public-app', { name: 'two', hostnames: ['two.example.test'] })).statusCode).toBe(200);
    expect((await main('POST', '/v1/iam/invites', { email: 'third@luma.test', role_uuids: [] })).statusCode).toBe(200);
    expect(projectUuid).toBeTruthy();
  });

  it('starts a card checkout through the provider: the session request in its wire format, the URL answered', async () => {
    const link = await call('POST', '/checkout/link', { product_type: 'platform', reference: 'order-7', lang: 'en_US', source: 'platform', options: { method: 'card' } });
    expect(link.statusCode, link.body).toBe(200);
    const url = link.json() as string;
    expect(url).toMatch(/^https:\/\/checkout\.example\.test\/c\/pay\/cs_test_\d+$/);
    const session = card.sessions.at(-1)!;
    expect(session.authorization).toBe(`Bearer ${CARD_SECRET_KEY}`);
    const subscription = (await call('GET', '/billing/subscription')).json().items[0];
    expect(subscription).toMatchObject({ method: 'card', state: 'waiting_for_payment', amount: 2900, currency: 'EUR', product_type: 'platform', proforma_url: null });
    expect(Object.fromEntries(session.form)).toMatchObject({
      mode: 'payment',
      client_reference_id: subscription.uuid,
      'metadata[subscription]': subscription.uuid,
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '2900',
      'line_items[0][quantity]': '1',
      success_url: `${new URL(server().config.publicUrl).origin}/checkout/thankyou?subscription=${subscription.uuid}`,
    });
    const v1 = await call('POST', '/v1/checkout/link', { price_id: 'luma-pro-yearly', method: 'card' });
    expect(v1.statusCode, v1.body).toBe(200);
    expect(Object.fromEntries(card.sessions.at(-1)!.form)['line_items[0][price_data][unit_amount]']).toBe('29000');
  });

  it('a provider error answers 502 failedToCheckout and leaves no subscription behind', async () => {
    const count = (await call('GET', '/billing/subscription')).json().items.length;
    card.failNext = 500;
    const failed = await call('POST', '/checkout/link', { product_type: 'platform', options: { method: 'card' } });
    expect([failed.statusCode, failed.json().message]).toEqual([502, 'failedToCheckout']);
    expect((await call('GET', '/billing/subscription')).json().items).toHaveLength(count);
    const unknown = await call('POST', '/checkout/link', { product_type: 'nothing' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'priceNotFound']);
    const extra = await call('POST', '/checkout/link', { product_type: 'platform', surprise: 1 });
    expect(extra.statusCode).toBe(400);
    expect((await call('POST', '/checkout/link', { product_type: 'platform' }, member)).statusCode).toBe(403);
  });

  it('webhooks: a wrong or stale signature is refused, events move the state forward only, a replay changes nothing', async () => {
    const clock = useManualClock();
    const link = await call('POST', '/checkout/link', { product_type: 'platform', options: { method: 'card' } });
    const session = sessionOf(link.json());
    const uuid = (await call('GET', '/billing/subscription')).json().items[0].uuid as string;
    const t0 = Math.floor(clock.now() / 1000);
    const event = (id: string, type: string, created: number, object: Record<string, unknown> = {}) =>
      signedEvent({ id, type, created, object: { id: session, metadata: { subscription: uuid }, ...object } }, clock.now());

    const wrong = signedEvent({ id: 'evt_wrong', type: 'checkout.session.completed', created: t0, object: { id: session } }, clock.now(), 'whsec_other');
    expect(await sendWebhook(lumaUrl, wrong)).toMatchObject({ status: 400, json: { message: 'webhookSignatureInvalid' } });
    const stale = signedEvent({ id: 'evt_stale', type: 'checkout.session.completed', created: t0, object: { id: session } }, clock.now() - 301_000);
    expect((await sendWebhook(lumaUrl, stale)).status).toBe(400);
    const tampered = event('evt_tampered', 'payment_intent.requires_action', t0);
    expect((await sendWebhook(lumaUrl, { payload: tampered.payload.replace('requires_action', 'succeeded'), signature: tampered.signature })).status).toBe(400);
    expect(await stateOf(uuid)).toBe('waiting_for_payment');

    const threeDs = event('evt_3ds', 'payment_intent.requires_action', t0 + 1);
    expect(await sendWebhook(lumaUrl, threeDs)).toEqual({ status: 200, json: { received: true, duplicate: false } });
    expect(await stateOf(uuid)).toBe('waiting_for_3d_security');
    expect((await sendWebhook(lumaUrl, event('evt_processing', 'payment_intent.processing', t0 + 2))).status).toBe(200);
    expect(await stateOf(uuid)).toBe('in_process');
    // By the session id alone (no metadata), as a checkout session event carries it.
    const completed = signedEvent({ id: 'evt_completed', type: 'checkout.session.completed', created: t0 + 3, object: { id: session, payment_status: 'paid' } }, clock.now());
    expect((await sendWebhook(lumaUrl, completed)).status).toBe(200);
    expect(await stateOf(uuid)).toBe('subscribed');
    // Replayed: answered, nothing moves. Out of order: an older event arriving late does not undo the payment.
    expect(await sendWebhook(lumaUrl, threeDs)).toEqual({ status: 200, json: { received: true, duplicate: true } });
    expect((await sendWebhook(lumaUrl, event('evt_late_3ds', 'payment_intent.requires_action', t0))).status).toBe(200);
    expect((await sendWebhook(lumaUrl, event('evt_late_failed', 'payment_intent.payment_failed', t0 + 2))).status).toBe(200);
    expect(await stateOf(uuid)).toBe('subscribed');
    const stored = await server().database.db.selectFrom('billing_webhook_events').select('event_id').where('subscription_uuid', '=', uuid).execute();
    expect(stored.map((row) => row.event_id).sort()).toEqual(['evt_3ds', 'evt_completed', 'evt_late_3ds', 'evt_late_failed', 'evt_processing']);

    // Removal only when expired: the paid period (30 days) runs out on the clock.
    const early = await call('DELETE', `/billing/subscription/${uuid}`);
    expect([early.statusCode, early.json().message]).toEqual([409, 'subscriptionNotExpired']);
    clock.advance(31 * 86_400_000);
    // A month on, the sessions have ended too: sign in again.
    admin = await login(server().app);
    member = await login(server().app, 'billing-member@luma.test', 'member password');
    expect(await stateOf(uuid)).toBe('expired');
    expect((await call('DELETE', `/billing/subscription/${uuid}`, undefined, member)).statusCode).toBe(403);
    expect((await call('DELETE', `/billing/subscription/${uuid}`)).statusCode).toBe(200);
    expect(await stateOf(uuid)).toBeUndefined();
  });

  it('a checkout session that expires unpaid is expired, and stays so', async () => {
    admin = await login(server().app);
    member = await login(server().app, 'billing-member@luma.test', 'member password');
    const clock = useManualClock();
    const link = await call('POST', '/v1/checkout/link', { price_id: 'luma-media-monthly', method: 'card' });
    const uuid = (await call('GET', '/billing/subscription')).json().items[0].uuid as string;
    const t0 = Math.floor(clock.now() / 1000);
    const object = { id: sessionOf(link.json()), client_reference_id: uuid };
    expect((await sendWebhook(lumaUrl, signedEvent({ id: 'evt_expired', type: 'checkout.session.expired', created: t0, object }, clock.now()))).status).toBe(200);
    expect((await sendWebhook(lumaUrl, signedEvent({ id: 'evt_after', type: 'checkout.session.completed', created: t0 + 5, object: { ...object, payment_status: 'paid' } }, clock.now()))).status).toBe(200);
    expect(await stateOf(uuid)).toBe('expired');
  });

  it('bank transfer: a pro-forma PDF, the admin says it is paid, an operator approves', async () => {
    const link = await call('POST', '/v1/checkout/link', { price_id: 'luma-media-monthly', method: 'bank_transfer', lang: 'sr' });
    expect(link.statusCode, link.body).toBe(200);
    const subscription = (await call('GET', '/billing/subscription')).json().items[0];
    expect(subscription).toMatchObject({ method: 'bank_transfer', state: 'waiting_for_payment', amount: 900 });
    expect(link.json()).toBe(`/api/transaction/billing/subscription/${subscription.uuid}/proforma`);
    const pdf = await server().app.inject({ method: 'GET', url: link.json(), headers: { cookie: admin } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.headers['content-disposition']).toMatch(/^inline; filename="PF-\d{4}-\d{6}\.pdf"$/);

    const early = await call('POST', `/billing/subscription/${subscription.uuid}/approval`, { approved: true }, member);
    expect(early.statusCode).toBe(403);
    expect((await call('POST', `/billing/subscription/${subscription.uuid}/paid`, undefined, member)).statusCode).toBe(403);
    const paid = await call('POST', `/billing/subscription/${subscription.uuid}/paid`);
    expect(paid.json()).toMatchObject({ state: 'pending_approval' });
    expect((await call('POST', `/billing/subscription/${subscription.uuid}/paid`)).json().message).toBe('subscriptionWrongState');
    expect(((await call('GET', '/billing/approvals')).json() as { uuid: string }[]).map((item) => item.uuid)).toContain(subscription.uuid);
    const approved = await call('POST', `/billing/subscription/${subscription.uuid}/approval`, { approved: true });
    expect(approved.json()).toMatchObject({ state: 'subscribed' });
    expect(approved.json().expires_at).not.toBeNull();

    // A refused transfer fails.
    await call('POST', '/v1/checkout/link', { price_id: 'luma-media-monthly', method: 'bank_transfer' });
    const second = (await call('GET', '/billing/subscription')).json().items[0].uuid;
    expect((await call('POST', `/billing/subscription/${second}/approval`, { approved: false })).json()).toMatchObject({ state: 'failed' });
    expect((await call('GET', `/billing/subscription/${'0'.repeat(8)}-0000-7000-8000-${'0'.repeat(12)}/proforma`)).statusCode).toBe(404);
  });

  it("a method that is off answers 501 checkoutMethodCurrentlyDisabled; one without its settings says it is not configured", async () => {
    const off = await server().appWith({ LUMA_CHECKOUT_METHODS: 'bank_transfer' });
    const cookie = await login(off);
    const refused = await off.inject({ method: 'POST', url: '/api/transaction/checkout/link', headers: { cookie }, payload: { product_type: 'platform', options: { method: 'card' } } });
    expect([refused.statusCode, refused.json().message]).toEqual([501, 'checkoutMethodCurrentlyDisabled']);
    const offInfo = await off.inject({ method: 'GET', url: '/api/transaction/billing/subscription/payment_info', headers: { cookie } });
    expect(offInfo.json().methods).toEqual([{ method: 'card', status: 'off' }, { method: 'bank_transfer', status: 'on' }]);
    const none = await server().appWith({ LUMA_CHECKOUT_METHODS: 'none' });
    const noneCookie = await login(none);
    const noMethod = await none.inject({ method: 'POST', url: '/api/transaction/checkout/link', headers: { cookie: noneCookie }, payload: { product_type: 'platform' } });
    expect([noMethod.statusCode, noMethod.json().message]).toEqual([501, 'checkoutMethodCurrentlyDisabled']);
    expect((await none.inject({ method: 'GET', url: '/api/transaction/billing/subscription/payment_info', headers: { cookie: noneCookie } })).json().bank).toBeNull();
    const bare = await server().appWith({ LUMA_CARD_SECRET_KEY: '', LUMA_BANK_PAYEE: '' });
    const bareCookie = await login(bare);
    const info = await bare.inject({ method: 'GET', url: '/api/transaction/billing/subscription/payment_info', headers: { cookie: bareCookie } });
    expect(info.json()).toMatchObject({ methods: [{ method: 'card', status: 'not_configured' }, { method: 'bank_transfer', status: 'not_configured' }], bank: null });
    const unconfigured = await bare.inject({ method: 'POST', url: '/api/transaction/v1/checkout/link', headers: { cookie: bareCookie }, payload: { price_id: 'luma-pro-monthly', method: 'card' } });
    expect([unconfigured.statusCode, unconfigured.json().message]).toEqual([501, 'checkoutMethodNotConfigured']);
    const unsigned = await bare.inject({ method: 'POST', url: '/api/transaction/billing/webhook/card', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(unsigned.statusCode).toBe(400);
  });
});
