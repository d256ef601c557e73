// The record list screen against a fake main API (list-harness.tsx): paging, formatters, search, selection,
// deletes and bulk actions.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toastStore } from '../../renderers/ui/toast';
import { api, mount, rows, toasts, useListFixture } from './list-harness';

useListFixture();

describe('the record list', () => {
  it('lists a page of 10 with the total, pages forward and back, opens a row', async () => {
    const { navigate } = mount();
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(screen.getByTestId('list-total').textContent).toContain('23');
    fireEvent.click(screen.getByTestId('list-next'));
    await waitFor(() => expect(screen.getByTestId('list-page').textContent).toBe('2'));
    fireEvent.click(screen.getByTestId('list-next'));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect((screen.getByTestId('list-next') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(rows()[0]!.querySelectorAll('td')[2]!);
    expect(navigate).toHaveBeenCalledWith('/admin/component/orders/edit/u-21');
  });

  it('opens newest first (created_at descending) until a column is chosen, so a new record is on page one', async () => {
    mount();
    await waitFor(() => expect(rows()).toHaveLength(10));
    const first = api.calls.find((c) => c.url.pathname.endsWith('/orders/models'))!;
    expect(first.url.searchParams.get('sortBy')).toBe('created_at');
    expect(first.url.searchParams.get('sortDesc')).toBe('1');
    fireEvent.click(screen.getByTestId('sort-title'));
    await waitFor(() => expect(api.calls.some((c) => c.url.searchParams.get('sortBy') === 'title' && c.url.searchParams.get('sortDesc') === '-1')).toBe(true));
  });

  it('runs column formatters; a failing one shows the raw value and a warning', async () => {
    mount();
    await waitFor(() => expect(rows()[0]!.textContent).toContain('ITEM 01'));
    const first = rows()[0]!;
    expect(first.textContent).toContain('10');
    expect(within(first).getByTestId('formatter-error').getAttribute('title')).toBe('Formatter: bad');
  });

  it('searches 500 ms after typing, from page 1', async () => {
    mount();
    await waitFor(() => expect(rows()).toHaveLength(10));
    fireEvent.click(screen.getByTestId('list-next'));
    await waitFor(() => expect(screen.getByTestId('list-page').textContent).toBe('2'));
    fireEvent.change(screen.getByTestId('list-search'), { target: { value: 'BLUE' } });
    const searched = () => api.calls.filter((c) => c.url.searchParams.get('filter') === 'BLUE');
    expect(searched()).toHaveLength(0);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(searched()[0]!.url.searchParams.get('offset')).toBe('0');
    expect(screen.getByTestId('list-page').textContent).toBe('1');
  });

  it('disables the selection, then shows it with show-disabled', async () => {
    mount();
    await waitFor(() => expect(rows()).toHaveLength(10));
    fireEvent.click(within(rows()[0]!).getByTestId('row-select'));
    fireEvent.click(screen.getByTestId('bulk-disable'));
    await waitFor(() => expect(api.calls.some((c) => c.url.pathname.endsWith('/disable/models'))).toBe(true));
    expect(api.calls.find((c) => c.url.pathname.endsWith('/disable/models'))!.body).toEqual({ items: ['u-1'] });
    await waitFor(() => expect(screen.getByTestId('list-total').textContent).toContain('22'));
    fireEvent.click(screen.getByTestId('show-disabled'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]!.textContent).toContain('ITEM 01');
  });

  it('deletes only after the confirmation', async () => {
    mount();
    await waitFor(() => expect(rows()).toHaveLength(10));
    fireEvent.click(within(rows()[1]!).getByTestId('row-select'));
    fireEvent.click(screen.getByTestId('bulk-delete'));
    expect(api.calls.some((c) => c.url.pathname.endsWith('/delete/models'))).toBe(false);
    // The confirmation loads on its first open (renderers/ui/LazyDialogs.tsx).
    fireEvent.click(await screen.findByTestId('confirm-yes'));
    await waitFor(() => expect(screen.getByTestId('list-total').textContent).toContain('22'));
    expect(api.rows.some((r) => r.uuid === 'u-2')).toBe(false);
  });

  it('applies a bulk action to all matching records as a job, with its progress until done', async () => {
    mount();
    await waitFor(() => expect(rows()).toHaveLength(10));
    // Nothing chosen: no bulk actions yet.
    expect(screen.queryByTestId('list-bulk')).toBeNull();
    fireEvent.click(within(rows()[0]!).getByTestId('row-select'));
    fireEvent.click(screen.getByTestId('bulk-all-matching'));
    fireEvent.click(screen.getByTestId('bulk-enable'));
    await waitFor(() => expect(screen.getByTestId('bulk-progress')).toBeTruthy());
    expect(api.calls.find((c) => c.url.pathname.endsWith('/enable/models'))!.body).toEqual({ filter: {} });
    await waitFor(() => expect(screen.queryByTestId('bulk-progress')).toBeNull());
    expect(toasts()).toContain('records.list.bulkDone');
  });

  it('a bulk delete a workflow refuses shows the workflow\'s message; a job says how many it refused', async () => {
    api.refuse = true;
    mount();
    await waitFor(() => expect(rows()).toHaveLength(10));
    fireEvent.click(within(rows()[0]!).getByTestId('row-select'));
    fireEvent.click(screen.getByTestId('bulk-delete'));
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(toasts()).toContain('Paid orders stay'));
    expect(screen.getByTestId('list-total').textContent).toContain('23');
    fireEvent.click(screen.getByTestId('bulk-all-matching'));
    fireEvent.click(screen.getByTestId('bulk-delete'));
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(toasts()).toContain('records.list.bulkRefused'));
    expect(toastStore.get().find((t) => t.message === 'records.list.bulkRefused')!.values).toEqual({ count: 21, refused: 2 });
    expect(toasts()).not.toContain('records.list.bulkDone');
  });

});
