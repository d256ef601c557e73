// The record pages' way back: the create page offers Cancel and the edit page Back to list, both a link
// to the list (openable in a new tab) that the app follows on a plain click; the quick-edit sidebar
// (compact) has its own close and no such link. The list itself opens newest first, so a record just
// created is on page one (tests/unit/app/list/listState.test.ts pins the order sent).
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunScript } from '../../renderers/form/scripts';
import { CreateView } from '../../renderers/screens/CreateView';
import { EditView } from '../../renderers/screens/EditView';
import { useCreateController } from '../../renderers/screens/useCreateController';
import { useEditController } from '../../renderers/screens/useEditController';
import { withIntl } from './harness';
import { json, ordersBasics, ordersSettings } from './orders-harness';

const UUID = '00000000-0000-4000-8000-000000000101';
const LIST = '/admin/component/orders';
const settings = ordersSettings({}, false);

async function fakeFetch(input: RequestInfo | URL): Promise<Response> {
  const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
  const basic = ordersBasics(path, settings);
  if (basic) return basic;
  if (path === `/v3/system/component/orders/model/${UUID}`) {
    return json({ uuid: UUID, title: 'First', __version__: 1, created_by: null, created_at: '2026-01-01T00:00:00.000Z', updated_by: null, updated_at: '2026-01-01T00:00:00.000Z', deleted_at: null, disabled_at: null });
  }
  return json({ message: 'notFound' }, 404);
}

const scripts: RunScript = async ({ args }) => ({ ok: true, value: String(args.value) });

function Create({ open }: { open: () => void }) {
  const ctl = useCreateController({ ref: 'orders', runScript: scripts, onCreated: () => undefined });
  return <CreateView ctl={ctl} title="Orders" back={{ href: LIST, open }} />;
}

function Edit({ open, compact = false }: { open: () => void; compact?: boolean }) {
  const ctl = useEditController({ ref: 'orders', uuid: UUID, runScript: scripts });
  return <EditView ctl={ctl} title="Orders" compact={compact} back={{ href: LIST, open }} />;
}

const mount = (ui: React.ReactElement) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(withIntl(<QueryClientProvider client={client}>{ui}</QueryClientProvider>));
};

describe('the way back from a record page', () => {
  beforeEach(() => vi.stubGlobal('fetch', vi.fn(fakeFetch)));
  afterEach(() => vi.unstubAllGlobals());

  it('the create page has Cancel, a link to the list', async () => {
    const open = vi.fn();
    mount(<Create open={open} />);
    const cancel = await screen.findByTestId('record-back');
    expect(cancel.textContent).toBe('Cancel');
    expect(cancel.getAttribute('href')).toBe(LIST);
    fireEvent.click(cancel);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('the edit page has Back to list', async () => {
    const open = vi.fn();
    mount(<Edit open={open} />);
    const back = await screen.findByTestId('record-back');
    expect(back.textContent).toBe('Back to list');
    expect(back.getAttribute('href')).toBe(LIST);
    fireEvent.click(back);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('the quick-edit sidebar (compact) has no Back to list', async () => {
    mount(<Edit open={() => undefined} compact />);
    await screen.findByTestId('record-save');
    expect(screen.queryByTestId('record-back')).toBeNull();
  });
});
