// The Indexes section of the Model tab (docs/lists.md "Self-tuning indexes"): each index with why it
// exists and its size; Drop asks first and then calls the drop; "Always index" calls always for the
// field. The server is a fake fetch that keeps the state.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ComponentIndex, ComponentIndexes } from '../../runtime/api/record-indexes';
import type { ComponentModel } from '../../runtime/api/components';
import { IndexesSection } from '../../src/app/features/components/settings/IndexesSection';
import { json } from './list-harness';
import { withIntl } from './harness';

const UUID = '00000000-0000-4000-8000-000000000001';
const base = { value: null, error: null, builtAt: '2026-01-01T00:00:00.000Z', lastUsedAt: null, status: 'built' } as const;
const price: ComponentIndex = { ...base, name: 'records_ix_price', field: 'price', kind: 'btree', reason: 'auto', shape: 'range:qty;sort:price', slowCount: 3, size: 40960 };
const title: ComponentIndex = { ...base, name: 'records_ix_title', field: 'title', kind: 'trigram', reason: 'declared', shape: null, slowCount: 0, size: 2 * 1024 * 1024 };
let state: ComponentIndexes;
const calls: { path: string; body: unknown }[] = [];

async function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
  const body = init?.body ? JSON.parse(String(init.body)) : undefined;
  calls.push({ path, body });
  if (path === `/v3/system/component/${UUID}/indexes`) return json(state);
  if (path === `/v3/system/component/${UUID}/indexes/drop`) {
    state = { ...state, indexes: state.indexes.filter((index) => index.name !== body.name) };
    return json(state);
  }
  if (path === `/v3/system/component/${UUID}/indexes/always`) {
    state = { ...state, fields: state.fields.map((field) => (field.key === body.field ? { ...field, always: true } : field)) };
    return json(state);
  }
  return json({ message: 'notFound' }, 404);
}

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const model = { uuid: UUID, name: 'orders', scope: null, settings: {} } as unknown as ComponentModel;
  render(withIntl(<QueryClientProvider client={client}><IndexesSection model={model} /></QueryClientProvider>));
}

describe('Model tab: Indexes', () => {
  beforeEach(() => {
    state = { indexes: [price, title], fields: [{ key: 'price', always: false }, { key: 'qty', always: false }], autoMax: 5 };
    calls.length = 0;
    vi.stubGlobal('fetch', vi.fn(fakeFetch));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists each index with why it exists and its size; a declared one has no Drop', async () => {
    renderSection();
    const rows = await screen.findAllByTestId('component-index');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('price');
    expect(rows[0]!.textContent).toContain('Built after 3 slow queries of range:qty;sort:price');
    expect(rows[0]!.textContent).toContain('40 KB');
    expect(within(rows[0]!).queryByTestId('index-drop')).not.toBeNull();
    expect(rows[1]!.textContent).toContain('Declared by the schema');
    expect(rows[1]!.textContent).toContain('2 MB');
    expect(within(rows[1]!).queryByTestId('index-drop')).toBeNull();
  });

  it('drops an index only after the confirmation', async () => {
    renderSection();
    const rows = await screen.findAllByTestId('component-index');
    fireEvent.click(within(rows[0]!).getByTestId('index-drop'));
    expect(calls.some((call) => call.path.endsWith('/drop'))).toBe(false);
    fireEvent.click(await screen.findByTestId('index-drop-yes'));
    await waitFor(() => expect(screen.getAllByTestId('component-index')).toHaveLength(1));
    expect(calls.find((call) => call.path.endsWith('/drop'))?.body).toEqual({ name: 'records_ix_price' });
  });

  it('marks a field always indexed', async () => {
    renderSection();
    fireEvent.click(await screen.findByTestId('index-always-qty'));
    await waitFor(() => expect(screen.queryByTestId('index-always-qty')).toBeNull());
    expect(calls.find((call) => call.path.endsWith('/always'))?.body).toEqual({ field: 'qty' });
  });
});
