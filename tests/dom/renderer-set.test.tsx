// The renderer set the app provides once at its root (RendererSetProvider) reaches every form: the
// relation select's quick-create and quick-edit dialogs and the list's quick-edit sidebar draw a
// custom control from it, with no `entries` passed down (docs/custom-renderers.md).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, defaultRenderers, FieldFrame, inputAria, keyIs, moduleTypeIs, RANK, rankWith, type ControlProps, type RendererSet } from '../../renderers';
import { RendererSetProvider } from '../../renderers/registry/RendererSet';
import { QuickEditSidebar } from '../../renderers/screens/QuickEditSidebar';
import { compile, field, withIntl } from './harness';
import { authors, fakeFetch, renderSelects, type FakeApi } from './selects-harness';

/** A project's own control for the authors' name: a marked input, so the test sees which control drew it. */
function ShoutingName(props: ControlProps) {
  return (
    <FieldFrame props={props}>
      <input data-testid="custom-name" value={String(props.value ?? '')} onChange={(e) => props.onChange(e.target.value.toUpperCase())} {...inputAria(props)} />
    </FieldFrame>
  );
}

const rendererSet: RendererSet = {
  controls: [...defaultRenderers, { tester: rankWith(RANK.custom, and(moduleTypeIs('input', 'text'), keyIs('name'))), renderer: ShoutingName }],
  cells: [],
};

let api: FakeApi;
beforeEach(() => {
  api = { authors: authors(3), admin: true, permissions: [], listStatus: null, calls: [] };
  vi.stubGlobal('fetch', vi.fn(fakeFetch(api)));
});
afterEach(() => vi.unstubAllGlobals());

const view = (page: 'model_create' | 'model_edit') =>
  compile([field('author', 'select', 'relation', { relation: { foreign: 'authors', foreign_uuid: null, key: ['author', 'code'], type: 'one-to-one' } })], { page });
const select = () => document.querySelector('[data-field="author"]') as HTMLElement;

describe('the provided renderer set', () => {
  it("reaches the relation select's quick-create dialog", async () => {
    renderSelects({ view: view('model_create'), rendererSet });
    fireEvent.click(await within(select()).findByTestId('relation-create'));
    const dialog = await screen.findByTestId('relation-dialog');
    const name = await within(dialog).findByTestId('custom-name');
    fireEvent.change(name, { target: { value: 'quiet' } });
    expect((name as HTMLInputElement).value).toBe('QUIET');
    // The built-in controls still draw the other fields.
    expect(within(dialog).queryAllByTestId('custom-name')).toHaveLength(1);
    expect(dialog.querySelector('input[name="code"]')).not.toBeNull();
  });

  it("reaches the relation select's quick-edit dialog", async () => {
    renderSelects({ view: view('model_edit'), record: { author: 'A02' }, page: 'model_edit', rendererSet });
    fireEvent.click(await within(select()).findByTestId('relation-edit'));
    const dialog = await screen.findByTestId('relation-dialog');
    expect(((await within(dialog).findByTestId('custom-name')) as HTMLInputElement).value).toBe('Author A02');
  });

  it("reaches the list's quick-edit sidebar", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      withIntl(
        <QueryClientProvider client={client}>
          <RendererSetProvider value={rendererSet}>
            <QuickEditSidebar componentRef="authors" uuid={api.authors[0]!.uuid} onClose={() => undefined} />
          </RendererSetProvider>
        </QueryClientProvider>,
      ),
    );
    const sidebar = await screen.findByTestId('quick-edit');
    expect(((await within(sidebar).findByTestId('custom-name')) as HTMLInputElement).value).toBe('Author A01');
  });

  it('outside a provider the built-in controls draw the form', async () => {
    renderSelects({ view: view('model_create') });
    fireEvent.click(await within(select()).findByTestId('relation-create'));
    const dialog = await screen.findByTestId('relation-dialog');
    await within(dialog).findByLabelText(/^Name/);
    expect(within(dialog).queryByTestId('custom-name')).toBeNull();
  });
});
