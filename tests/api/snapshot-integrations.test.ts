// The integrations part of a snapshot (docs/snapshots.md "Integrations", format 2): each installed
// integration with its state and its settings without the secret (writeOnly) ones. A secret is never
// in the exported text (searched whole, with and without records) and survives an apply on the
// target; the apply writes through the integrations' own service (the settings screen's messages, in
// one transaction: a refusal leaves the project's snapshot the same bytes); a paid integration the
// target lacks is refused with its activation-code message; one marked onboarded whose required
// secret the target lacks stays to be onboarded there; an installed one the document does not list is
// deactivated; a format-1 document leaves the integrations as they are.
// luma-assistant has no provider in this Luma yet (POST /integrate refuses it): its rows are written as
// its install will write them, the one installable-to-be entry whose settings hold a secret.
import { beforeAll, expect, it } from 'vitest';
import { toJson } from '../../src/server/db/json';
import { activationCodeFor } from '../../src/server/integrations/activation';
import { DB_KIND, describeApi, SETUP_TIMEOUT_MS, useServer } from './harness';
import { projectOwner } from './iam-fixtures';

const ACTIVATION = 'snapshot-activation-secret';
const INVOICING = 'luma-invoicing';
const ASSISTANT = 'luma-assistant';
const SOURCE_KEY = 'sk-source-9f8e7d6c5b4a-never-exported';
const TARGET_KEY = 'sk-target-1a2b3c4d5e6f-kept-on-apply';
const INVOICE_SETTINGS = { company: 'Luma d.o.o.', vat_number: '101883300', currency: 'EUR', next_number: 7 };
const ASSISTANT_SETTINGS = { endpoint: 'https://models.example.test/v1', model: 'small-1' };

type Owner = Awaited<ReturnType<typeof projectOwner>>;
type Diff = { create: { kind: string; name: string; fields?: string[] }[]; change: { kind: string; name: string; fields?: string[] }[]; remove: unknown[] };

describeApi(`snapshot integrations (${DB_KIND})`, () => {
  const server = useServer({ LUMA_ACTIVATION_SECRET: ACTIVATION });
  const app = () => server().app;
  const db = () => server().database.db;
  let source: Owner;
  let counter = 0;

  const integration = (owner: Owner, method: 'POST' | 'PUT', payload: object) => app().inject({ method, url: '/api/integration/integrate', payload, headers: { cookie: owner.cookie } });
  const installInvoicing = async (owner: Owner) => {
    const reply = await integration(owner, 'POST', { id: INVOICING, activation_code: activationCodeFor(ACTIVATION, INVOICING, owner.projectUuid) });
    expect(reply.statusCode, reply.body).toBe(200);
  };
  /** luma-assistant's row as its install will write it (no provider in this Luma: POST /integrate refuses it). */
  const assistantRow = (owner: Owner, settings: object, onboarded: boolean) =>
    db().insertInto('integrations').values({ project_uuid: owner.projectUuid, id: ASSISTANT, disabled: false, onboarded, settings: toJson(settings), created_at: new Date(), updated_at: new Date() }).execute();
  const storedOf = async (owner: Owner, id: string) =>
    db().selectFrom('integrations').select(['disabled', 'onboarded', 'settings']).where('project_uuid', '=', owner.projectUuid).where('id', '=', id).executeTakeFirst();
  const exported = async (owner: Owner, query = '') => {
    const reply = await app().inject({ url: `/api/v3/system/snapshot${query}`, headers: { cookie: owner.cookie } });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.body;
  };
  const apply = (owner: Owner, document: unknown, dry = false) =>
    app().inject({ method: 'POST', url: `/api/v3/system/snapshot/${dry ? 'diff' : 'apply'}`, payload: document as object, headers: { cookie: owner.cookie } });
  const integrationsOf = async (owner: Owner) => JSON.parse(await exported(owner)).integrations as { id: string }[];
  const fresh = async () => projectOwner(server(), `snap-integrations-${++counter}@luma.test`, `Integrations ${counter}`);

  beforeAll(async () => {
    source = await fresh();
    await installInvoicing(source);
    const saved = await integration(source, 'PUT', { id: INVOICING, settings: INVOICE_SETTINGS, onboarded: true });
    expect(saved.statusCode, saved.body).toBe(200);
    await assistantRow(source, { ...ASSISTANT_SETTINGS, api_key: SOURCE_KEY }, true);
  }, SETUP_TIMEOUT_MS);

  it('exports each installed integration with its state and settings, never a secret (the whole text searched)', async () => {
    for (const query of ['', '?records=1']) {
      const text = await exported(source, query);
      expect(text).not.toContain(SOURCE_KEY);
      expect(text).not.toContain('api_key');
      expect(JSON.parse(text)).toMatchObject({
        format: 2,
        integrations: [
          { id: ASSISTANT, disabled: false, onboarded: true, settings: ASSISTANT_SETTINGS },
          { id: INVOICING, disabled: false, onboarded: true, settings: INVOICE_SETTINGS },
          { id: 'luma-media', disabled: false, onboarded: false, settings: {} },
        ],
      });
    }
    expect((await storedOf(source, ASSISTANT))?.settings).toMatchObject({ api_key: SOURCE_KEY });
  });

  it("applied onto a target, the diff shows the integrations' changes, the settings land and the target's own secret stays", async () => {
    const target = await fresh();
    await installInvoicing(target);
    await assistantRow(target, { api_key: TARGET_KEY, model: 'old' }, false);
    const document = JSON.parse(await exported(source));
    const dry = await apply(target, document, true);
    expect(dry.statusCode, dry.body).toBe(200);
    const integrationEntries = (diff: Diff) => diff.change.filter((entry) => entry.kind === 'integration');
    expect(integrationEntries(dry.json())).toEqual([
      { kind: 'integration', id: ASSISTANT, name: ASSISTANT, fields: ['onboarded', 'settings'] },
      { kind: 'integration', id: INVOICING, name: INVOICING, fields: ['onboarded', 'settings'] },
    ]);
    const applied = await apply(target, document);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(integrationEntries(applied.json().diff)).toHaveLength(2);
    expect(await storedOf(target, ASSISTANT)).toMatchObject({ onboarded: true, settings: { ...ASSISTANT_SETTINGS, api_key: TARGET_KEY } });
    expect(await storedOf(target, INVOICING)).toMatchObject({ onboarded: true, settings: INVOICE_SETTINGS });
    expect(await integrationsOf(target)).toEqual(document.integrations);
    expect((await exported(target)).includes(TARGET_KEY)).toBe(false);
    const again = await apply(target, document);
    expect(again.json().diff).toEqual({ create: [], change: [], remove: [] });
  });

  it("a target without the required secret: installed, settings saved, left to be onboarded there", async () => {
    const target = await fresh();
    await installInvoicing(target);
    await assistantRow(target, {}, false);
    const applied = await apply(target, JSON.parse(await exported(source)));
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await storedOf(target, ASSISTANT)).toMatchObject({ onboarded: false, settings: ASSISTANT_SETTINGS });
    expect((await storedOf(target, ASSISTANT))?.settings).not.toHaveProperty('api_key');
  });

  it('refusals answer the service\'s own message at the integration and change nothing', async () => {
    const target = await fresh();
    await installInvoicing(target);
    const before = await exported(target);
    const document = JSON.parse(await exported(source));
    const withFunction = (integrations: unknown[]) => ({ ...document, functions: [{ name: 'echo', code: 'return data;' }], integrations });
    const cases: [unknown[], number, string, string, string][] = [
      // The settings screen's own refusal (PUT /integrate): 417 invalidInput at settings.vat_number.
      [[{ id: INVOICING, settings: { vat_number: '12' } }], 417, 'fieldsNotValid', `integrations.${INVOICING}.settings.vat_number`, 'invalidInput'],
      [[{ id: INVOICING, settings: { colour: 'red' } }], 417, 'fieldsNotValid', `integrations.${INVOICING}.settings.colour`, 'integrationSettingUnknown'],
      // A document never carries a secret, even one written by hand.
      [[{ id: ASSISTANT, settings: { api_key: 'sk-by-hand' } }], 417, 'fieldsNotValid', `integrations.${ASSISTANT}.settings.api_key`, 'snapshotSecretSetting'],
      [[{ id: 'luma-nothing' }], 404, 'integrationNotFound', 'integrations.luma-nothing.id', 'integrationNotFound'],
      [[{ id: 'luma-media' }, { id: 'luma-media' }], 417, 'fieldsNotValid', 'integrations.luma-media.id', 'invalidInput'],
      // No provider for it in this Luma: the service's own 409.
      [[{ id: ASSISTANT, settings: ASSISTANT_SETTINGS }], 409, 'integrationNotConfigured', `integrations.${ASSISTANT}`, 'integrationNotConfigured'],
    ];
    for (const [integrations, status, message, field, key] of cases) {
      const reply = await apply(target, withFunction([{ id: 'luma-media', disabled: true }, ...integrations]));
      expect(reply.statusCode, reply.body).toBe(status);
      expect(reply.json(), JSON.stringify(integrations)).toMatchObject({ message, errors: [{ field, messages: [key] }] });
      expect(await exported(target)).toBe(before);
    }
    // A paid integration the target lacks: its first install takes an activation code no document carries.
    const other = await fresh();
    const otherBefore = await exported(other);
    const paid = await apply(other, { ...document, integrations: document.integrations.filter((item: { id: string }) => item.id !== ASSISTANT) });
    expect(paid.statusCode, paid.body).toBe(417);
    expect(paid.json()).toMatchObject({ message: 'invalidActivationCode', errors: [{ field: `integrations.${INVOICING}.activation_code`, messages: ['invalidActivationCode'] }] });
    expect(await exported(other)).toBe(otherBefore);
  });

  it('an installed integration the document leaves out is deactivated; a format-1 document leaves them as they are', async () => {
    const target = await fresh();
    await installInvoicing(target);
    const document = JSON.parse(await exported(target));
    const { integrations, ...format1 } = { ...document, format: 1 };
    const kept = await apply(target, format1);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await integrationsOf(target)).toEqual(integrations);
    const without = { ...document, integrations: (integrations as { id: string }[]).filter((item) => item.id !== INVOICING) };
    const dry = await apply(target, without, true);
    expect(dry.json().change).toEqual([{ kind: 'integration', id: INVOICING, name: INVOICING, fields: ['disabled'] }]);
    expect((await apply(target, without)).statusCode).toBe(200);
    expect(await storedOf(target, INVOICING)).toMatchObject({ disabled: true });
    // Activated again by the document that lists it active (no activation code: it is installed).
    expect((await apply(target, document)).statusCode).toBe(200);
    expect(await storedOf(target, INVOICING)).toMatchObject({ disabled: false });
  });
});
