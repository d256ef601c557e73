// The record list screen against a fake main API (list-harness.tsx): presets, failures and permissions,
// the 5000 cap, empty states and the column layout.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ComponentSettings } from '../../schemas';
import { setEnvironment } from '../../renderers/ui/prefs';
import { api, fakeFetch, json, mount, rows, toasts, useListFixture } from './list-harness';

useListFixture();

describe('the record list: presets, permissions, limits and layout', () => {
  it('saves the current filters as a preset with the whole settings model, and applies a picked preset', async () => {
    api.presets = [{ name: 'Blue things', roles: null, context: { default: false, filters: { dateField: 'created_at', filter: 'blue' }, expr: null } }];
    mount();
    await waitFor(() => expect(rows()).toHaveLength(10));
    const select = screen.getByTestId('preset-select') as HTMLSelectElement;
    expect(Array.from(select.options, (o) => o.value)).toEqual(['Default', 'Blue things']);
    fireEvent.change(select, { target: { value: 'Blue things' } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect((screen.getByTestId('list-search') as HTMLInputElement).value).toBe('blue');

    fireEvent.click(screen.getByTestId('preset-save-as'));
    fireEvent.change(document.querySelector('input[name="preset-name"]')!, { target: { value: 'Mine' } });
    await act(async () => fireEvent.click(screen.getByTestId('preset-save-submit')));
    await waitFor(() => expect(toasts()).toContain('Preset saved'));
    const saved = api.calls.find((c) => c.method === 'POST' && c.url.pathname.endsWith('/settings/orders/v1'))!.body as { uuid: string; settings: ComponentSettings };
    expect(saved.uuid).toBe('00000000-0000-4000-8000-000000000001');
    expect(saved.settings.fields).toHaveLength(2);
    expect(saved.settings.presets.map((p) => p.name)).toEqual(['Blue things', 'Mine']);
    expect(saved.settings.presets[1]!.context?.filters).toMatchObject({ filter: 'blue', currentPage: 1 });
    await waitFor(() => expect(select.value).toBe('Mine'));

    // Changing the search and picking the selected preset again brings its filters back.
    fireEvent.change(screen.getByTestId('list-search'), { target: { value: '' } });
    await waitFor(() => expect(rows()).toHaveLength(10));
    fireEvent.change(select, { target: { value: 'Mine' } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect((screen.getByTestId('list-search') as HTMLInputElement).value).toBe('blue');

    fireEvent.click(screen.getByTestId('preset-set-default'));
    await waitFor(() => expect(toasts()).toContain('presetIsDefault'));
    expect(api.presets.map((p) => p.context?.default)).toEqual([false, true]);
    fireEvent.click(screen.getByTestId('preset-delete'));
    await waitFor(() => expect(toasts()).toContain('presetRemoved'));
    expect(api.presets.map((p) => p.name)).toEqual(['Blue things']);
    await waitFor(() => expect(select.value).toBe('Default'));
  });

  it('says so when a preset save fails', async () => {
    mount();
    await waitFor(() => expect(rows()).toHaveLength(10));
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'POST' ? json({ message: 'forbidden' }, 403) : fakeFetch(input, init)));
    fireEvent.click(screen.getByTestId('preset-save-as'));
    fireEvent.change(document.querySelector('input[name="preset-name"]')!, { target: { value: 'Mine' } });
    await act(async () => fireEvent.click(screen.getByTestId('preset-save-submit')));
    await waitFor(() => expect(toasts()).toContain('Failed to save preset'));
  });

  it('empties the table on a load failure, with the message in a dialog and the unexpectedError toast', async () => {
    api.listFailure = { status: 400, message: 'badRequest' };
    mount();
    await waitFor(() => expect(screen.getByTestId('list-error').getAttribute('role')).toBe('dialog'));
    expect(screen.getByTestId('list-error').textContent).toContain('The request is not valid.');
    expect(rows()).toHaveLength(0);
    expect(toasts()).toContain('unexpectedError');
  });

  it('shows a non-admin without read the no-permissions toast and no table', async () => {
    api.admin = false;
    mount();
    await waitFor(() => expect(screen.getByTestId('list-denied')).toBeTruthy());
    expect(screen.queryByTestId('record-list')).toBeNull();
    expect(toasts()).toContain('noPermissionsToRead');
    expect(api.calls.some((c) => c.url.pathname.endsWith('/models'))).toBe(false);
  });

  it('hides settings links and create without the permissions, shows the Default preset only to admins', async () => {
    api.admin = false;
    api.permissions = ['read orders'];
    api.presets = [{ name: 'Mine', roles: null, context: { default: false, filters: { dateField: 'created_at' }, expr: null } }];
    mount();
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(screen.queryByTestId('list-create')).toBeNull();
    expect(screen.queryByTestId('list-settings')).toBeNull();
    expect(screen.queryByTestId('bulk-delete')).toBeNull();
    expect(Array.from((screen.getByTestId('preset-select') as HTMLSelectElement).options, (o) => o.value)).toEqual(['Mine']);
  });

  it('offers the settings, workflow, list settings and editor links only in dev', async () => {
    mount();
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(screen.queryByTestId('list-settings')).toBeNull();
    expect(screen.getByTestId('list-create').getAttribute('href')).toBe('/admin/component/orders/create');
    act(() => setEnvironment('dev'));
    await waitFor(() => expect(screen.getByTestId('list-settings').getAttribute('href')).toBe('/admin/component/orders/settings'));
    expect(screen.getByTestId('list-settings-workflow').getAttribute('href')).toBe('/admin/component/orders/settings#workflow');
    expect(screen.getByTestId('list-settings-list').getAttribute('href')).toBe('/admin/component/orders/settings#list');
    const editor = screen.getByTestId('list-editor');
    expect(editor.getAttribute('href')).toBe('/component/editor/00000000-0000-4000-8000-000000000001?v=v1');
    expect(editor.getAttribute('target')).toBe('_blank');
  });

  it('pages and the total say 5000+ with the disclaimer at the cap', async () => {
    api.rows = Array.from({ length: 5001 }, (_, i) => ({ uuid: `u-${i}`, title: `Item ${i}`, amount: i, disabled_at: null }));
    mount();
    await waitFor(() => expect(screen.getByTestId('list-total').textContent).toContain('5000+'));
    expect(screen.getByTestId('list-cap')).toBeTruthy();
    expect(screen.getByText(/of 500$/)).toBeTruthy();
  });

  it('keeps only a window of rows in the page with 5000 rows and 40 columns', async () => {
    api.wide = 40;
    api.rows = Array.from({ length: 5000 }, (_, i) => ({ uuid: `u-${i}`, title: `Item ${i}`, amount: i, disabled_at: null }));
    for (const row of api.rows as unknown as Record<string, unknown>[]) for (let c = 1; c <= 40; c++) row[`f${c}`] = `r${String(row.amount)}c${c}`;
    api.presets = [{ name: 'All', roles: null, context: { default: true, filters: { dateField: 'created_at', perPage: 5000 }, expr: null } }];
    mount();
    await waitFor(() => expect(screen.getByTestId('list-total').textContent).toContain('5000+'));
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    expect(rows().length).toBeLessThan(100);
    expect(document.querySelectorAll('[data-testid="record-list"] thead th[data-column]')).toHaveLength(40);
    expect(rows()[0]!.textContent).toContain('r0c40');
    // Scrolling the table's box brings later rows in, and the first ones leave.
    const box = screen.getByTestId('list-scroll');
    box.scrollTop = 48 * 3000;
    fireEvent.scroll(box);
    await waitFor(() => expect(rows()[0]!.textContent).not.toContain('r0c1'));
    expect(rows().some((r) => r.textContent!.includes('r3000c1'))).toBe(true);
    expect(rows().length).toBeLessThan(100);
  });

  it('says "No records yet" with Create and Import when the component has none', async () => {
    api.rows = [];
    mount();
    await waitFor(() => expect(screen.getByTestId('list-empty').getAttribute('data-empty')).toBe('no-records'));
    expect(screen.getByTestId('list-empty').textContent).toContain('No records yet');
    expect(screen.getByTestId('list-empty-create').getAttribute('href')).toBe('/admin/component/orders/create');
    expect(screen.getByTestId('list-empty-import')).toBeTruthy();
    expect(screen.queryByTestId('list-clear-filters')).toBeNull();
  });

  it('says "No records match" when a search finds nothing, and clears it', async () => {
    mount();
    await waitFor(() => expect(rows()).toHaveLength(10));
    fireEvent.change(screen.getByTestId('list-search'), { target: { value: 'nothing like this' } });
    await waitFor(() => expect(screen.getByTestId('list-empty').getAttribute('data-empty')).toBe('no-match'));
    expect(screen.getByTestId('list-empty').textContent).toContain('No records match');
    expect(screen.queryByTestId('list-empty-create')).toBeNull();
    fireEvent.click(screen.getByTestId('list-clear-filters'));
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect((screen.getByTestId('list-search') as HTMLInputElement).value).toBe('');
  });

  it('hides, orders and sizes columns and keeps the layout in the preset it updates', async () => {
    api.presets = [{ name: 'Mine', roles: null, context: { default: true, filters: { dateField: 'created_at' }, expr: null } }];
    mount();
    await waitFor(() => expect(rows()).toHaveLength(10));
    const headers = () => Array.from(document.querySelectorAll('[data-testid="record-list"] thead th[data-column]'), (th) => th.getAttribute('data-column'));
    expect(headers()).toEqual(['title', 'amount']);
    fireEvent.click(screen.getByTestId('list-columns'));
    await waitFor(() => expect(screen.getByTestId('column-chooser')).toBeTruthy());
    fireEvent.click(screen.getByTestId('column-down-title'));
    expect(headers()).toEqual(['amount', 'title']);
    fireEvent.click(screen.getByTestId('column-toggle-amount'));
    expect(headers()).toEqual(['title']);
    // The last shown column cannot be hidden.
    expect((screen.getByTestId('column-toggle-title') as HTMLInputElement).disabled).toBe(true);
    fireEvent.keyDown(screen.getByTestId('column-resizer'), { key: 'ArrowRight', shiftKey: true });
    fireEvent.click(screen.getByTestId('density-compact'));

    fireEvent.click(screen.getByTestId('preset-update'));
    await act(async () => fireEvent.click(screen.getByTestId('preset-save-submit')));
    await waitFor(() => expect(toasts()).toContain('presetUpdated'));
    // A text column starts 160 px wide; Shift+ArrowRight adds 50.
    expect(api.presets[0]!.context?.filters).toMatchObject({ layout: { order: ['amount', 'title'], hidden: ['amount'], widths: { title: 210 }, density: 'compact' } });
  });

  it('applies the layout a preset keeps when it is picked', async () => {
    api.presets = [
      { name: 'Plain', roles: null, context: { default: true, filters: { dateField: 'created_at' }, expr: null } },
      { name: 'Amounts', roles: null, context: { default: false, filters: { dateField: 'created_at', layout: { order: ['amount'], hidden: ['title'], widths: {}, density: 'compact' } } as never, expr: null } },
    ];
    mount();
    await waitFor(() => expect(rows()).toHaveLength(10));
    fireEvent.change(screen.getByTestId('preset-select'), { target: { value: 'Amounts' } });
    await waitFor(() => expect(document.querySelectorAll('[data-testid="record-list"] thead th[data-column]')).toHaveLength(1));
    expect(document.querySelector('[data-testid="record-list"] thead th[data-column]')!.getAttribute('data-column')).toBe('amount');
    expect(screen.getByTestId('list-scroll').className).toContain('list-density-compact');
  });
});
