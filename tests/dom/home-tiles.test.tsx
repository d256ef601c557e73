// The home tiles (spec section 2 "Home tile"): platform apps, forge apps and components each as a tile
// with its icon or the first letter of its label, a title cut to 12 characters only when it holds an
// underscore, and a link that opens it (apps in the container /a/:id, components in their list).
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, useParams } from '@tanstack/react-router';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { CATALOGUES, DEFAULT_LOCALE } from '../../runtime/i18n/catalogues';
import type { GatewayApp } from '../../runtime/api/apps';
import { TileList } from '../../src/app/components/Tile';
import { homeTiles, type TileModel } from '../../src/app/components/tileModel';
import './harness';

// The router restores scroll after a navigation; jsdom has no scrolling.
window.scrollTo = () => undefined;

const APP = '00000000-0000-4000-8000-00000000a001';
const apps: GatewayApp[] = [
  { uuid: APP, name: 'crm', label: 'customer_relations', icon: null, version: 'v1', onboarding: { required: false, finished: false } },
  { uuid: '00000000-0000-4000-8000-00000000a002', name: 'desk', label: 'Help desk for everyone', icon: '🎧', version: 'v1', onboarding: { required: false, finished: false } },
];

function Container() {
  const { id } = useParams({ strict: false }) as { id?: string };
  return <p data-testid="container">{id}</p>;
}

function show(tiles: TileModel[]) {
  const root = createRootRoute({ component: Outlet });
  const home = createRoute({ getParentRoute: () => root, path: '/', component: () => <TileList tiles={tiles} /> });
  const container = createRoute({ getParentRoute: () => root, path: '/a/$id', component: Container });
  const router = createRouter({ routeTree: root.addChildren([home, container]), history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <IntlProvider locale="en" messages={CATALOGUES[DEFAULT_LOCALE]}>
      <RouterProvider router={router} />
    </IntlProvider>,
  );
  return router;
}

describe('home tiles', () => {
  it('shows platform apps then components, with icon or first letter, titles with an underscore cut to 12', async () => {
    const tiles = homeTiles(apps, [{ ref: 'sales/orders_archive_2024', label: 'orders_archive_2024', icon: null }]);
    tiles.push({ id: 'forge-1', label: 'Bundle', type: 'forge-app' });
    show(tiles);
    const links = await screen.findAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([`/a/${APP}`, '/a/00000000-0000-4000-8000-00000000a002', '/home/component/sales/orders_archive_2024', '/a/forge-1']);
    const [crm, desk, orders, forge] = links as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(crm.querySelector('.tile-icon')!.textContent).toBe('C');
    expect(crm.querySelector('.tile-title')!.textContent).toBe('customer_rel…');
    expect(crm.getAttribute('title')).toBe('customer_relations');
    expect(within(crm).getByText('Platform app')).toBeTruthy();
    expect(desk.querySelector('.tile-icon')!.textContent).toBe('🎧');
    expect(desk.querySelector('.tile-title')!.textContent).toBe('Help desk for everyone');
    expect(orders.querySelector('.tile-title')!.textContent).toBe('orders_archi…');
    expect(within(orders).getByText('Component')).toBeTruthy();
    expect(within(forge).getByText('Forge app')).toBeTruthy();
    expect(forge.querySelector('.tile-icon')!.textContent).toBe('B');
  });

  it('an icon name that is not a symbol falls back to the first letter; an image URL is drawn as an image', async () => {
    show([
      { id: 'a1', label: 'inventory', type: 'platform-app', icon: 'warehouse' },
      { id: 'a2', label: 'Photos', type: 'platform-app', icon: '/media/logo.png' },
    ]);
    const [inventory, photos] = (await screen.findAllByRole('link')) as [HTMLElement, HTMLElement];
    expect(inventory.querySelector('.tile-icon')!.textContent).toBe('I');
    expect(photos.querySelector('.tile-icon img')!.getAttribute('src')).toBe('/media/logo.png');
  });

  it('clicking a platform-app tile opens the app container', async () => {
    show(homeTiles(apps, []));
    fireEvent.click((await screen.findAllByRole('link'))[0]!);
    await waitFor(() => expect(screen.getByTestId('container').textContent).toBe(APP));
  });
});
