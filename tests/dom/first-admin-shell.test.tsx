// What a first-time administrator sees around the pages (issue 29): the dashboard and home list the
// components that exist instead of "No components yet", and home claims nothing about apps; the
// breadcrumbs say where the page is, not where the user has been, by names and never by uuids.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { environmentStore, setEnvironment } from '../../renderers/ui/prefs';
import { clearBreadcrumbs } from '../../src/app/routes/breadcrumbs';
import { fakeApi, renderApp, signedInRoutes, type Routes } from './account-harness';

const component = (name: string, label: string, versions: { dev?: string; live?: string } = { dev: '1' }) => ({
  uuid: `00000000-0000-4000-8000-${name.padStart(12, '0').slice(-12).replace(/[^0-9a-f]/g, 'a')}`,
  name,
  scope: null,
  tag: null,
  ref: name,
  label: { en_US: label },
  displayName: label,
  icon: null,
  sort: 0,
  is_public: false,
  is_active: true,
  is_custom: true,
  public_version: versions.live ?? null,
  dev_version: versions.dev ?? null,
  versions: ['1'],
  dependencies: [],
  props: {},
  workspaces: [],
  CreatedAt: '2026-11-27T10:00:00Z',
  UpdatedAt: '2026-11-27T10:00:00Z',
});

const THREE = [component('orders', 'Orders'), component('customers', 'Customers'), component('products', 'Products', { live: '1' })];

function api(extra: Routes = {}) {
  return fakeApi({ ...signedInRoutes(), 'GET /v3/system/components': () => THREE, ...extra });
}

beforeEach(() => {
  clearBreadcrumbs();
  localStorage.clear();
  setEnvironment('live');
});
afterEach(() => vi.unstubAllGlobals());

describe('dashboard and home (issue 29 item 19)', () => {
  it('the dashboard lists the three components, each with its settings, not "No components yet"', async () => {
    api();
    renderApp('/admin/dashboard');
    const card = await screen.findByTestId('dashboard-components');
    await waitFor(() => expect(within(card).getAllByTestId('dashboard-component')).toHaveLength(3));
    expect(card.textContent).not.toContain('No components yet');
    const orders = within(card).getAllByTestId('dashboard-component')[0]!;
    expect(within(orders).getByRole('link', { name: 'Orders' }).getAttribute('href')).toBe('/admin/component/orders/settings');
  });

  it('the dashboard says "No components yet" only when there are none', async () => {
    api({ 'GET /v3/system/components': () => [] });
    renderApp('/admin/dashboard');
    expect((await screen.findByTestId('components-empty')).textContent).toContain('No components yet');
  });

  it('home shows a tile for each component the user can open and says nothing about apps', async () => {
    api({ 'GET /v3/system/component/menu': () => THREE.slice(0, 2) });
    renderApp('/home/home');
    const section = await screen.findByTestId('home-components');
    await waitFor(() => expect(within(section).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/home/component/orders', '/home/component/customers']));
    expect(within(section).getByText('Orders')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/No apps yet/);
  });
});

const crumbs = () => screen.queryAllByTestId('breadcrumb').map((li) => li.textContent);

describe('breadcrumbs (issue 29 item 20)', () => {
  it('Functions, Forge apps three times, then Developer reads just "Developer"', async () => {
    api();
    const { router } = renderApp('/admin/functions');
    await waitFor(() => expect(crumbs()).toEqual(['Functions']));
    for (const href of ['/admin/forge', '/admin/forge/create', '/admin/forge']) await router.navigate({ href });
    await waitFor(() => expect(crumbs()).toEqual(['Forge apps']));
    await router.navigate({ href: '/admin/developer' });
    await waitFor(() => expect(crumbs()).toEqual(['Developer']));
  });

  it("a component's settings under its uuid read Components › Orders › Orders: Component settings, linked up the tree", async () => {
    api();
    const uuid = THREE[0]!.uuid;
    renderApp(`/admin/component/${uuid}/settings`);
    await waitFor(() => expect(crumbs()).toEqual(['Components', 'Orders', 'Orders: Component settings']));
    const links = within(screen.getByTestId('breadcrumbs')).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/admin/components', `/admin/component/${uuid}`]);
    expect(screen.getByTestId('breadcrumbs').textContent).not.toContain(uuid);
    expect(screen.getAllByTestId('breadcrumb').at(-1)!.getAttribute('title')).toBe('Orders: Component settings');
  });
});

describe('environments (issue 29 item 5)', () => {
  it('the header says which environment this is, apart from the live-updates status, and switches it', async () => {
    api();
    renderApp('/admin/dashboard');
    const pill = await screen.findByTestId('header-env');
    expect(pill.dataset.env).toBe('live');
    expect(within(pill).getByLabelText('Environment')).toBeTruthy();
    expect((within(pill).getByRole('combobox') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Live');
    fireEvent.change(within(pill).getByRole('combobox'), { target: { value: 'dev' } });
    await waitFor(() => expect(screen.getByTestId('header-env').dataset.env).toBe('dev'));
    expect(environmentStore.get()).toBe('dev');
  });

  it("a list URL of a component that exists only in dev, opened in live, says so and switches in one click", async () => {
    // The menu lists what has a version in the environment asked for: orders only in dev.
    api({ 'GET /v3/system/component/menu': () => (environmentStore.get() === 'dev' ? [THREE[0]] : []) });
    renderApp('/admin/component/orders/create');
    const hint = await screen.findByTestId('not-found-other-env');
    expect(hint.textContent).toBe('Orders has no Live version yet; it exists in Dev.Switch to Dev');
    fireEvent.click(within(hint).getByTestId('not-found-switch-env'));
    await waitFor(() => expect(screen.queryByTestId('not-found')).toBeNull());
    expect(environmentStore.get()).toBe('dev');
    expect((await screen.findByTestId('header-env')).dataset.env).toBe('dev');
  });

  it('a component that exists nowhere gets the plain 404', async () => {
    api();
    renderApp('/admin/component/invoices');
    await screen.findByTestId('not-found');
    await waitFor(() => expect(screen.queryByTestId('not-found-other-env')).toBeNull());
  });
});
