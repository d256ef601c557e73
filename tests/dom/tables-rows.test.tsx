// table/default rows: per-row delete with a confirmation, Prev/Next pages of per_page (10), sortable
// columns, search with Clear (debounced 500 ms), and nested server messages marking rows.
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compile, field, renderForm } from './harness';

const sub = (key: string, module: string, type: string, constraints: Record<string, unknown> = {}) => ({ name: key, key, label: { en_US: key[0]!.toUpperCase() + key.slice(1) }, module, type, constraints });
const table = (table: Record<string, unknown> = {}) =>
  field('lines', 'table', 'default', { constraints: { table: { fields: [sub('title', 'input', 'text'), sub('qty', 'input', 'number')], ...table } } });
const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `row ${String(i + 1).padStart(2, '0')}`, qty: i + 1 }));
const titles = () => screen.getAllByTestId('table-row').map((tr) => tr.querySelector('td[data-key="title"]')!.textContent);

afterEach(() => vi.useRealTimers());

describe('table rows', () => {
  it('delete asks first; No keeps the row, Yes removes it from the value', () => {
    const { form } = renderForm({ view: compile([table()]), record: { lines: rows(3) } });
    fireEvent.click(screen.getAllByTestId('table-row-delete')[1]!);
    expect(screen.getByTestId('table-delete-confirm').getAttribute('role')).toBe('dialog');
    fireEvent.click(screen.getByTestId('confirm-no'));
    expect(form().store.value('lines')).toHaveLength(3);
    fireEvent.click(screen.getAllByTestId('table-row-delete')[1]!);
    fireEvent.click(screen.getByTestId('confirm-yes'));
    expect(form().store.value('lines')).toEqual([rows(3)[0], rows(3)[2]]);
    expect(titles()).toEqual(['row 01', 'row 03']);
  });

  it('pages of 10 with Prev and Next, disabled at the ends', () => {
    renderForm({ view: compile([table()]), record: { lines: rows(23) } });
    expect(titles()).toHaveLength(10);
    expect(titles()[0]).toBe('row 01');
    const prev = screen.getByTestId('table-prev') as HTMLButtonElement;
    const next = screen.getByTestId('table-next') as HTMLButtonElement;
    expect(prev.disabled).toBe(true);
    fireEvent.click(next);
    expect(titles()[0]).toBe('row 11');
    fireEvent.click(next);
    expect(titles()).toEqual(['row 21', 'row 22', 'row 23']);
    expect(next.disabled).toBe(true);
    expect(screen.getByTestId('table-page').textContent).toBe('Page 3 of 3');
    fireEvent.click(prev);
    expect(titles()[0]).toBe('row 11');
  });

  it('per_page from the constraints', () => {
    renderForm({ view: compile([table({ per_page: 4 })]), record: { lines: rows(9) } });
    expect(titles()).toHaveLength(4);
    expect(screen.getByTestId('table-page').textContent).toBe('Page 1 of 3');
  });

  it('deleting the last row of the last page shows the page before', () => {
    renderForm({ view: compile([table()]), record: { lines: rows(11) } });
    fireEvent.click(screen.getByTestId('table-next'));
    fireEvent.click(screen.getByTestId('table-row-delete'));
    fireEvent.click(screen.getByTestId('confirm-yes'));
    expect(titles()).toHaveLength(10);
    expect(screen.getByTestId('table-page').textContent).toBe('Page 1 of 1');
  });

  it('a header click sorts ascending, the next descending', () => {
    renderForm({ view: compile([table()]), record: { lines: [{ title: 'b', qty: 2 }, { title: 'c', qty: 10 }, { title: 'a', qty: 1 }] } });
    const qty = screen.getAllByTestId('table-sort').find((b) => b.getAttribute('data-key') === 'qty')!;
    fireEvent.click(qty);
    expect(titles()).toEqual(['a', 'b', 'c']);
    expect(qty.closest('th')!.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(qty);
    expect(titles()).toEqual(['c', 'b', 'a']);
    expect(qty.closest('th')!.getAttribute('aria-sort')).toBe('descending');
  });

  it('search only when configured; filters after 500 ms; Clear shows every row again', () => {
    vi.useFakeTimers();
    const { unmount } = renderForm({ view: compile([table()]), record: { lines: rows(3) } });
    expect(screen.queryByTestId('table-search')).toBeNull();
    unmount();
    renderForm({ view: compile([table({ search: true })]), record: { lines: rows(12) } });
    fireEvent.change(screen.getByTestId('table-search'), { target: { value: 'ROW 1' } });
    expect(titles()).toHaveLength(10);
    act(() => void vi.advanceTimersByTime(499));
    expect(titles()).toHaveLength(10);
    act(() => void vi.advanceTimersByTime(1));
    expect(titles()).toEqual(['row 10', 'row 11', 'row 12']);
    expect(screen.getByTestId('table-page').textContent).toBe('Page 1 of 1');
    fireEvent.click(screen.getByTestId('table-clear'));
    expect((screen.getByTestId('table-search') as HTMLInputElement).value).toBe('');
    expect(titles()).toHaveLength(10);
    expect(screen.getByTestId('table-page').textContent).toBe('Page 1 of 2');
  });

  it('nested messages (a 417 at lines.rows.1.title) mark the row and summarise under the field', () => {
    const { form } = renderForm({ view: compile([table()]), record: { lines: rows(2) } });
    act(() => form().applyFieldErrors([{ field: 'lines.rows.1.title', messages: ['invalidInput'] }]));
    const marked = screen.getAllByTestId('table-row').map((tr) => tr.getAttribute('aria-invalid'));
    expect(marked).toEqual([null, 'true']);
    expect(screen.getByTestId('field-error-lines').textContent).toContain('Some of the items are not valid');
  });
});
