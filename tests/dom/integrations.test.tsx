// /admin/integrations and /admin/integrations/:id against a fake integration host that follows
// runtime/api/integrations.ts: the installed list and the catalogue, install without a question,
// deactivate and activate after one (Cancel sends nothing), declared settings saved with their field
// errors, what a member without 'settings {id}' sees, and an unknown id.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CatalogueEntry, Integration } from '../../runtime/api/integrations';
import { toastStore } from '../../renderers/ui/toast';
import { renderApp } from './account-harness';

interface Call {
  method: string;
  path: string;
  body: unknown;
}

const MEDIA: CatalogueEntry = {
  id: 'luma-media',
  name: 'Media library',
  description: 'Libraries of files.',
  permissions: ['use luma-media', 'upload luma-media', 'create_dir luma-media', 'delete_dir luma-media', 'download luma-media', 'delete luma-media'],
  pages: [{ path: '/admin/integrations/page/luma-media', label: 'Media library', home_path: '/home/integrations/page/luma-media' }],
  settings_schema: { type: 'object', properties: {}, additionalProperties: false },
  default_active: true,
  paid: false,
  onboarding: false,
  service: 'ready',
  installed: true,
  disabled: false,
};
/** A second entry, as a later integration will be: not default, with declared settings. */
const CRM: CatalogueEntry = {
  id: 'acme-crm',
  name: 'Acme CRM',
  description: 'Contacts from Acme.',
  permissions: ['use acme-crm'],
  pages: [{ path: '/admin/integrations/page/acme-crm', label: 'Acme CRM', home_path: null }],
  settings_schema: {
    type: 'object',
    properties: {
      endpoint: { type: 'string', title: 'Endpoint', format: 'uri' },
      sync: { type: 'boolean', title: 'Sync nightly' },
      batch: { type: 'integer', title: 'Batch size', minimum: 1, maximum: 1000 },
      region: { type: 'string', title: 'Region', enum: ['eu', 'us'] },
      api_key: { type: 'string', title: 'API key', writeOnly: true },
    },
    required: ['endpoint'],
    additionalProperties: false,
  },
  default_active: false,
  paid: false,
  onboarding: true,
  service: 'ready',
  installed: false,
  disabled: false,
};
/** A paid entry (an activation code to install) and a planned one with no provider. */
const PAID: CatalogueEntry = { ...CRM, id: 'luma-invoicing', name: 'Invoicing', paid: true, onboarding: true, pages: [], settings_schema: { type: 'object', properties: {}, additionalProperties: false } };
const PLANNED: CatalogueEntry = { ...CRM, id: 'luma-ocr', name: 'OCR', service: 'unavailable', pages: [] };

let state: { catalogue: CatalogueEntry[]; onboarded: string[]; settings: Record<string, Record<string, unknown>>; secretsSet: Record<string, string[]>; isAdmin: boolean; permissions: string[]; calls: Call[]; fail: Record<string, { status: number; body: unknown }> };

function json(body: unknown, status = 200): Response {
  const payload = status >= 400 && body && typeof body === 'object' ? { status, ...body } : body;
  return new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
}

function integrationOf(entry: CatalogueEntry): Integration {
  const onboarded = state.onboarded.includes(entry.id);
  return { id: entry.id, name: entry.name, path: entry.pages[0]?.path ?? '', onboarded, disabled: entry.disabled, onboarding_required: entry.onboarding && !onboarded && !entry.disabled, service: entry.service, template: { renderevents: [] }, settings: state.settings[entry.id] ?? {}, secrets_set: state.secretsSet[entry.id] ?? [], updated_at: null };
}

async function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
  const path = url.pathname;
  state.calls.push({ method, path, body });
  const forced = state.fail[`${method} ${path}`];
  if (forced) return json(forced.body, forced.status);
  if (path === '/api/v1/user/claims') return json({ ProjectUUID: '00000000-0000-4000-8000-0000000000b1', IsAdmin: state.isAdmin });
  if (path === '/api/v1/user/model') {
    return json({ uuid: 'me', name: 'Ada', email: 'ada@example.com', settings: {}, billing_address: null, login_at: null, status: 'active', project_uuid: '00000000-0000-4000-8000-0000000000b1', workspace_uuid: null, is_admin: state.isAdmin });
  }
  if (path === '/api/v3/system/component/menu') return json([]);
  if (path === '/api/v1/user/role/permissions') return json({ is_admin: state.isAdmin, permissions: state.permissions, roles: [] });
  if (path === '/api/integration/integrations') return json(state.catalogue.filter((entry) => entry.installed).map(integrationOf));
  if (path === '/api/integration/integrations/explore') return json(state.catalogue);
  if (path === '/api/integration/integrate') {
    const entry = state.catalogue.find((candidate) => candidate.id === body?.id);
    if (!entry) return json({ message: 'integrationNotFound' }, 404);
    if (method === 'POST' && entry.paid && !entry.installed && body?.activation_code !== 'GOOD-CODE') {
      return json({ message: 'invalidActivationCode', errors: [{ field: 'activation_code', messages: ['invalidActivationCode'] }] }, 417);
    }
    if (method === 'POST') Object.assign(entry, { installed: true, disabled: false });
    if (method === 'PUT' && body?.onboarded === true) state.onboarded.push(entry.id);
    if (method === 'PUT') {
      if (typeof body?.disabled === 'boolean') entry.disabled = body.disabled;
      if (body?.settings) state.settings[entry.id] = body.settings as Record<string, unknown>;
    }
    return json(integrationOf(entry));
  }
  return json({ message: 'notFound' }, 404);
}

beforeEach(() => {
  state = { catalogue: [{ ...MEDIA }, { ...CRM }], onboarded: [], settings: {}, secretsSet: {}, isAdmin: true, permissions: [], calls: [], fail: {} };
  toastStore.set([]);
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  vi.stubGlobal('scrollTo', () => undefined);
});
afterEach(() => vi.unstubAllGlobals());

async function mount(path: string, ready: string): Promise<HTMLElement> {
  renderApp(path);
  return screen.findByTestId(ready);
}

const writes = () => state.calls.filter((call) => call.method !== 'GET' && call.path.startsWith('/api/integration'));
const entryCard = (id: string) => screen.getAllByTestId('integration-entry').find((card) => card.dataset.id === id)!;
const stateIn = (element: HTMLElement) => within(element).getByTestId('integration-state').dataset.state;

describe('/admin/integrations', () => {
  it('lists what is installed and the catalogue; installing asks nothing and moves the entry to the list', async () => {
    await mount('/admin/integrations', 'integrations-page');
    const rows = await screen.findAllByTestId('integration-row');
    expect(rows.map((row) => row.dataset.id)).toEqual(['luma-media']);
    expect(within(rows[0]!).getByTestId('integration-open').getAttribute('href')).toBe('/admin/integrations/page/luma-media');
    await waitFor(() => expect(screen.getAllByTestId('integration-entry')).toHaveLength(2));
    expect(stateIn(entryCard('luma-media'))).toBe('active');
    expect(entryCard('luma-media').textContent).toContain('On in every project');
    expect(stateIn(entryCard('acme-crm'))).toBe('notInstalled');
    expect(screen.queryByTestId('integrations-only-admins')).toBeNull();

    fireEvent.click(within(entryCard('acme-crm')).getByTestId('integration-install'));
    await waitFor(() => expect(screen.getAllByTestId('integration-row').map((row) => row.dataset.id)).toEqual(['luma-media', 'acme-crm']));
    expect(writes()).toEqual([{ method: 'POST', path: '/api/integration/integrate', body: { id: 'acme-crm' } }]);
    expect(toastStore.get().map((toast) => toast.message)).toContain('integrations.installedToast');
    expect(stateIn(entryCard('acme-crm'))).toBe('active');
  });

  it('a deactivated integration is offered Activate, after a confirmation', async () => {
    state.catalogue[0]!.disabled = true;
    await mount('/admin/integrations', 'integrations-page');
    await waitFor(() => expect(screen.getAllByTestId('integration-entry')).toHaveLength(2));
    const row = (await screen.findAllByTestId('integration-row'))[0]!;
    expect(stateIn(row)).toBe('deactivated');
    expect(within(row).queryByTestId('integration-open')).toBeNull();
    fireEvent.click(within(entryCard('luma-media')).getByTestId('integration-activate'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Activate Media library?');
    fireEvent.click(within(dialog).getByTestId('confirm-accept'));
    await waitFor(() => expect(stateIn(entryCard('luma-media'))).toBe('active'));
    expect(writes()).toEqual([{ method: 'POST', path: '/api/integration/integrate', body: { id: 'luma-media' } }]);
  });

  it("a member without 'settings {id}' reads but gets no install or activate", async () => {
    state.isAdmin = false;
    state.catalogue[0]!.disabled = true;
    await mount('/admin/integrations', 'integrations-page');
    await screen.findByTestId('integrations-only-admins');
    await waitFor(() => expect(screen.getAllByTestId('integration-entry')).toHaveLength(2));
    expect(screen.queryByTestId('integration-activate')).toBeNull();
    expect(screen.queryByTestId('integration-install')).toBeNull();
  });

  it("'Settings Acme-CRM' (any case) lets a member install that one", async () => {
    state.isAdmin = false;
    state.permissions = ['Settings Acme-CRM'];
    state.catalogue[0]!.disabled = true;
    await mount('/admin/integrations', 'integrations-page');
    await waitFor(() => expect(within(entryCard('acme-crm')).queryByTestId('integration-install')).not.toBeNull());
    expect(within(entryCard('luma-media')).queryByTestId('integration-activate')).toBeNull();
  });
});

describe('paid and planned integrations', () => {
  it('a paid one asks for its activation code; an invalid one is refused in the dialog, a valid one installs', async () => {
    state.catalogue.push({ ...PAID });
    await mount('/admin/integrations', 'integrations-page');
    await waitFor(() => expect(screen.getAllByTestId('integration-entry')).toHaveLength(3));
    expect(entryCard('luma-invoicing').textContent).toContain('Needs an activation code');
    fireEvent.click(within(entryCard('luma-invoicing')).getByTestId('integration-install'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect((within(dialog).getByTestId('confirm-accept') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByTestId('integration-activation-code'), { target: { value: 'WRONG' } });
    fireEvent.click(within(dialog).getByTestId('confirm-accept'));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Invalid activation code.'));
    fireEvent.change(within(dialog).getByTestId('integration-activation-code'), { target: { value: 'GOOD-CODE' } });
    fireEvent.click(within(dialog).getByTestId('confirm-accept'));
    await waitFor(() => expect(stateIn(entryCard('luma-invoicing'))).toBe('active'));
    expect(writes().at(-1)).toEqual({ method: 'POST', path: '/api/integration/integrate', body: { id: 'luma-invoicing', activation_code: 'GOOD-CODE' } });
  });

  it('a planned one says Not configured, offers no install, and shows its settings read-only', async () => {
    state.catalogue.push({ ...PLANNED });
    await mount('/admin/integrations', 'integrations-page');
    await waitFor(() => expect(screen.getAllByTestId('integration-entry')).toHaveLength(3));
    expect(within(entryCard('luma-ocr')).getByTestId('integration-service').textContent).toBe('Not configured');
    expect(within(entryCard('luma-ocr')).queryByTestId('integration-install')).toBeNull();
    fireEvent.click(within(entryCard('luma-ocr')).getByTestId('integration-details'));
    const note = await screen.findByTestId('integration-service-note');
    expect(note.textContent).toContain('no provider');
    expect((screen.getByTestId('integration-setting-endpoint') as HTMLInputElement).disabled).toBe(true);
  });
});

describe('/admin/integrations/:id', () => {
  it('shows pages and permissions; Deactivate asks first (Cancel sends nothing), then PUTs disabled and says so', async () => {
    await mount('/admin/integrations/luma-media', 'integration-page');
    expect(screen.getByTestId('integration-title').textContent).toBe('Media library');
    expect(within(screen.getByTestId('integration-permissions')).getAllByRole('listitem')).toHaveLength(6);
    expect(screen.getByTestId('integration-page-link').getAttribute('href')).toBe('/admin/integrations/page/luma-media');
    expect(screen.getByTestId('integration-no-settings').textContent).toContain('media library page');

    fireEvent.click(screen.getByTestId('integration-deactivate'));
    let dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Deactivate Media library?');
    fireEvent.click(within(dialog).getByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(writes()).toEqual([]);

    fireEvent.click(screen.getByTestId('integration-deactivate'));
    dialog = await screen.findByTestId('confirm-dialog');
    fireEvent.click(within(dialog).getByTestId('confirm-accept'));
    await waitFor(() => expect(screen.getByTestId('integration-state').dataset.state).toBe('deactivated'));
    expect(writes()).toEqual([{ method: 'PUT', path: '/api/integration/integrate', body: { id: 'luma-media', disabled: true } }]);
    expect(screen.getByTestId('integration-deactivated-note')).toBeTruthy();
    expect(screen.queryByTestId('integration-page-link')).toBeNull();
    expect(screen.getByTestId('integration-activate')).toBeTruthy();
  });

  it('a failed change stays in the dialog with its message', async () => {
    state.fail['PUT /api/integration/integrate'] = { status: 403, body: { message: 'forbidden' } };
    await mount('/admin/integrations/luma-media', 'integration-page');
    fireEvent.click(screen.getByTestId('integration-deactivate'));
    const dialog = await screen.findByTestId('confirm-dialog');
    fireEvent.click(within(dialog).getByTestId('confirm-accept'));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).not.toBe(''));
    expect(screen.getByTestId('integration-state').dataset.state).toBe('active');
  });

  it('saves declared settings with their types, and shows a 417 at its field', async () => {
    state.catalogue[1]!.installed = true;
    state.settings['acme-crm'] = { endpoint: 'https://crm.example', sync: false };
    await mount('/admin/integrations/acme-crm', 'integration-settings-form');
    const endpoint = screen.getByTestId('integration-setting-endpoint') as HTMLInputElement;
    expect(endpoint.value).toBe('https://crm.example');
    // A writeOnly (secret) setting is a password input without autofill; the others are plain text.
    expect(endpoint.type).toBe('text');
    expect(screen.getByTestId('integration-setting-api_key')).toMatchObject({ type: 'password', autocomplete: 'new-password' });
    fireEvent.click(screen.getByTestId('integration-setting-sync'));
    fireEvent.change(screen.getByTestId('integration-setting-batch'), { target: { value: '50' } });
    fireEvent.click(screen.getByTestId('integration-settings-save'));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toEqual({ method: 'PUT', path: '/api/integration/integrate', body: { id: 'acme-crm', settings: { endpoint: 'https://crm.example', sync: true, batch: 50 } } });

    state.fail['PUT /api/integration/integrate'] = { status: 417, body: { message: 'fieldsNotValid', errors: [{ field: 'settings.endpoint', messages: ['integrationSettingUnknown'] }] } };
    fireEvent.change(screen.getByTestId('integration-setting-batch'), { target: { value: '60' } });
    fireEvent.click(screen.getByTestId('integration-settings-save'));
    await screen.findByText('This integration has no such setting.');
  });

  it('a set secret is an empty password input saying it is kept: left empty it is not sent, a new one is, Remove sends null', async () => {
    state.catalogue[1]!.installed = true;
    state.settings['acme-crm'] = { endpoint: 'https://crm.example' };
    state.secretsSet['acme-crm'] = ['api_key'];
    await mount('/admin/integrations/acme-crm', 'integration-settings-form');
    const key = screen.getByTestId('integration-setting-api_key') as HTMLInputElement;
    expect(key).toMatchObject({ type: 'password', value: '' });
    expect(key.parentElement?.textContent).toContain('Set; leave it empty to keep it.');
    fireEvent.change(screen.getByTestId('integration-setting-endpoint'), { target: { value: 'https://crm2.example' } });
    fireEvent.click(screen.getByTestId('integration-settings-save'));
    await waitFor(() => expect(writes()).toHaveLength(1));
    // Left empty: the secret is not in the save, so the server keeps it.
    expect(writes()[0]!.body).toEqual({ id: 'acme-crm', settings: { endpoint: 'https://crm2.example' } });

    fireEvent.change(screen.getByTestId('integration-setting-api_key'), { target: { value: 'sk-new' } });
    fireEvent.click(screen.getByTestId('integration-settings-save'));
    await waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes()[1]!.body).toEqual({ id: 'acme-crm', settings: { endpoint: 'https://crm2.example', api_key: 'sk-new' } });

    fireEvent.change(screen.getByTestId('integration-setting-api_key'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('integration-setting-api_key-remove'));
    expect(screen.getByTestId('integration-setting-api_key').parentElement?.textContent).toContain('Removed on save.');
    fireEvent.click(screen.getByTestId('integration-settings-save'));
    await waitFor(() => expect(writes()).toHaveLength(3));
    expect(writes()[2]!.body).toEqual({ id: 'acme-crm', settings: { endpoint: 'https://crm2.example', api_key: null } });
  });

  it('a secret not set, or one the schema requires, has no Remove', async () => {
    state.catalogue[1]!.installed = true;
    state.catalogue[1]!.settings_schema = { ...CRM.settings_schema, required: ['endpoint', 'api_key'] };
    await mount('/admin/integrations/acme-crm', 'integration-settings-form');
    expect(screen.getByTestId('integration-setting-api_key').parentElement?.textContent).not.toContain('Set; leave it empty');
    expect(screen.queryByTestId('integration-setting-api_key-remove')).toBeNull();
    state.secretsSet['acme-crm'] = ['api_key'];
    cleanup();
    await mount('/admin/integrations/acme-crm', 'integration-settings-form');
    expect(screen.getByTestId('integration-setting-api_key').parentElement?.textContent).toContain('Set; leave it empty to keep it.');
    expect(screen.queryByTestId('integration-setting-api_key-remove')).toBeNull();
  });

  it("judges settings by the schema before sending: a bad address and an out-of-range number stay in the form", async () => {
    state.catalogue[1]!.installed = true;
    await mount('/admin/integrations/acme-crm', 'integration-settings-form');
    fireEvent.change(screen.getByTestId('integration-setting-endpoint'), { target: { value: 'not a url' } });
    fireEvent.change(screen.getByTestId('integration-setting-batch'), { target: { value: '5000' } });
    fireEvent.click(screen.getByTestId('integration-settings-save'));
    await screen.findByText('Invalid input');
    expect(screen.getByTestId('integration-setting-batch').parentElement?.textContent).toContain("Can't be more then");
    expect(writes()).toEqual([]);
  });

  it('onboarding: Finish onboarding, refused with the missing setting named, then done', async () => {
    state.catalogue[1]!.installed = true;
    state.fail['PUT /api/integration/integrate'] = { status: 417, body: { message: 'fieldsNotValid', errors: [{ field: 'settings.endpoint', messages: ['identityField.requiredField'] }] } };
    await mount('/admin/integrations/acme-crm', 'integration-onboarding');
    fireEvent.click(screen.getByTestId('integration-finish-onboarding'));
    const missing = await screen.findByTestId('integration-onboarding-missing');
    expect(missing.textContent).toBe('Endpoint: This is a required field');
    delete state.fail['PUT /api/integration/integrate'];
    fireEvent.click(screen.getByTestId('integration-finish-onboarding'));
    await waitFor(() => expect(screen.getByTestId('integration-onboarding').dataset.onboarded).toBe('true'));
    expect(writes().at(-1)).toEqual({ method: 'PUT', path: '/api/integration/integrate', body: { id: 'acme-crm', onboarded: true } });
  });

  it('an id not in the catalogue says so', async () => {
    const shown = await mount('/admin/integrations/nope', 'integration-not-found');
    expect(shown.textContent).toBe('This integration does not exist.');
  });
});
