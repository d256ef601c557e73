// The list's cells by field type (renderers/cells), on fields compiled by the real compiler: what a
// user reads in a record list row, and a project's own cell outranking a built-in one.
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { defaultCells } from '../../renderers';
import { dispatchCell, RANK, rankWith, moduleTypeIs, RendererSetProvider, type CellEntry } from '../../renderers/registry';
import { CellContent, useCellRenderers } from '../../renderers/screens/list/CellContent';
import type { ViewColumn, ViewSchema } from '../../schemas';
import { compile, field, withIntl } from './harness';

const view = compile([
  field('status', 'select', 'text', { constraints: { selectables: { items: [{ value: 'open', label: 'Open for orders' }, { value: 'closed', label: 'Closed' }] } } }),
  field('tags', 'checkbox', 'text', { constraints: { selectables: { items: [{ value: 'a', label: 'Alpha' }, { value: 'b', label: 'Beta' }] } } }),
  field('kind', 'radio', 'number', { constraints: { selectables: { items: [{ value: 1, label: 'Retail' }, { value: 2, label: 'Wholesale' }] } } }),
  field('paid', 'checkbox', 'bool'),
  field('amount', 'input', 'number'),
  field('due', 'picker', 'date'),
  field('meets', 'picker', 'datetime'),
  field('notes', 'text', 'editor'),
  field('author', 'select', 'relation', {
    relation: { foreign: 'authors', foreign_uuid: null, key: ['author', 'code'], type: 'one-to-one' },
    constraints: { relation: { label: '{{name}} ({{code}})', searchOn: ['name'] } },
  }),
  field('customer', 'select', 'relation', { relation: { foreign: 'customers', foreign_uuid: null, key: ['customer', 'uuid'], type: 'one-to-one' } }),
  field('title', 'input', 'text'),
]);

const column = (key: string): ViewColumn => ({ key, label: key, virtual: false, sortable: true, formatter: null });

function Cell({ v, k, row }: { v: ViewSchema; k: string; row: Record<string, unknown> }) {
  const renderers = useCellRenderers(v);
  return (
    <div data-testid="cell">
      <CellContent column={column(k)} row={{ uuid: 'r-1', ...row } as never} formatted={undefined} renderers={renderers} locale="en_US" timeZone="Europe/Belgrade" />
    </div>
  );
}

const cellOf = (key: string, row: Record<string, unknown>) => {
  render(withIntl(<Cell v={view} k={key} row={row} />));
  return screen.getByTestId('cell');
};

describe('list cells by type', () => {
  it('shows select, checkbox and radio labels, not stored values', () => {
    expect(cellOf('status', { status: 'open' }).textContent).toBe('Open for orders');
  });
  it('shows every chosen checkbox label', () => {
    expect(cellOf('tags', { tags: ['a', 'b'] }).textContent).toBe('AlphaBeta');
  });
  it('shows a radio number by its label', () => {
    expect(cellOf('kind', { kind: 2 }).textContent).toBe('Wholesale');
  });
  it('shows a boolean as a tick with a text alternative', () => {
    const yes = cellOf('paid', { paid: true });
    expect(yes.querySelector('svg')).not.toBeNull();
    expect(screen.getByRole('img', { name: 'Yes' })).toBeTruthy();
  });
  it('says No for a false boolean', () => {
    const no = cellOf('paid', { paid: false });
    expect(screen.getByRole('img', { name: 'No' })).toBeTruthy();
    // A cross, not a dash: the dash is what an empty cell shows.
    expect(no.querySelector('svg.lucide-x')).not.toBeNull();
    expect(no.textContent).not.toContain('—');
  });
  it('right-aligns numbers in the locale format', () => {
    const cell = cellOf('amount', { amount: 1234567.5 });
    expect(cell.textContent).toBe('1,234,567.5');
    expect(cell.querySelector('.cell-number')).not.toBeNull();
  });
  it('shows dates and date-times in the locale', () => {
    expect(cellOf('due', { due: '2025-03-04' }).textContent).toBe('Mar 4, 2025');
  });
  it('shows a picker date-time as written, in the locale style', () => {
    expect(cellOf('meets', { meets: '2025-03-04T10:30' }).textContent).toMatch(/^Mar 4, 2025,? 10:30\sAM$/);
  });
  it('shows record timestamps in the user time zone', () => {
    // 12:00 UTC is 13:00 in Belgrade in winter.
    expect(cellOf('created_at', { created_at: '2025-01-10T12:00:00.000Z' }).textContent).toBe('2025-01-10 13:00:00');
  });
  it('shows rich text as one line of plain text', () => {
    expect(cellOf('notes', { notes: '<p>Hello <strong>world</strong></p><p>Second &amp; last</p>' }).textContent).toBe('Hello world Second & last');
  });
  it('shows a relation by the related record label', () => {
    expect(cellOf('author', { author: 'ab', author_RefObj: { uuid: 'x', code: 'ab', name: 'Ada' } }).textContent).toBe('Ada (ab)');
  });
  it('shows a relation without a label of the admin by the related component\'s first text field, not its uuid', async () => {
    const settings = { uuid: 'c-1', ref: 'customers', name: 'customers', settings: { fields: [
      { key: 'photo', module: 'input', type: 'image', sortOrder: 0 },
      { key: 'name', module: 'input', type: 'text', sortOrder: 1 },
      { key: 'email', module: 'input', type: 'email', sortOrder: 2 },
    ] } };
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith('/v3/system/component/settings/customers')
        ? new Response(JSON.stringify(settings), { headers: { 'content-type': 'application/json' } })
        : new Response('{"message":"notFound"}', { status: 404, headers: { 'content-type': 'application/json' } })));
    try {
      const id = '0198c1f2-7a3b-7c00-9d1e-5f2a11c169dd';
      const cell = cellOf('customer', { customer: id, customer_RefObj: { uuid: id, photo: null, name: 'Ada Lovelace', email: 'ada@example.com' } });
      await waitFor(() => expect(cell.textContent).toBe('Ada Lovelace'));
    } finally {
      vi.unstubAllGlobals();
    }
  });
  it('shows a relation whose record did not come along by its short id', () => {
    expect(cellOf('author', { author: '0123456789abcdef', author_RefObj: null }).textContent).toBe('…89abcdef');
  });
  it('shows the uuid short (its random end), on one line, with a copy button', () => {
    const cell = cellOf('uuid', { uuid: '3f2a9c1e-0000-4000-8000-000000000001' });
    expect(cell.querySelector('code')!.textContent).toBe('…00000001');
    expect(cell.querySelector('code')!.getAttribute('title')).toBe('3f2a9c1e-0000-4000-8000-000000000001');
    expect(screen.getByTestId('copy-uuid').getAttribute('aria-label')).toBe('Copy id 3f2a9c1e-0000-4000-8000-000000000001');
  });
  it('falls back to the raw text for a field no cell claims', () => {
    expect(dispatchCell(defaultCells, view.fields.find((f) => f.key === 'title')!)).toBeNull();
    expect(cellOf('title', { title: 'Plain words' }).textContent).toBe('Plain words');
  });
  it("uses the app's renderer set: a project's cell outranks the built-in one", () => {
    const Stars: CellEntry = { tester: rankWith(RANK.custom, moduleTypeIs('input', 'number')), cell: ({ value }) => <span>{'★'.repeat(Number(value))}</span> };
    render(
      withIntl(
        <RendererSetProvider value={{ controls: [], cells: [...defaultCells, Stars] }}>
          <Cell v={view} k="amount" row={{ amount: 3 }} />
        </RendererSetProvider>,
      ),
    );
    expect(screen.getByTestId('cell').textContent).toBe('★★★');
  });
});
