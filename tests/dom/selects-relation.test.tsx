// The relation select against a fake main API: the $in load of the chosen values, the debounced
// search (on the locale path for an i18n field), infinite paging, the no-permissions state, a failed
// fetch, and quick-create updating the value and {key}_RefObj.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RELATION_SEARCH_DEBOUNCE_MS } from '../../renderers/controls/select/Relation';
import { compile, field } from './harness';
import { authors, fakeFetch, renderSelects, type FakeApi } from './selects-harness';
import { withFakeTimeouts } from './timers';

let api: FakeApi;
beforeEach(() => {
  api = { authors: authors(23), admin: true, permissions: [], listStatus: null, calls: [] };
  vi.stubGlobal('fetch', vi.fn(fakeFetch(api)));
});
afterEach(() => vi.unstubAllGlobals());

const view = (page: 'model_create' | 'model_edit' = 'model_create') =>
  compile([
    field('author', 'select', 'relation', {
      relation: { foreign: 'authors', foreign_uuid: null, key: ['author', 'code'], type: 'one-to-one' },
      constraints: { relation: { label: '{{name}} ({{code}})', searchOn: ['name', 'title'] } },
    }),
    field('coauthors', 'select', 'relation', { relation: { foreign: 'authors', foreign_uuid: null, key: ['coauthors', 'uuid'], type: 'one-to-many' } }),
  ], { page });

const listCalls = () => api.calls.filter((c) => c.url.pathname.endsWith('/authors/models'));
const searchCalls = () => listCalls().filter((c) => JSON.stringify(c.adv ?? {}).includes('$regex'));
const select = (key: string) => document.querySelector(`[data-field="${key}"]`) as HTMLElement;
// The open list is the search box's popup, found by the box's aria-controls.
const listbox = (key: string) => {
  const id = within(select(key)).getByTestId('relation-search').getAttribute('aria-controls');
  return id ? document.getElementById(id) : null;
};
const options = (key: string) => {
  const list = listbox(key);
  return list ? within(list).queryAllByTestId('relation-option') : [];
};
const open = (key: string) => act(() => within(select(key)).getByTestId('relation-search').focus());

describe('the relation select', () => {
  it('loads the chosen values with $in on the foreign key and labels them from the template', async () => {
    const record = { author: 'A05', coauthors: [api.authors[1]!.uuid, 'missing-uuid'] };
    renderSelects({ view: view('model_edit'), record, page: 'model_edit' });
    await waitFor(() => expect(within(select('author')).getByTestId('relation-chosen').textContent).toContain('Author A05 (A05)'));
    const inCalls = listCalls().filter((c) => JSON.stringify(c.adv ?? {}).includes('$in'));
    expect(inCalls.map((c) => c.adv)).toEqual(expect.arrayContaining([{ code: { $in: ['A05'] } }, { uuid: { $in: [api.authors[1]!.uuid, 'missing-uuid'] } }]));
    // The coauthors set no label: the authors' first text field (code) names them, never the uuid;
    // a value not found shows the fallback.
    await waitFor(() => {
      const chosen = within(select('coauthors')).getAllByTestId('relation-chosen').map((c) => c.textContent);
      expect(chosen).toEqual([expect.stringContaining('A02'), expect.stringContaining('__unknown_value__')]);
    });
    expect(within(select('coauthors')).getAllByTestId('relation-chosen')[0]!.textContent).not.toContain(api.authors[1]!.uuid);
    await waitFor(() => expect(within(select('author')).getByTestId('relation-select').getAttribute('data-state')).toBe('ready'));
  });

  it('searches after the keystrokes settle, with an escaped case-insensitive $regex on the locale path of i18n fields', async () => {
    renderSelects({ view: view() });
    const input = within(select('author')).getByTestId('relation-search');
    open('author');
    await waitFor(() => expect(options('author')).toHaveLength(10));
    withFakeTimeouts((advance) => {
      fireEvent.change(input, { target: { value: 'a' } });
      fireEvent.change(input, { target: { value: 'author a1' } });
      advance(RELATION_SEARCH_DEBOUNCE_MS - 1);
      fireEvent.change(input, { target: { value: 'author a2.' } });
      fireEvent.change(input, { target: { value: 'AUTHOR A2' } }); // the wait starts again
      advance(RELATION_SEARCH_DEBOUNCE_MS - 1);
      expect(searchCalls()).toHaveLength(0);
      advance(1);
    });
    await waitFor(() => expect(searchCalls()).toHaveLength(1));
    expect(searchCalls()[0]!.adv).toEqual({ $or: [{ name: { $regex: 'AUTHOR A2' } }, { 'title.locales.en_US': { $regex: 'AUTHOR A2' } }] });
    await waitFor(() => expect(options('author').map((o) => o.textContent)).toEqual(['Author A20 (A20)', 'Author A21 (A21)', 'Author A22 (A22)', 'Author A23 (A23)']));
    fireEvent.change(input, { target: { value: 'a2.' } });
    await waitFor(() => expect(searchCalls()).toHaveLength(2));
    expect(JSON.stringify(searchCalls()[1]!.adv)).toContain('a2\\\\.');
    await waitFor(() => expect(options('author')).toHaveLength(0));
  });

  it('without a label, searches on the related component\'s first text field', async () => {
    renderSelects({ view: view() });
    const input = within(select('coauthors')).getByTestId('relation-search');
    fireEvent.focus(input);
    await waitFor(() => expect(options('coauthors')).toHaveLength(10));
    expect(options('coauthors')[0]!.textContent).toContain('A01');
    fireEvent.change(input, { target: { value: 'a07' } });
    await waitFor(() => expect(searchCalls().map((c) => c.adv)).toContainEqual({ code: { $regex: 'a07' } }));
    await waitFor(() => expect(options('coauthors').map((o) => o.textContent)).toEqual([expect.stringContaining('A07')]));
  });

  it('pages 10 at a time with More and on scroll, until the last', async () => {
    renderSelects({ view: view() });
    open('author');
    await waitFor(() => expect(options('author')).toHaveLength(10));
    fireEvent.click(screen.getByTestId('relation-more'));
    await waitFor(() => expect(options('author')).toHaveLength(20));
    fireEvent.scroll(listbox('author')!);
    await waitFor(() => expect(options('author')).toHaveLength(23));
    expect(screen.queryByTestId('relation-more')).toBeNull();
    const offsets = listCalls().filter((c) => !c.adv).map((c) => `${c.url.searchParams.get('offset')}/${c.url.searchParams.get('limit')}`);
    expect(offsets).toEqual(expect.arrayContaining(['0/10', '10/10', '20/10']));
  });

  it('picks with the keyboard and the mouse; the value and _RefObj follow', async () => {
    const { form } = renderSelects({ view: view() });
    const input = within(select('author')).getByTestId('relation-search');
    open('author');
    await waitFor(() => expect(options('author')).toHaveLength(10));
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(form().store.value('author')).toBe('A02');
    expect(form().store.value('author_RefObj')).toMatchObject({ code: 'A02' });
    expect(form().payload()).not.toHaveProperty('author_RefObj');

    open('coauthors');
    await waitFor(() => expect(options('coauthors')).toHaveLength(10));
    fireEvent.click(options('coauthors')[3]!);
    fireEvent.click(options('coauthors')[0]!);
    expect(form().store.value('coauthors')).toEqual([api.authors[3]!.uuid, api.authors[0]!.uuid]);
    expect((form().store.value('coauthors_RefObj') as { code: string }[]).map((r) => r.code)).toEqual(['A04', 'A01']);
    fireEvent.click(within(select('coauthors')).getAllByRole('button', { name: /^Remove / })[0]!);
    expect(form().store.value('coauthors')).toEqual([api.authors[0]!.uuid]);
  });

  it("a 403 shows 'noPermissionsToInteract' and the fetch failure under the field", async () => {
    api.listStatus = 403;
    renderSelects({ view: view('model_edit'), record: { author: 'A01' }, page: 'model_edit' });
    const alert = await within(select('author')).findByTestId('relation-no-permissions');
    expect(alert.textContent).toMatch(/no permissions to interact/i);
    expect(within(select('author')).getByTestId('relation-select').getAttribute('data-state')).toBe('noPermissions');
    expect(within(select('author')).queryByTestId('relation-search')).toBeNull();
    expect(screen.getByTestId('field-error-author').textContent).toContain('Failed to load the related records.');
    expect(within(select('author')).queryByTestId('relation-create')).toBeNull();
  });

  it('a failed fetch adds relationshipModelsFetchingFailed to the field, without the no-permissions state', async () => {
    api.listStatus = 502;
    renderSelects({ view: view() });
    await waitFor(() => expect(screen.getByTestId('field-error-author').textContent).toContain('Failed to load the related records.'));
    expect(within(select('author')).getByTestId('relation-select').getAttribute('data-state')).toBe('ready');
    expect(within(select('author')).queryByTestId('relation-no-permissions')).toBeNull();
  });

  it('shows Create by create permission and Edit by update permission with a chosen model (never for one-to-many)', async () => {
    api.admin = false;
    api.permissions = ['read authors', 'create authors'];
    const first = renderSelects({ view: view('model_edit'), record: { author: 'A01', coauthors: [api.authors[0]!.uuid] }, page: 'model_edit' });
    await waitFor(() => expect(within(select('author')).getByTestId('relation-create')).toBeTruthy());
    expect(within(select('author')).queryByTestId('relation-edit')).toBeNull();
    first.unmount();

    api.permissions = ['read authors', 'update authors'];
    renderSelects({ view: view('model_edit'), record: { author: 'A01', coauthors: [api.authors[0]!.uuid] }, page: 'model_edit' });
    await waitFor(() => expect(within(select('author')).getByTestId('relation-edit')).toBeTruthy());
    expect(within(select('author')).queryByTestId('relation-create')).toBeNull();
    await waitFor(() => expect(within(select('coauthors')).getByTestId('relation-chosen').textContent).toContain('A01'));
    expect(within(select('coauthors')).queryByTestId('relation-edit')).toBeNull();
  });

  it('quick-create: the created record becomes the value and the _RefObj', async () => {
    const { form } = renderSelects({ view: view() });
    fireEvent.click(await within(select('author')).findByTestId('relation-create'));
    const dialog = await screen.findByTestId('relation-dialog');
    const code = await within(dialog).findByLabelText(/^Code/);
    fireEvent.change(code, { target: { value: 'NEW' } });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'New author' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('record-save'));
    });
    await waitFor(() => expect(form().store.value('author')).toBe('NEW'));
    expect(form().store.value('author_RefObj')).toMatchObject({ code: 'NEW', name: 'New author', uuid: '00000000-0000-4000-8000-00000000ffff' });
    expect(api.calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/authors/model'))).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('relation-dialog')).toBeNull());
    expect(within(select('author')).getByTestId('relation-chosen').textContent).toContain('New author (NEW)');
  });

  it('quick-edit: an edit updates the _RefObj; a removal clears the value', async () => {
    const { form } = renderSelects({ view: view('model_edit'), record: { author: 'A03' }, page: 'model_edit' });
    fireEvent.click(await within(select('author')).findByTestId('relation-edit'));
    const dialog = await screen.findByTestId('relation-dialog');
    const name = await within(dialog).findByLabelText(/^Name/);
    fireEvent.change(name, { target: { value: 'Renamed' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('record-save'));
    });
    await waitFor(() => expect(form().store.value('author_RefObj')).toMatchObject({ code: 'A03', name: 'Renamed' }));
    expect(form().store.value('author')).toBe('A03');
    await waitFor(() => expect(screen.queryByTestId('relation-dialog')).toBeNull());

    fireEvent.click(within(select('author')).getByTestId('relation-edit'));
    const again = await screen.findByTestId('relation-dialog');
    fireEvent.click(await within(again).findByTestId('record-delete'));
    await act(async () => {
      fireEvent.click(await screen.findByTestId('confirm-yes'));
    });
    await waitFor(() => expect(form().store.value('author')).toBeNull());
    expect(form().store.value('author_RefObj')).toBeNull();
  });
});
