// The table of an admin list on @tanstack/react-table, as the record list's: columns by message id,
// a cell renderer each, row actions in the last column, and rows that open on a click (or on Enter
// where the row itself takes the focus). On a phone each row reads as a card (list.css): the first
// cell its title, every other cell under its column's name.
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { useIntl } from 'react-intl';
import './list.css';

export interface ListColumn<T> {
  /** Unique in the table. */
  id: string;
  /** The header's message id; a phone shows it before the cell. */
  header: string;
  cell: (row: T) => ReactNode;
  /** On the column's header and cells. */
  className?: string;
  /** On its cells only. */
  cellClassName?: string;
}

export interface RowActions<T> {
  /** Buttons and links acting on the row (each reachable with Tab, named for its row). */
  cell: (row: T) => ReactNode;
  /** The column's name, for screen readers only unless `visible`. */
  header?: string;
  visible?: boolean;
}

/** Attributes a row carries besides its test id: data-* for tests, a class, aria-current. */
export type RowAttributes = { className?: string; 'aria-current'?: 'true' } & { [data: `data-${string}`]: string | number | boolean | undefined };

export interface AdminTableProps<T> {
  /** The table's accessible name (a message id). */
  label: string;
  rows: readonly T[];
  columns: readonly ListColumn<T>[];
  /** By default the row's uuid, which the row then carries as data-uuid. */
  rowKey?: (row: T) => string;
  rowTestId: string;
  rowAttributes?: (row: T) => RowAttributes;
  rowActions?: RowActions<T>;
  /** Opens a row: a click anywhere but on one of its controls, Enter on a row that has the focus. */
  onOpen?: (row: T) => void;
  /** The row takes the focus itself (no link in it leads where a click does). */
  focusableRows?: boolean;
  tableClassName?: string;
  testId?: string;
  /** Inside the card, under the table: the pager. */
  footer?: ReactNode;
}

interface Meta {
  header: string;
  className?: string;
  cellClassName?: string;
  hidden?: boolean;
}

const ACTIONS = 'actions';

const uuidOf = (row: unknown): string => String((row as { uuid?: unknown }).uuid);

/** A click on a control inside the row is the control's. */
const fromControl = (event: MouseEvent): boolean => event.target instanceof Element && event.target.closest('a, button, input, select, label') !== null;

/** The columns as react-table's definitions, the row actions last. */
function columnDefs<T>(columns: readonly ListColumn<T>[], actions: RowActions<T> | undefined): ColumnDef<T>[] {
  const defs: ColumnDef<T>[] = columns.map((c) => ({
    id: c.id,
    cell: (ctx) => c.cell(ctx.row.original),
    meta: { header: c.header, className: c.className, cellClassName: [c.className, c.cellClassName].filter(Boolean).join(' ') || undefined } satisfies Meta,
  }));
  if (!actions) return defs;
  const header = actions.header ?? 'iam.actions';
  return [
    ...defs,
    {
      id: ACTIONS,
      cell: (ctx) => <span className="row-actions">{actions.cell(ctx.row.original)}</span>,
      meta: { header, className: 'actions-cell', hidden: !actions.visible } satisfies Meta,
    },
  ];
}

export function AdminTable<T>(props: AdminTableProps<T>) {
  const { label, rows, columns, rowKey, rowTestId, rowAttributes, rowActions, onOpen, focusableRows, tableClassName, testId, footer } = props;
  const intl = useIntl();
  const table = useReactTable({ data: rows as T[], columns: columnDefs(columns, rowActions), getRowId: rowKey ?? uuidOf, getCoreRowModel: getCoreRowModel() });
  const text = (id: string) => intl.formatMessage({ id });
  return (
    <div className="card table-card">
      <div className="table-scroll">
        <table className={`table admin-table${tableClassName ? ` ${tableClassName}` : ''}`} data-testid={testId} aria-label={text(label)}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const meta = header.column.columnDef.meta as Meta;
                  return (
                    <th key={header.id} scope="col" className={meta.className}>
                      {meta.hidden ? <span className="visually-hidden">{text(meta.header)}</span> : text(meta.header)}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => {
              const attributes = rowAttributes?.(row.original) ?? {};
              const className = [onOpen ? 'admin-row-open' : '', attributes.className ?? ''].filter(Boolean).join(' ') || undefined;
              return (
                <tr
                  key={row.id}
                  data-testid={rowTestId}
                  data-uuid={rowKey ? undefined : row.id}
                  {...attributes}
                  className={className}
                  tabIndex={onOpen && focusableRows ? 0 : undefined}
                  onClick={onOpen ? (e) => (fromControl(e) ? undefined : onOpen(row.original)) : undefined}
                  onKeyDown={onOpen && focusableRows ? (e: KeyboardEvent) => (e.key === 'Enter' && e.target === e.currentTarget ? onOpen(row.original) : undefined) : undefined}
                >
                  {row.getVisibleCells().map((cell) => {
                    const meta = cell.column.columnDef.meta as Meta;
                    return (
                      <td key={cell.id} className={meta.cellClassName ?? meta.className} data-label={meta.hidden ? undefined : text(meta.header)}>
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {footer}
    </div>
  );
}
