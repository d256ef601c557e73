// The field dialog's relationship: choosing the related component fills the key pair with the
// obvious defaults (own key = the field's key, foreign key = the related record's uuid) and the type
// one-to-one, so "Settings for relationship not valid" is not the first thing a new admin meets.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings } from '../../runtime/components';
import type { ComponentModel } from '../../runtime/client/components';
import { checkRelation } from '../../runtime/components';
import { RelationshipEditor } from '../../src/app/features/components/settings/fields/RelationshipEditor';
import type { FieldPartProps } from '../../src/app/features/components/settings/fields/FieldDialog';
import { json } from './list-harness';
import { withIntl } from './harness';

const component = (name: string, uuid: string, fields: unknown[] = []) => ({
  uuid, name, ref: name, scope: null, label: { en_US: name[0]!.toUpperCase() + name.slice(1) }, displayName: name, icon: null, sort: 0,
  is_public: false, is_active: true, is_custom: false, public_version: 'v1', dev_version: null, versions: ['v1'], dependencies: [], props: {},
  workspaces: [], CreatedAt: '', UpdatedAt: '', settings: { ...defaultSettings('v1'), fields },
});
const orders = component('orders', '00000000-0000-4000-8000-000000000001');
const customers = component('customers', '00000000-0000-4000-8000-000000000002', [{ name: 'Name', key: 'name', module: 'input', type: 'text', sortOrder: 0 }]);

async function fakeFetch(input: RequestInfo | URL): Promise<Response> {
  const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
  if (path === '/v3/system/components') return json([orders, customers]);
  if (path === '/v3/system/component/settings/customers/v1') return json(customers);
  return json({ message: 'notFound' }, 404);
}

let latest: FieldPartProps['draft'] | null = null;
let foreignSettings: { fields: never[] } | null = null;

function Harness() {
  const [draft, setDraft] = useState(() => ({ name: 'Customer', key: '', auto_key: true, module: 'select', type: 'relation', sortOrder: 0, label: {}, group: 'general' }) as unknown as FieldPartProps['draft']);
  latest = draft;
  return (
    <RelationshipEditor
      draft={draft}
      change={(patch) => setDraft((d) => ({ ...d, ...patch }))}
      errors={{}}
      existing={false}
      model={orders as unknown as ComponentModel}
      onForeignSettings={(s) => (foreignSettings = s as never)}
    />
  );
}

describe('a new relation field', () => {
  beforeEach(() => {
    latest = null;
    foreignSettings = null;
    vi.stubGlobal('fetch', vi.fn(fakeFetch));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('takes the field as own key and the related uuid as foreign key once the component is chosen', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(withIntl(<QueryClientProvider client={client}><Harness /></QueryClientProvider>));
    const foreign = document.querySelector<HTMLSelectElement>('select[name="field.relation.foreign"]')!;
    await waitFor(() => expect(foreign.querySelector('option[value="customers"]')).not.toBeNull());
    fireEvent.change(foreign, { target: { value: 'customers' } });

    const own = document.querySelector<HTMLSelectElement>('select[name="field.relation.key.0"]')!;
    const other = document.querySelector<HTMLSelectElement>('select[name="field.relation.key.1"]')!;
    await waitFor(() => expect(other.value).toBe('uuid'));
    expect(own.value).toBe('customer');
    expect((document.querySelector('select[name="field.relation.type"]') as HTMLSelectElement).value).toBe('one-to-one');
    expect(latest!.relation).toEqual({ foreign: 'customers', foreign_uuid: customers.uuid, key: ['customer', 'uuid'], type: 'one-to-one' });
    // The dialog's check on Add finds nothing wrong with the defaults.
    await waitFor(() => expect(foreignSettings).not.toBeNull());
    expect(checkRelation(latest!.relation, foreignSettings)).toBeNull();
    expect(screen.queryByText('Settings for relationship not valid')).toBeNull();
  });
});
