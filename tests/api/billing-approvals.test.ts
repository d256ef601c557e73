// The operators' approvals of bank transfers (docs/billing.md "Bank transfer") on both Luma databases:
// GET /billing/approvals lists the transfers waiting across projects with the project, the pro-forma's
// number and when the state was set; an operator (LUMA_ADMIN_EMAIL, LUMA_OPERATORS) approves or refuses;
// a project's admin who is not an operator gets 403 for both and changes nothing; bad bodies are 400.
import { beforeAll, expect, it } from 'vitest';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';
import { projectOwner } from './iam-fixtures';

const BANK_ENV = { LUMA_BANK_PAYEE: 'Luma d.o.o.', LUMA_BANK_ACCOUNT: 'RS35 1050 0812 3123 1231' };
const PERSON = { type: 'person', country: 'RS', firstname: 'Petar', lastname: 'Petrović', address: 'Bulevar 2', city: 'Novi Sad', email: 'petar@luma.test' };

interface Approval {
  uuid: string;
  project_uuid: string;
  project_name: string;
  proforma: string;
  state: string;
  state_at: string;
  amount: number;
  currency: string;
  proforma_url: string;
}

describeApi(`bank transfer approvals (${DB_KIND})`, () => {
  const server = useServer(BANK_ENV);
  let operator = '';
  let owner: Awaited<ReturnType<typeof projectOwner>>;
  const call = (method: string, path: string, cookie: string, body?: unknown) =>
    server().app.inject({ method: method as 'GET', url: `/api/transaction${path}`, headers: { cookie }, ...(body === undefined ? {} : { payload: body as object }) });
  const approvals = async () => (await call('GET', '/billing/approvals', operator)).json() as Approval[];

  /** A bank transfer the project's admin started and says is paid. */
  async function pendingTransfer(): Promise<string> {
    const link = await call('POST', '/v1/checkout/link', owner.cookie, { price_id: 'luma-media-monthly', method: 'bank_transfer' });
    expect(link.statusCode, link.body).toBe(200);
    const uuid = String(link.json()).split('/').at(-2)!;
    expect((await call('POST', `/billing/subscription/${uuid}/paid`, owner.cookie)).json()).toMatchObject({ state: 'pending_approval' });
    return uuid;
  }

  beforeAll(async () => {
    operator = await login(server().app);
    owner = await projectOwner(server(), 'shop-owner@luma.test', 'Petar’s shop');
    const saved = await server().app.inject({
      method: 'POST',
      url: '/api/v1/user/profile/edit',
      headers: { cookie: owner.cookie },
      payload: { name: 'Petar', email: 'shop-owner@luma.test', billing_address: PERSON },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    owner.cookie = await login(server().app, owner.email, owner.password);
  }, SETUP_TIMEOUT_MS);

  it('lists the waiting transfers across projects with the project, the pro-forma number and the time; approve leaves the list', async () => {
    const uuid = await pendingTransfer();
    const item = (await approvals()).find((a) => a.uuid === uuid);
    expect(item).toMatchObject({ project_uuid: owner.projectUuid, project_name: 'Petar’s shop', state: 'pending_approval', amount: 900, currency: 'EUR', method: 'bank_transfer' });
    expect(item!.proforma).toMatch(/^PF-\d{4}-\d{6}$/);
    expect(Number.isNaN(Date.parse(item!.state_at))).toBe(false);
    // The operator opens the pro-forma of another project's transfer by its URL; its file name is the number.
    const pdf = await server().app.inject({ method: 'GET', url: item!.proforma_url, headers: { cookie: operator } });
    expect(pdf.headers['content-disposition']).toBe(`inline; filename="${item!.proforma}.pdf"`);

    const approved = await call('POST', `/billing/subscription/${uuid}/approval`, operator, { approved: true });
    expect(approved.json()).toMatchObject({ uuid, state: 'subscribed' });
    expect((await approvals()).map((a) => a.uuid)).not.toContain(uuid);
    // Decided once: a second decision is refused.
    expect((await call('POST', `/billing/subscription/${uuid}/approval`, operator, { approved: false })).json().message).toBe('subscriptionWrongState');
  });

  it("a project's admin who is not an operator gets 403 for the list and for a decision, and nothing changes", async () => {
    const uuid = await pendingTransfer();
    const list = await call('GET', '/billing/approvals', owner.cookie);
    expect([list.statusCode, list.json().message]).toEqual([403, 'forbidden']);
    for (const approved of [true, false]) {
      const decision = await call('POST', `/billing/subscription/${uuid}/approval`, owner.cookie, { approved });
      expect(decision.statusCode).toBe(403);
    }
    expect((await approvals()).find((a) => a.uuid === uuid)?.state).toBe('pending_approval');

    const refused = await call('POST', `/billing/subscription/${uuid}/approval`, operator, { approved: false });
    expect(refused.json()).toMatchObject({ uuid, state: 'failed' });
    expect((await approvals()).map((a) => a.uuid)).not.toContain(uuid);
  });

  it('bad decisions are refused: not a boolean, unknown keys, a malformed or unknown uuid', async () => {
    const uuid = await pendingTransfer();
    for (const body of [{ approved: 'yes' }, {}, { approved: true, __proto__: { x: 1 }, extra: 1 }]) {
      expect((await call('POST', `/billing/subscription/${uuid}/approval`, operator, body)).statusCode).toBe(400);
    }
    expect((await call('POST', '/billing/subscription/not-a-uuid/approval', operator, { approved: true })).statusCode).toBe(404);
    expect((await call('POST', `/billing/subscription/${crypto.randomUUID()}/approval`, operator, { approved: true })).statusCode).toBe(404);
    expect((await approvals()).find((a) => a.uuid === uuid)?.state).toBe('pending_approval');
  });

  it('LUMA_OPERATORS makes another person an operator', async () => {
    const app = await server().appWith({ ...BANK_ENV, LUMA_OPERATORS: 'Shop-Owner@luma.test' });
    const cookie = await login(app, owner.email, owner.password);
    const list = await app.inject({ method: 'GET', url: '/api/transaction/billing/approvals', headers: { cookie } });
    expect(list.statusCode).toBe(200);
    expect((list.json() as Approval[]).every((a) => a.proforma.startsWith('PF-'))).toBe(true);
  });
});
