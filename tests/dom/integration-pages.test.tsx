// The integrations' own pages (/admin and /home/integrations/page/$id) against a fake integration host:
// 'permission {id}' ('use {id}', admins pass), installed and active first, luma-invoicing's VAT lookup
// (found, not found with the spec's message, a bad number never sent), and a page of an integration
// with nothing to show yet.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CatalogueEntry, Integration } from '../../runtime/api/integrations';
import { renderApp } from './account-harness';

const PROJECT = '00000000-0000-4000-8000-0000000000b1';
const INVOICING: CatalogueEntry = {
  id: 'luma-invoicing',
  name: 'Invoicing',
  description: 'VAT lookup.',
  permissions: ['use luma-invoicing'],
  pages: [{ path: '/admin/integrations/page/luma-invoicing', label: 'Invoicing', home_path: '/home/integrations/page/luma-invoicing' }],
  settings_schema: { type: 'object', properties: { company: { type: 'string', title: 'Company name' } }, additionalProperties: false },
  default_active: false,
  paid: true,
  onboarding: true,
  service: 'ready',
  installed: true,
  disabled: false,
};

let state: { installed: boolean; disabled: boolean; isAdmin: boolean; permissions: string[]; searched: string[]; onboarded: boolean; paused: boolean | null; writes: unknown[]; appFinished: boolean; completedDismissed: boolean; completedReads: number };

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(status >= 400 ? { status, ...(body as object) } : body), { status, headers: { 'content-type': 'application/json' } });
}

function integration(): Integration {
  return { id: INVOICING.id, name: 'Invoicing', path: INVOICING.pages[0]!.path, onboarded: state.onboarded, disabled: state.disabled, onboarding_required: !state.onboarded && !state.disabled, service: 'ready', template: { renderevents: [] }, settings: { company: 'Luma d.o.o.' }, secrets_set: [], updated_at: null };
}

async function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  const path = url.pathname;
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { path?: string; data?: { paused?: boolean } }) : undefined;
  if (path === '/api/v1/config/get') return state.paused === null ? json({ message: 'notFound' }, 404) : json({ path: 'onboarding', data: { paused: state.paused }, project_uuid: PROJECT });
  if (path === '/api/v1/config/' && init?.method === 'PUT') {
    state.writes.push(body);
    state.paused = body?.data?.paused === true;
    return json({ ...body });
  }
  if (path === '/api/v1/config/user' && init?.method === 'PUT') {
    state.writes.push(body);
    state.completedDismissed = true;
    return json({ ...body });
  }
  if (path === '/api/v1/config/user' && url.searchParams.get('path') === 'onboarding.completed') {
    state.completedReads += 1;
    return state.completedDismissed ? json({ path: 'onboarding.completed', data: true, project_uuid: PROJECT }) : json({ message: 'notFound' }, 404);
  }
  if (path === '/api/v1/system/resources') {
    return json({ project_uuid: PROJECT, components: 3, records: 1200, workflows: 1, functions: 0, sparks: { count: 2, limit: 25 }, widgets: 0, apps: 1, public_apps: { count: 0, limit: 5 }, media: { libraries: 1, files: 4, bytes: 2 * 1024 * 1024 }, users: 2, api_users: 1 });
  }
  if (path === '/api/v3/system/app') return json([{ uuid: 'a1', name: 'crm', label: 'CRM app', icon: null, dev_version: 'v1', public_version: null, onboarding: { required: true, finished: state.appFinished }, versions: ['v1'], workspaces: [], created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' }]);
  if (path === '/api/v1/user/claims') return json({ ProjectUUID: '00000000-0000-4000-8000-0000000000b1', IsAdmin: state.isAdmin });
  if (path === '/api/v1/user/model') return json({ uuid: 'me', name: 'Ada', email: 'ada@example.com', settings: {}, billing_address: null, login_at: null, status: 'active', project_uuid: '00000000-0000-4000-8000-0000000000b1', workspace_uuid: null, is_admin: state.isAdmin });
  if (path === '/api/v3/system/component/menu') return json([]);
  if (path === '/api/v1/user/role/permissions') return json({ is_admin: state.isAdmin, permissions: state.permissions, roles: [] });
  if (path === '/api/integration/integrations') return json(state.installed ? [integration(), { ...integration(), id: 'luma-ocr', name: 'OCR', disabled: false, onboarding_required: false }] : []);
  if (path === '/api/integration/integrations/explore') return json([{ ...INVOICING, installed: state.installed, disabled: state.disabled }, { ...INVOICING, id: 'luma-ocr', name: 'OCR', service: 'unavailable', installed: true }]);
  if (path === '/api/integration/invoicing/services/nbs/search') {
    const vat = url.searchParams.get('vatNumber') ?? '';
    state.searched.push(vat);
    if (vat === '101883300') return json({ mb: '07032501', name: 'Luma d.o.o.', address: 'Kneza Miloša 1', place: 'Beograd' });
    return json({ message: 'companyNotFoundByTaxNumber' }, 404);
  }
  return json({ message: 'notFound' }, 404);
}

beforeEach(() => {
  state = { installed: true, disabled: false, isAdmin: true, permissions: [], searched: [], onboarded: true, paused: null, writes: [], appFinished: false, completedDismissed: false, completedReads: 0 };
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  vi.stubGlobal('scrollTo', () => undefined);
});
afterEach(() => vi.unstubAllGlobals());

describe('integration pages', () => {
  it('luma-invoicing: the lookup fills mb, name, address and place; not found says so; a bad number is never sent', async () => {
    renderApp('/admin/integrations/page/luma-invoicing');
    const input = await screen.findByTestId('invoicing-vat-number');
    expect(screen.getByTestId('invoicing-details').textContent).toContain('Luma d.o.o.');
    fireEvent.change(input, { target: { value: '12345' } });
    expect((screen.getByTestId('invoicing-search') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('invoicing-vat-hint').textContent).toBe('A VAT number (PIB) has 9 digits.');
    fireEvent.change(input, { target: { value: '101883300' } });
    fireEvent.click(screen.getByTestId('invoicing-search'));
    const company = await screen.findByTestId('invoicing-company');
    expect(company.textContent).toContain('07032501');
    expect(company.textContent).toContain('Kneza Miloša 1');
    expect(company.textContent).toContain('Beograd');
    fireEvent.change(input, { target: { value: '111111111' } });
    fireEvent.click(screen.getByTestId('invoicing-search'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Company not found by tax number.'));
    expect(state.searched).toEqual(['101883300', '111111111']);
  });

  it("a member needs 'use luma-invoicing' (any case) for the page under /home", async () => {
    state.isAdmin = false;
    renderApp('/home/integrations/page/luma-invoicing');
    await screen.findByTestId('integration-no-permission');
    expect(state.searched).toEqual([]);
  });

  it('a member holding it sees the lookup, without the settings link', async () => {
    state.isAdmin = false;
    state.permissions = ['USE luma-invoicing'];
    renderApp('/home/integrations/page/luma-invoicing');
    await screen.findByTestId('invoicing-vat-number');
    expect(screen.queryByRole('link', { name: 'Settings' })).toBeNull();
  });

  it('not installed, deactivated, not configured and unknown pages say so', async () => {
    state.installed = false;
    renderApp('/admin/integrations/page/luma-invoicing');
    await screen.findByTestId('integration-not-installed');
    cleanup();
    state.installed = true;
    state.disabled = true;
    renderApp('/admin/integrations/page/luma-invoicing');
    await screen.findByTestId('integration-disabled');
    cleanup();
    renderApp('/admin/integrations/page/luma-ocr');
    await screen.findByTestId('integration-page-not-configured');
    cleanup();
    renderApp('/admin/integrations/page/nope');
    await screen.findByTestId('integration-not-found');
  });
});

describe('required onboarding on the dashboard', () => {
  it('lists the integration not onboarded and the app with required onboarding; an admin pauses it after the warning, then resumes', async () => {
    state.onboarded = false;
    renderApp('/admin/dashboard');
    const card = await screen.findByTestId('required-onboarding');
    expect(card.textContent).toContain('Welcome! A few things in this project are installed but not set up yet.');
    await waitFor(() => expect(screen.getAllByTestId('onboarding-item').map((item) => item.textContent)).toEqual(['Invoicing', 'CRM app']));
    expect(card.dataset.paused).toBe('false');
    fireEvent.click(screen.getByTestId('onboarding-pause'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('hidden for everyone');
    fireEvent.click(screen.getByTestId('confirm-accept'));
    await waitFor(() => expect(screen.getByTestId('required-onboarding').dataset.paused).toBe('true'));
    expect(state.writes).toEqual([{ path: 'onboarding', data: { paused: true }, project_uuid: PROJECT }]);
    expect(screen.getByTestId('required-onboarding').textContent).toContain('2 items are not set up yet');
    fireEvent.click(screen.getByTestId('onboarding-resume'));
    await waitFor(() => expect(screen.getByTestId('required-onboarding').dataset.paused).toBe('false'));
  });

  it('once everything installed is set up an admin sees onboarding completed, until dismissed (saved per user)', async () => {
    state.appFinished = true;
    renderApp('/admin/dashboard');
    const card = await screen.findByTestId('onboarding-completed');
    expect(card.textContent).toContain('Onboarding completed');
    expect(card.textContent).toContain('Congratulations: everything installed in this project is set up.');
    expect(screen.queryByTestId('required-onboarding')).toBeNull();
    fireEvent.click(screen.getByTestId('onboarding-completed-dismiss'));
    await waitFor(() => expect(screen.queryByTestId('onboarding-completed')).toBeNull());
    expect(state.writes).toEqual([{ path: 'onboarding.completed', data: true, project_uuid: PROJECT }]);
    cleanup();
    renderApp('/admin/dashboard');
    await screen.findByTestId('dashboard-heading');
    await waitFor(() => expect(state.completedReads).toBe(2));
    await waitFor(() => expect(screen.getByTestId('resources.sparks').textContent).toBe('2 / 25'));
    expect(screen.queryByTestId('onboarding-completed')).toBeNull();
  });

  it("an admin sees the project's resources with their limits", async () => {
    renderApp('/admin/dashboard');
    await waitFor(() => expect(screen.getByTestId('resources.sparks').textContent).toBe('2 / 25'));
    expect(screen.getByTestId('resources.records').textContent).toBe('1200');
    expect(screen.getByTestId('resources.media').textContent).toBe('1 · 4 · 2 MB');
  });

  it('nothing to onboard: no card', async () => {
    state.isAdmin = false;
    renderApp('/admin/dashboard');
    await screen.findByTestId('dashboard-heading');
    await waitFor(() => expect(state.paused).toBeNull());
    expect(screen.queryByTestId('required-onboarding')).toBeNull();
    expect(screen.queryByTestId('dashboard-resources')).toBeNull();
  });
});
