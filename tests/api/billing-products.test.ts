// Paid products (docs/billing.md "Paid products"): where the server sells the media product
// (LUMA_PAID_PRODUCTS=luma-media and a checkout method configured), the platform's own media library is
// refused (402 functionalityNotAvailable, nothing written) until the project holds a subscription or
// trial of it; payment_info names the products; a server that sells nothing leaves it free.
import { expect, it } from 'vitest';
import { DB_KIND, describeApi, login, useServer } from './harness';
import { mediaApi } from './media-fixtures';

const SELLING = { LUMA_BANK_PAYEE: 'Luma d.o.o.', LUMA_BANK_ACCOUNT: 'RS35 1050 0812 3123 1231', LUMA_CHECKOUT_METHODS: 'bank_transfer', LUMA_PAID_PRODUCTS: 'luma-media' };

describeApi(`paid products (${DB_KIND})`, () => {
  const server = useServer(SELLING);
  let admin = '';
  const media = mediaApi(() => server().app, () => admin);
  const transaction = (method: 'GET' | 'POST', path: string, body?: unknown, app = server().app, cookie = admin) =>
    app.inject({ method, url: `/api/transaction${path}`, headers: { cookie }, ...(body === undefined ? {} : { payload: body as object }) });
  const libraries = async () => (await server().database.db.selectFrom('media_libraries').select('name').execute()).map((row) => row.name);

  it('the media library needs the media product where it is sold; its trial unlocks it', async () => {
    admin = await login(server().app);
    expect((await transaction('GET', '/billing/subscription/payment_info')).json().products_required).toEqual(['luma-media']);

    const refused = await media.createLibrary({ name: 'Pictures', provider: 'luma-simple' });
    expect([refused.statusCode, refused.json().message]).toEqual([402, 'functionalityNotAvailable']);
    expect(await libraries()).toEqual([]);

    // A server with no checkout method configured sells nothing: nothing is required there.
    const bare = await server().appWith({ LUMA_BANK_PAYEE: '' });
    const bareInfo = await transaction('GET', '/billing/subscription/payment_info', undefined, bare, await login(bare));
    expect(bareInfo.json().products_required).toEqual([]);

    // Another product's subscription does not unlock it.
    expect((await transaction('POST', '/v1/trial', { product_id: 'luma-pro-monthly' })).statusCode).toBe(200);
    expect((await media.createLibrary({ name: 'Pictures', provider: 'luma-simple' })).statusCode).toBe(402);

    const trial = await transaction('POST', '/v1/trial', { product_id: 'luma-media-monthly' });
    expect(trial.statusCode, trial.body).toBe(200);
    const created = await media.createLibrary({ name: 'Pictures', provider: 'luma-simple' });
    expect(created.statusCode, created.body).toBe(200);
    expect(await libraries()).toEqual(['Pictures']);
  });
});
