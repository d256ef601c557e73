// Removing a component from its settings: once "delete" is typed, the user is told and taken to the
// dashboard, even though the page below the dialog goes (its settings are dropped from the cache, and the
// refreshed component list no longer has it).
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { componentSettingsQueryOptions, componentsQueryOptions } from '../../renderers/data/components';
import { toastStore } from '../../renderers/ui/toast';
import { findComponent } from '../../runtime/client/components';
import { ComponentActions } from '../../src/app/features/components/settings/ComponentActions';
import type { SettingsController } from '../../src/app/features/components/settings/useSettingsController';
import { json } from './list-harness';
import { withIntl } from './harness';

const orders = { uuid: '00000000-0000-4000-8000-000000000001', ref: 'orders', name: 'orders' };
let present = true;
let release: () => void = () => undefined;
let listGate: Promise<void> = Promise.resolve();

async function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
  if (path === '/v3/system/components') {
    // The list after the removal is held until the test lets it go: the page re-renders while it is on its way.
    if (!present) await listGate;
    return json(present ? [orders] : []);
  }
  if (path === '/v3/system/component/settings/orders') return present ? json({ ...orders, settings: {} }) : json({ message: 'notFound' }, 404);
  if (path === '/v3/system/component/orders' && init?.method === 'DELETE') {
    present = false;
    return json({});
  }
  return json({ message: 'notFound' }, 404);
}

/** Like the settings page: a skeleton while the settings load, "not found" once the list no longer has the component. */
function Page({ leave }: { leave: (href: string) => Promise<void> }) {
  const components = useQuery(componentsQueryOptions());
  const settings = useQuery(componentSettingsQueryOptions('orders', null));
  if (components.isSuccess && !findComponent(components.data, 'orders')) return <p data-testid="not-found">404</p>;
  if (!settings.data) return <p data-testid="skeleton" />;
  const ctl = { ref: 'orders', leave, loaded: { name: 'orders', settings: {} } } as unknown as SettingsController;
  return <ComponentActions ctl={ctl} blocked={false} />;
}

describe('Remove component', () => {
  beforeEach(() => {
    present = true;
    listGate = new Promise((resolve) => (release = resolve));
    toastStore.set([]);
    vi.stubGlobal('fetch', vi.fn(fakeFetch));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says the component was removed and goes to the dashboard', async () => {
    const leave = vi.fn(async () => undefined);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(withIntl(<QueryClientProvider client={client}><Page leave={leave} /></QueryClientProvider>));
    fireEvent.click(await screen.findByTestId('action-remove-component'));
    fireEvent.change(document.querySelector('input[name="confirm-word"]')!, { target: { value: 'delete' } });
    fireEvent.click(screen.getByTestId('confirm-remove'));
    // The user is told and leaves while the refreshed list is still on its way: once it comes, the page
    // below the dialog is "not found" and the dialog (with anything still waiting in it) is gone.
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/admin/dashboard'));
    expect(toastStore.get().map((t) => t.message)).toContain('cmp.actions.componentRemoved');
    release();
    await screen.findByTestId('not-found');
  });
});
