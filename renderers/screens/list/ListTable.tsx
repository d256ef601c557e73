// The table of the shown columns on @tanstack/react-table, its rows virtualised with
// @tanstack/react-virtual (a page holds up to 5000 records): select boxes, sortable headers that can be
// dragged to reorder and resized (both kept in the list's layout), cells by field type from the
// renderer set, formatter columns (a failure shows the raw value and a warning icon), a quick-edit icon
// per row, row click to the edit screen. The header stays in view while the rows scroll.
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type ColumnSizingState } from '@tanstack/react-table';
import { observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp, SquarePen, TriangleAlert } from '../../ui/icons';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useIntl } from 'react-intl';
import type { ViewColumn } from '../../../schemas';
import type { RecordModel } from '../../../runtime/client/records';
import type { ListController } from '../useListController';
import { CellContent, useCellRenderers, type CellRenderers } from './CellContent';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, placeColumn, resizeColumn } from './listLayout';
import { cellKey } from './useFormattedCells';

/** Clicks on the row's own controls do not open the record. */
export const fromControl = (event: MouseEvent): boolean => (event.target as HTMLElement).closest('input, button, a, label, select') !== null;

/** Row heights in pixels: the virtualiser's estimate, and the CSS of the density. */
const ROW_HEIGHT = { compact: 36, comfortable: 48 } as const;
/** Rows rendered beyond the visible window on each side. */
const OVERSCAN = 12;
/** The window assumed while the scroll box has no size yet (not laid out): a screenful of rows. */
const UNMEASURED = { width: 1280, height: 800 };

/** The scroll box's size, or a screenful while it has none, so rows show before layout. */
function observeRect(instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: { width: number; height: number }) => void) {
  return observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : UNMEASURED));
}

export interface ListTableProps {
  ctl: ListController;
  locale: string;
  timeZone?: string;
  onOpen: (uuid: string) => void;
  editHref: (uuid: string) => string;
}

interface Meta {
  column: ViewColumn;
  align: 'start' | 'end';
}

/** A width that suits the column's kind until the user resizes it. */
function defaultWidth(column: ViewColumn, renderers: CellRenderers): number {
  if (column.key === 'uuid') return 140;
  if (column.key === 'created_at' || column.key === 'updated_at' || column.key === 'disabled_at') return 180;
  const field = renderers.fieldOf(column.key);
  if (!field) return 200;
  if (field.module === 'checkbox' && field.type === 'bool') return 100;
  if (field.module === 'input' && field.type === 'number') return 130;
  if (field.module === 'picker') return 180;
  if (field.module === 'text') return 280;
  return 200;
}

interface ResizeHandleProps {
  label: string;
  width: number;
  /** A drag: the table's own resize handler. */
  onStart: (e: unknown) => void;
  /** The arrow keys: 10 px a press, 50 with Shift. */
  onResize: (width: number) => void;
}

function ResizeHandle({ label, width, onStart, onResize }: ResizeHandleProps) {
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const step = e.shiftKey ? 50 : 10;
    onResize(width + (e.key === 'ArrowRight' ? step : -step));
  };
  return (
    <div
      className="list-resizer"
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={width}
      aria-valuemin={MIN_COLUMN_WIDTH}
      aria-valuemax={MAX_COLUMN_WIDTH}
      tabIndex={0}
      data-testid="column-resizer"
      onMouseDown={onStart}
      onTouchStart={onStart}
      onKeyDown={onKeyDown}
      onClick={(e) => e.stopPropagation()}
    />
  );
}

export function ListTable({ ctl, locale, timeZone, onOpen, editHref }: ListTableProps) {
  const intl = useIntl();
  const { columns, items, filters, layout } = ctl;
  const renderers = useCellRenderers(ctl.view);
  const canQuickEdit = ctl.may.update;
  const allSelected = items.length > 0 && items.every((r) => ctl.selection.includes(r.uuid));
  const selected = useMemo(() => new Set(ctl.selection), [ctl.selection]);
  const [dragged, setDragged] = useState<string | null>(null);

  // Widths follow the layout; a drag resizes locally and lands in the layout when it ends.
  const [sizing, setSizing] = useState<ColumnSizingState>(layout.widths);
  useEffect(() => setSizing(layout.widths), [layout.widths]);
  const commitSizing = (next: ColumnSizingState) => {
    let l = layout;
    for (const [key, w] of Object.entries(next)) if (layout.widths[key] !== Math.round(w)) l = resizeColumn(l, key, w);
    if (l !== layout) ctl.setLayout(l);
  };

  const defs = useMemo<ColumnDef<RecordModel>[]>(
    () =>
      columns.map((c) => ({
        id: c.key,
        header: c.label,
        size: defaultWidth(c, renderers),
        minSize: 40,
        maxSize: 2000,
        meta: { column: c, align: renderers.alignOf(c.key) } satisfies Meta,
      })),
    [columns, renderers],
  );
  const table = useReactTable({
    data: items,
    columns: defs,
    getRowId: (row) => row.uuid,
    getCoreRowModel: getCoreRowModel(),
    columnResizeMode: 'onChange',
    enableColumnResizing: true,
    manualSorting: true,
    state: { columnSizing: sizing },
    onColumnSizingChange: setSizing,
  });
  const resizing = table.getState().columnSizingInfo.isResizingColumn;
  const wasResizing = useRef<string | false>(false);
  useEffect(() => {
    if (wasResizing.current && !resizing) commitSizing(sizing);
    wasResizing.current = resizing;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the end of a drag commits
  }, [resizing]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const rowHeight = ROW_HEIGHT[layout.density];
  const rows = table.getRowModel().rows;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
    initialRect: UNMEASURED,
    observeElementRect: observeRect,
    getItemKey: (i) => rows[i]?.id ?? i,
  });
  useEffect(() => virtualizer.measure(), [rowHeight, virtualizer]);
  const windowRows = virtualizer.getVirtualItems();
  const padTop = windowRows[0]?.start ?? 0;
  const padBottom = windowRows.length > 0 ? virtualizer.getTotalSize() - windowRows[windowRows.length - 1]!.end : 0;
  const span = columns.length + 1 + (canQuickEdit ? 1 : 0);
  const width = table.getTotalSize() + 44 + (canQuickEdit ? 52 : 0);

  return (
    <div
      ref={scrollRef}
      className={`table-card card list-table-card list-density-${layout.density}`}
      aria-busy={ctl.loading}
      data-testid="list-scroll"
    >
      <table className="table list-table" data-testid="record-list" aria-rowcount={rows.length + 1} style={{ minWidth: width }}>
        <colgroup>
          <col style={{ width: 44 }} />
          {table.getFlatHeaders().map((h) => (
            <col key={h.id} style={{ width: h.getSize() }} />
          ))}
          {canQuickEdit ? <col style={{ width: 52 }} /> : null}
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col" className="list-select-cell">
              <input
                type="checkbox"
                data-testid="select-page"
                aria-label={intl.formatMessage({ id: 'records.list.selectPage' })}
                checked={allSelected}
                disabled={items.length === 0}
                onChange={ctl.toggleAll}
              />
            </th>
            {table.getFlatHeaders().map((header) => {
              const { column: c, align } = header.column.columnDef.meta as Meta;
              const sorted = filters.sortBy === c.key;
              return (
                <th
                  key={header.id}
                  scope="col"
                  data-column={c.key}
                  className={`list-th${align === 'end' ? ' list-th-end' : ''}${dragged && dragged !== c.key ? ' list-th-drop' : ''}`}
                  aria-sort={sorted ? (filters.sortDesc ? 'descending' : 'ascending') : undefined}
                  onDragOver={(e) => {
                    if (dragged && dragged !== c.key) e.preventDefault();
                  }}
                  onDrop={(e) => {
                    e.preventDefault();
                    if (dragged) ctl.setLayout(placeColumn(layout, ctl.allColumns, dragged, c.key));
                    setDragged(null);
                  }}
                >
                  <span
                    className="list-th-inner"
                    draggable
                    onDragStart={(e) => {
                      setDragged(c.key);
                      e.dataTransfer.effectAllowed = 'move';
                      e.dataTransfer.setData('text/plain', c.key);
                    }}
                    onDragEnd={() => setDragged(null)}
                  >
                    {c.sortable ? (
                      <button type="button" className="list-sort" data-testid={`sort-${c.key}`} onClick={() => ctl.sortBy(c.key)}>
                        <span className="list-th-label">{flexRender(header.column.columnDef.header, header.getContext())}</span>
                        {sorted ? filters.sortDesc ? <ArrowDown aria-hidden="true" /> : <ArrowUp aria-hidden="true" /> : null}
                      </button>
                    ) : (
                      <span className="list-th-label">{c.label}</span>
                    )}
                  </span>
                  <ResizeHandle
                    label={intl.formatMessage({ id: 'records.list.resizeColumn' }, { label: c.label })}
                    width={header.getSize()}
                    onStart={header.getResizeHandler()}
                    onResize={(w) => ctl.setLayout(resizeColumn(layout, c.key, w))}
                  />
                </th>
              );
            })}
            {canQuickEdit ? (
              <th scope="col" className="actions-cell">
                <span className="visually-hidden">{intl.formatMessage({ id: 'records.quickEdit' })}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {padTop > 0 ? (
            <tr aria-hidden="true" className="list-pad">
              <td colSpan={span} style={{ height: padTop }} />
            </tr>
          ) : null}
          {windowRows.map((v) => {
            const row = rows[v.index]!;
            const record = row.original;
            return (
              <tr
                key={row.id}
                aria-rowindex={v.index + 2}
                data-testid="record-row"
                className={`list-row${record.disabled_at ? ' list-row-disabled' : ''}${selected.has(record.uuid) ? ' list-row-selected' : ''}`}
                onClick={(e) => (fromControl(e) ? undefined : onOpen(record.uuid))}
              >
                <td className="list-select-cell">
                  <input
                    type="checkbox"
                    data-testid="row-select"
                    aria-label={intl.formatMessage({ id: 'records.list.selectRow' }, { uuid: record.uuid })}
                    checked={selected.has(record.uuid)}
                    onChange={() => ctl.toggleRow(record.uuid)}
                  />
                </td>
                {row.getVisibleCells().map((cell, index) => {
                  const { column: c, align } = cell.column.columnDef.meta as Meta;
                  const formatted = c.formatter ? ctl.cells.get(cellKey(record.uuid, c.key)) : undefined;
                  return (
                    <td key={cell.id} className={align === 'end' ? 'list-td list-td-end' : 'list-td'} data-column={c.key}>
                      <CellContent
                        column={c}
                        row={record}
                        formatted={formatted}
                        renderers={renderers}
                        locale={locale}
                        timeZone={timeZone}
                        link={index === 0 ? { href: editHref(record.uuid), open: () => onOpen(record.uuid) } : undefined}
                      />
                      {formatted && !formatted.ok ? (
                        <span className="list-cell-warning" role="img" data-testid="formatter-error" title={formatted.error} aria-label={intl.formatMessage({ id: 'records.list.formatterFailed' })}>
                          <TriangleAlert aria-hidden="true" />
                        </span>
                      ) : null}
                    </td>
                  );
                })}
                {canQuickEdit ? (
                  <td className="actions-cell">
                    <button
                      type="button"
                      className="icon-button list-quick-edit"
                      data-testid="quick-edit"
                      title={intl.formatMessage({ id: 'records.quickEdit' })}
                      aria-label={intl.formatMessage({ id: 'records.quickEdit' })}
                      onClick={() => ctl.openQuickEdit(record.uuid)}
                    >
                      <SquarePen aria-hidden="true" />
                    </button>
                  </td>
                ) : null}
              </tr>
            );
          })}
          {padBottom > 0 ? (
            <tr aria-hidden="true" className="list-pad">
              <td colSpan={span} style={{ height: padBottom }} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
