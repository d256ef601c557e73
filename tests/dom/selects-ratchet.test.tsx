// The external select from a ratchet connection (docs/ratchet.md "The external select"): the form's
// control asks the server for the options by component and field (the statement never reaches the
// browser's request: only search and page), searches debounced, pages with More, shows a failing
// connection's message in the field; the field dialog chooses the source, lists the connections and
// stores constraints.ratchet with the expression cleared.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings } from '../../runtime/components';
import type { ComponentModel } from '../../runtime/client/components';
import { CATALOGUES } from '../../runtime/i18n/catalogues';
import type { FieldDefinition } from '../../schemas';
import { EXTERNAL_DEBOUNCE_MS } from '../../renderers/controls/select/External';
import { FieldDialog } from '../../src/app/features/components/settings/fields/FieldDialog';
import { compile, field, renderForm } from './harness';
import { json } from './list-harness';
import { withFakeTimeouts } from './timers';

const COMPONENT = '00000000-0000-4000-8000-000000000001';
const CONNECTION = '00000000-0000-4000-8000-0000000000c1';
const SQL = "select id, title from books where title ilike '%' || :search || '%'";
const BOOKS = ['Dune', 'Emma', 'Ulysses', 'Walden'].map((title, index) => ({ value: String(index + 1), label: title }));

let requests: URL[] = [];
let failing = false;

async function fakeFetch(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  requests.push(url);
  if (url.pathname === `/api/ratchet/select/${COMPONENT}/book`) {
    if (failing) return json({ status: 422, message: 'ratchetUnreachable', errors: [] }, 422);
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const page = Number(url.searchParams.get('page'));
    const found = BOOKS.filter((book) => book.label.toLowerCase().includes(search));
    return json({ options: found.slice((page - 1) * 2, page * 2), more: found.length > page * 2 });
  }
  if (url.pathname === '/api/ratchet/connections') return json([{ uuid: CONNECTION, name: 'Local books', kind: 'postgres' }]);
  if (url.pathname.endsWith('/v1/user/role/list')) return json([]);
  if (url.pathname.endsWith('/v3/system/components')) return json([]);
  return json({ message: 'notFound' }, 404);
}

beforeEach(() => {
  requests = [];
  failing = false;
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
});
afterEach(() => vi.unstubAllGlobals());

const ratchetField = () => field('book', 'select', 'external', { constraints: { ratchet: { connection: CONNECTION, sql: SQL, value: 'id', label: 'title' } } });
const options = () => screen.queryAllByTestId('external-option');

describe('the external select from a ratchet connection', () => {
  it('compiles to the component and field only: the statement is not what the control sends', () => {
    const view = compile([ratchetField()]);
    expect(view.fields[0]!.options.customData).toEqual({ expression: null, ratchet: { component: COMPONENT } });
  });

  it('lists the options the server answers, searches debounced 500 ms, pages with More, picks a value', async () => {
    const { form } = renderForm({ view: compile([ratchetField()]) });
    await waitFor(() => expect(options().map((o) => o.textContent)).toEqual(['Dune', 'Emma']));
    expect(requests[0]!.searchParams.toString()).toBe('page=1');
    fireEvent.click(screen.getByTestId('external-more'));
    await waitFor(() => expect(options().map((o) => o.textContent)).toEqual(['Dune', 'Emma', 'Ulysses', 'Walden']));
    // The server said no page follows: no More.
    expect(screen.queryByTestId('external-more')).toBeNull();

    const before = requests.length;
    withFakeTimeouts((advance) => {
      fireEvent.change(screen.getByTestId('external-search'), { target: { value: "ly' or 1=1" } });
      advance(EXTERNAL_DEBOUNCE_MS - 1);
      expect(requests.length).toBe(before);
      advance(1);
    });
    await waitFor(() => expect(requests.length).toBe(before + 1));
    expect(requests.at(-1)!.searchParams.get('search')).toBe("ly' or 1=1");
    expect(requests.every((url) => !url.search.includes('select') && !url.search.includes(CONNECTION))).toBe(true);
    await waitFor(() => expect(screen.getByText('No results')).toBeTruthy());

    fireEvent.change(screen.getByTestId('external-search'), { target: { value: 'em' } });
    await waitFor(() => expect(options().map((o) => o.textContent)).toEqual(['Emma']), { timeout: 3000 });
    fireEvent.click(options()[0]!);
    expect(form().store.value('book')).toBe('2');
  });

  it("shows a failing connection's message in the field", async () => {
    failing = true;
    renderForm({ view: compile([ratchetField()]) });
    await waitFor(() => expect(screen.getByTestId('field-error-book').textContent).toContain('The database could not be reached'));
    expect(options()).toHaveLength(0);
  });
});

describe("the field dialog's external select source", () => {
  let submitted: FieldDefinition[] | null = null;
  const orders = { uuid: COMPONENT, name: 'orders', ref: 'orders', scope: null, label: { en_US: 'Orders' }, is_active: true, public_version: null, dev_version: 'v1', settings: defaultSettings('v1') };
  const select = (name: string) => document.querySelector<HTMLSelectElement>(`select[name="${name}"]`)!;

  it('chooses a database query: lists the connections, stores constraints.ratchet and clears the expression', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <IntlProvider locale="en-US" messages={CATALOGUES.en_US} onError={() => undefined}>
        <QueryClientProvider client={client}>
          <FieldDialog model={orders as unknown as ComponentModel} index={0} onClose={() => undefined} onSubmit={(fields) => (submitted = fields)} />
        </QueryClientProvider>
      </IntlProvider>,
    );
    fireEvent.change(document.querySelector<HTMLInputElement>('input[name="field.name"]')!, { target: { value: 'Book' } });
    fireEvent.change(select('field.module'), { target: { value: 'select' } });
    fireEvent.change(select('field.type'), { target: { value: 'external' } });
    const source = screen.getByTestId('external-source');
    expect(within(source).getByLabelText('An expression (runs in the browser)')).toHaveProperty('checked', true);
    fireEvent.click(within(source).getByLabelText('A database query (ratchet connection)'));
    const editor = screen.getByTestId('ratchet-source');
    await waitFor(() => expect([...select('ratchet-connection').options].map((o) => o.textContent)).toEqual(['Choose a connection', 'Local books']));
    fireEvent.change(select('ratchet-connection'), { target: { value: CONNECTION } });
    fireEvent.change(within(editor).getByTestId('ratchet-select-value'), { target: { value: 'id' } });
    fireEvent.change(within(editor).getByTestId('ratchet-select-label'), { target: { value: 'title' } });
    fireEvent.click(screen.getByTestId('field-form-submit'));
    await waitFor(() => expect(submitted).not.toBeNull());
    expect(submitted![0]!.constraints.custom_data).toBeNull();
    expect((submitted![0]!.constraints as { ratchet?: unknown }).ratchet).toEqual({ connection: CONNECTION, sql: '', value: 'id', label: 'title' });
  });
});
