// Paid, planned and onboarding integrations and luma-invoicing's VAT lookup (docs/integrations.md)
// against a real database and a local HTTP server speaking the NBS provider's protocol: activation
// codes (an invalid one refused with 'invalid activation code'), the planned entries refused as not
// configured, settings judged by their JSON Schema, onboarding, deactivation refused while an installed
// template depends on the integration (and waits for an install in progress), and the lookup: found, not found, provider down, bad input.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { activationCodeFor } from '../../src/server/integrations/activation';
import { sql } from 'kysely';
import { toJson } from '../../src/server/db/json';
import { lockTemplateDependencies } from '../../src/server/integrations/dependencies';
import { adminProject, createMember, insertComponentRow } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, until, useServer } from './harness';

const SECRET = 'test-activation-secret';
const INVOICING = 'luma-invoicing';
type Method = 'GET' | 'POST' | 'PUT';

/** The provider: one company, 500 for 500000000, a malformed answer for 400000000. */
function providerServer(): Promise<{ server: Server; url: string; asked: string[] }> {
  const asked: string[] = [];
  const server = createServer((request, response) => {
    const pib = new URL(request.url ?? '/', 'http://x').searchParams.get('taxIdentificationNumber') ?? '';
    asked.push(pib);
    if (pib === '500000000') return void response.writeHead(500).end('down');
    if (pib === '400000000') return void response.writeHead(200, { 'content-type': 'application/json' }).end('<html>');
    if (pib === '404000000') return void response.writeHead(404).end();
    const companies = pib === '101883300' ? [{ TaxIdentificationNumber: '101883300', NationalIdentificationNumber: '07032501', Name: 'Luma d.o.o.', Address: 'Kneza Miloša 1', City: 'Beograd' }] : [];
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ Companies: companies }));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/company`, asked })));
}

describeApi(`integrations: paid, planned, onboarding and the VAT lookup (${DB_KIND})`, () => {
  const server = useServer({ LUMA_ACTIVATION_SECRET: SECRET });
  const db = () => server().database.db;
  let admin = '';
  let project = '';
  let provider: Awaited<ReturnType<typeof providerServer>>;
  let withProvider: FastifyInstance;
  const call = (app: () => FastifyInstance, cookie: () => string) => (method: Method, url: string, payload?: unknown) =>
    app().inject({ method, url: `/api/integration${url}`, ...(payload === undefined ? {} : { payload: payload as object }), headers: { cookie: cookie() } });
  const mine = call(() => server().app, () => admin);
  const lookup = call(() => withProvider, () => admin);
  const code = () => activationCodeFor(SECRET, INVOICING, project);

  beforeAll(async () => {
    admin = await login(server().app);
    project = (await adminProject(db())).projectUuid;
    provider = await providerServer();
    withProvider = await server().appWith({ LUMA_ACTIVATION_SECRET: SECRET, LUMA_NBS_URL: provider.url });
  }, SETUP_TIMEOUT_MS);
  afterAll(() => new Promise<void>((resolve) => (provider ? provider.server.close(() => resolve()) : resolve())));

  it('the catalogue holds the seven integrations of spec section 1 with their settings schema and service state', async () => {
    const explore = (await mine('GET', '/integrations/explore')).json() as { id: string; service: string; paid: boolean; settings_schema: { properties: object } }[];
    expect(explore.map((entry) => entry.id)).toEqual(['luma-media', INVOICING, 'luma-storefront', 'luma-fiscal', 'luma-ocr', 'luma-assistant', 'luma-delivery']);
    expect(explore.map((entry) => entry.service)).toEqual(['ready', 'notConfigured', 'unavailable', 'unavailable', 'unavailable', 'unavailable', 'unavailable']);
    expect(explore[1]).toMatchObject({ paid: true, onboarding: true, installed: false });
    expect(Object.keys(explore[1]!.settings_schema.properties)).toContain('vat_number');
    const configured = (await lookup('GET', '/integrations/explore')).json() as { service: string }[];
    expect(configured[1]!.service).toBe('ready');
  });

  it('a planned integration cannot be installed: 409 integrationNotConfigured, nothing written', async () => {
    const response = await mine('POST', '/integrate', { id: 'luma-fiscal' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('integrationNotConfigured');
    expect(await db().selectFrom('integrations').select('id').where('id', '=', 'luma-fiscal').execute()).toEqual([]);
  });

  it("a paid integration's first install takes its activation code: invalid ones refused with 'invalidActivationCode'", async () => {
    for (const bad of [undefined, '', 'AAAAA-BBBBB-CCCCC-DDDDD', 42, 'x'.repeat(500), activationCodeFor(SECRET, 'luma-storefront', project), activationCodeFor('other', INVOICING, project)]) {
      const response = await mine('POST', '/integrate', { id: INVOICING, ...(bad === undefined ? {} : { activation_code: bad }) });
      expect(response.statusCode, String(bad)).toBe(417);
      expect(response.json()).toMatchObject({ message: 'invalidActivationCode', errors: [{ field: 'activation_code', messages: ['invalidActivationCode'] }] });
    }
    // Typed loosely: lower case, spaces instead of dashes.
    const typed = code().toLowerCase().replace(/-/g, ' ');
    const installed = await mine('POST', '/integrate', { id: INVOICING, activation_code: typed });
    expect(installed.statusCode, installed.body).toBe(200);
    expect(installed.json()).toMatchObject({ id: INVOICING, disabled: false, onboarded: false, onboarding_required: true, service: 'notConfigured' });
    // Deactivated and activated again: no code needed any more.
    expect((await mine('PUT', '/integrate', { id: INVOICING, disabled: true })).json()).toMatchObject({ disabled: true, onboarding_required: false });
    expect((await mine('POST', '/integrate', { id: INVOICING })).json()).toMatchObject({ disabled: false });
  });

  it('settings are judged by the JSON Schema; unknown keys and __proto__ refused; onboarding needs the required ones', async () => {
    const bad = await mine('PUT', '/integrate', { id: INVOICING, settings: { vat_number: '12345', currency: 'USD', next_number: 1.5, vat_rate: 101, company: 'x'.repeat(121), colour: 'red' } });
    expect(bad.statusCode).toBe(417);
    expect(bad.json().errors).toEqual([
      { field: 'settings.vat_number', messages: ['invalidInput'] },
      { field: 'settings.currency', messages: ['invalidSelection'] },
      { field: 'settings.next_number', messages: ['invalidNumber'] },
      { field: 'settings.vat_rate', messages: ['cantBeMoreThen'] },
      { field: 'settings.company', messages: ['cantBeMoreThenChars'] },
      { field: 'settings.colour', messages: ['integrationSettingUnknown'] },
    ]);
    const proto = await server().app.inject({ method: 'PUT', url: '/api/integration/integrate', headers: { cookie: admin, 'content-type': 'application/json' }, payload: `{"id":"${INVOICING}","settings":{"__proto__":{"admin":true}}}` });
    expect([400, 417]).toContain(proto.statusCode);
    // A NUL byte: refused before the service (400), never stored.
    const nul = await mine('PUT', '/integrate', { id: INVOICING, settings: { company: 'a\u0000b' } });
    expect([400, 417]).toContain(nul.statusCode);

    const early = await mine('PUT', '/integrate', { id: INVOICING, onboarded: true, settings: { company: 'Luma d.o.o.' } });
    expect(early.statusCode).toBe(417);
    expect(early.json().errors).toEqual([{ field: 'settings.vat_number', messages: ['identityField.requiredField'] }]);
    const saved = await mine('PUT', '/integrate', { id: INVOICING, settings: { company: 'Luma d.o.o.', vat_number: '101883300', currency: 'RSD', next_number: 1 } });
    expect(saved.statusCode, saved.body).toBe(200);
    const onboarded = await mine('PUT', '/integrate', { id: INVOICING, onboarded: true });
    expect(onboarded.json()).toMatchObject({ onboarded: true, onboarding_required: false, settings: { company: 'Luma d.o.o.', vat_number: '101883300' } });
  });

  it('deactivation is refused while an installed template depends on the integration; allowed once it is gone', async () => {
    const { workspaceUuid } = await adminProject(db());
    const image = { fields: [{ name: 'Photo', key: 'photo', module: 'input', type: 'imagev2' }] };
    const named = { fields: [{ name: 'Buyer', key: 'buyer', module: 'input', type: 'text', constraints: { integrations: [INVOICING] } }] };
    const photos = await insertComponentRow(db(), project, { name: 'tpl_photos', settings: image });
    const buyers = await insertComponentRow(db(), project, { name: 'tpl_buyers', settings: named });
    const ledger = { components: [photos, buyers], workflows: [], functions: [], sparks: [], widgets: [], apps: [], records: [] };
    await db().insertInto('template_installs').values({ workspace_uuid: workspaceUuid, project_uuid: project, template_id: 'crm', ledger: toJson(ledger), installed_by: null }).execute();
    try {
      for (const id of ['luma-media', INVOICING]) {
        const refused = await mine('PUT', '/integrate', { id, disabled: true });
        expect(refused.statusCode, id).toBe(409);
        expect(refused.json()).toMatchObject({ message: 'integrationRequiredByTemplate', errors: [{ field: 'templates.crm', messages: ['integrationRequiredByTemplate'] }] });
      }
      expect((await mine('GET', '/integrations')).json().every((item: { disabled: boolean }) => !item.disabled)).toBe(true);
    } finally {
      await db().deleteFrom('template_installs').where('workspace_uuid', '=', workspaceUuid).execute();
    }
    expect((await mine('PUT', '/integrate', { id: 'luma-media', disabled: true })).statusCode).toBe(200);
    expect((await mine('PUT', '/integrate', { id: 'luma-media', disabled: false })).statusCode).toBe(200);
  });

  // The check and the write of a deactivation are one transaction that waits for a template install in
  // progress: an install committing its ledger while the deactivation waits makes the deactivation refused.
  it.skipIf(DB_KIND !== 'postgres')('a deactivation waits for a template install in progress and is refused once it commits', async () => {
    const { workspaceUuid } = await adminProject(db());
    const photos = await insertComponentRow(db(), project, { name: 'tpl_race', settings: { fields: [{ name: 'Photo', key: 'photo', module: 'input', type: 'imagev2' }] } });
    const ledger = { components: [photos], workflows: [], functions: [], sparks: [], widgets: [], apps: [], records: [] };
    let answer: Promise<Awaited<ReturnType<typeof mine>>> | undefined;
    try {
      await db().transaction().execute(async (tx) => {
        await lockTemplateDependencies(tx, project);
        await tx.insertInto('template_installs').values({ workspace_uuid: workspaceUuid, project_uuid: project, template_id: 'crm', ledger: toJson(ledger), installed_by: null }).execute();
        answer = mine('PUT', '/integrate', { id: 'luma-media', disabled: true });
        await until('the deactivation waits for the lock', 30_000, async () => {
          const { rows } = await sql<{ waiting: number }>`select count(*)::int as waiting from pg_locks where locktype = 'advisory' and not granted`.execute(db());
          return rows[0]!.waiting > 0 ? true : undefined;
        });
      });
      const refused = await answer!;
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toBe('integrationRequiredByTemplate');
    } finally {
      await answer?.catch(() => undefined);
      await db().deleteFrom('template_installs').where('workspace_uuid', '=', workspaceUuid).execute();
    }
  });

  it('the VAT lookup answers mb, name, address and place from the provider', async () => {
    const found = await lookup('GET', '/invoicing/services/nbs/search?vatNumber=101883300');
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toEqual({ mb: '07032501', name: 'Luma d.o.o.', address: 'Kneza Miloša 1', place: 'Beograd' });
    expect(provider.asked).toContain('101883300');
  });

  it("not found is 404 'companyNotFoundByTaxNumber' (an empty list or the provider's 404)", async () => {
    for (const pib of ['111111111', '404000000']) {
      const response = await lookup('GET', `/invoicing/services/nbs/search?vatNumber=${pib}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('companyNotFoundByTaxNumber');
    }
  });

  it('a provider failing, malformed or down is 502 nbsProviderFailed, never a 500; not configured is 503', async () => {
    for (const pib of ['500000000', '400000000']) {
      const response = await lookup('GET', `/invoicing/services/nbs/search?vatNumber=${pib}`);
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe('nbsProviderFailed');
    }
    const closed = await providerServer();
    await new Promise<void>((resolve) => closed.server.close(() => resolve()));
    const down = await server().appWith({ LUMA_ACTIVATION_SECRET: SECRET, LUMA_NBS_URL: closed.url });
    const response = await call(() => down, () => admin)('GET', '/invoicing/services/nbs/search?vatNumber=101883300');
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe('nbsProviderFailed');
    const unset = await mine('GET', '/invoicing/services/nbs/search?vatNumber=101883300');
    expect(unset.statusCode).toBe(503);
    expect(unset.json().message).toBe('integrationNotConfigured');
  });

  it('bad input (not 9 digits) is 417 invalidVatNumber and never reaches the provider', async () => {
    const before = provider.asked.length;
    for (const bad of ['', '12345678', '1234567890', '12345678a', '%00123456789', '123456789%00', '１２３４５６７８９']) {
      const response = await lookup('GET', `/invoicing/services/nbs/search?vatNumber=${encodeURIComponent(bad)}`);
      expect(response.statusCode, bad).toBe(417);
      expect(response.json().errors).toEqual([{ field: 'vatNumber', messages: ['invalidVatNumber'] }]);
    }
    expect((await lookup('GET', '/invoicing/services/nbs/search')).statusCode).toBe(417);
    expect((await lookup('GET', '/invoicing/services/nbs/search?vatNumber=101883300&extra=1')).statusCode).toBe(400);
    expect(provider.asked.length).toBe(before);
  });

  it("the lookup needs 'use luma-invoicing' and the integration active (403)", async () => {
    await createMember(db(), 'invoicing-member@luma.test', 'member password 1');
    const member = await login(withProvider, 'invoicing-member@luma.test', 'member password 1');
    const denied = await call(() => withProvider, () => member)('GET', '/invoicing/services/nbs/search?vatNumber=101883300');
    expect(denied.statusCode).toBe(403);
    await createMember(db(), 'invoicing-user@luma.test', 'member password 2', ['use luma-invoicing']);
    const user = await login(withProvider, 'invoicing-user@luma.test', 'member password 2');
    expect((await call(() => withProvider, () => user)('GET', '/invoicing/services/nbs/search?vatNumber=101883300')).statusCode).toBe(200);
    await mine('PUT', '/integrate', { id: INVOICING, disabled: true });
    const off = await lookup('GET', '/invoicing/services/nbs/search?vatNumber=101883300');
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe('integrationDisabled');
    await mine('POST', '/integrate', { id: INVOICING });
  });
});
