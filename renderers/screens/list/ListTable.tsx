// The table of the shown columns on @tanstack/react-table, its rows virtualised with
// @tanstack/react-virtual (a page holds up to 5000 records): select boxes, sortable headers that can be
// dragged to reorder and resized (both kept in the list's layout), cells by field type from the
// renderer set, formatter columns (a failure shows the raw value and a warning icon), a quick-edit icon
// per row, row click to the edit screen. The header stays in view while the rows scroll.
// The header row is ListTableHead.tsx, a record's row ListTableRow.tsx.
import { getCoreRowModel, useReactTable, type ColumnDef, type ColumnSizingState, type Row } from '@tanstack/react-table';
import { observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { ViewColumn } from '../../../schemas';
import type { RecordModel } from '../../../runtime/client/records';
import type { ListController } from '../useListController';
import { useCellRenderers, type CellRenderers } from './CellContent';
import { fitWidths, resizeColumn, type ColumnWidth, type ListLayout } from './listLayout';
import { ListTableHead, type Meta } from './ListTableHead';
import { RecordRow } from './ListTableRow';

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

/** The select box column's and the quick-edit column's widths. */
const SELECT_WIDTH = 44;
const ACTIONS_WIDTH = 52;

/** A width that suits the column's kind until the user resizes it, and the least it shrinks to to fit. */
function defaultWidth(column: ViewColumn, renderers: CellRenderers): ColumnWidth {
  const w = (width: number, min = 88) => ({ key: column.key, width, min });
  if (column.key === 'uuid') return w(110, 90);
  if (column.key === 'created_at' || column.key === 'updated_at' || column.key === 'disabled_at') return w(160, 96);
  const field = renderers.fieldOf(column.key);
  if (!field) return w(160);
  if (field.module === 'checkbox' && field.type === 'bool') return w(80, 64);
  if (field.module === 'input' && field.type === 'number') return w(110, 80);
  if (field.module === 'picker') return w(field.type === 'date' ? 120 : 160, 96);
  if (field.module === 'image' || (field.module === 'input' && ['image', 'imagev2', 'file'].includes(field.type))) return w(90, 64);
  if (field.module === 'text') return w(240, 120);
  return w(160);
}

/** The scroll box's width as laid out (0 before layout, then the columns keep their kind's width). */
function useBoxWidth(ref: RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    setWidth(el.clientWidth);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** The column widths: they follow the layout; a drag resizes locally and lands in the layout when it ends. */
function useColumnSizing(layout: ListLayout, setLayout: (layout: ListLayout) => void) {
  const [sizing, setSizing] = useState<ColumnSizingState>(layout.widths);
  useEffect(() => setSizing(layout.widths), [layout.widths]);
  const commit = (next: ColumnSizingState) => {
    let l = layout;
    for (const [key, w] of Object.entries(next)) if (layout.widths[key] !== Math.round(w)) l = resizeColumn(l, key, w);
    if (l !== layout) setLayout(l);
  };
  return { sizing, setSizing, commit };
}

/** The react-table instance over the page's records, one column per shown column. */
function useRecordTable(ctl: ListController, renderers: CellRenderers, boxWidth: number) {
  const { columns, items, layout } = ctl;
  const { sizing, setSizing, commit } = useColumnSizing(layout, ctl.setLayout);
  const available = boxWidth > 0 ? boxWidth - SELECT_WIDTH - (ctl.may.update ? ACTIONS_WIDTH : 0) : 0;
  const defs = useMemo<ColumnDef<RecordModel>[]>(() => {
    const widths = fitWidths(columns.map((c) => defaultWidth(c, renderers)), layout.widths, available);
    return columns.map((c) => ({
        id: c.key,
        header: c.label,
        size: widths[c.key],
        minSize: 40,
        maxSize: 2000,
        meta: { column: c, align: renderers.alignOf(c.key) } satisfies Meta,
      }));
  }, [columns, renderers, layout.widths, available]);
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
    if (wasResizing.current && !resizing) commit(sizing);
    wasResizing.current = resizing;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the end of a drag commits
  }, [resizing]);
  return table;
}

/** The rows in the scroll box's window, and the space the rows above and below it take. */
function useRowWindow(scrollRef: RefObject<HTMLDivElement | null>, rows: Row<RecordModel>[], density: keyof typeof ROW_HEIGHT) {
  const rowHeight = ROW_HEIGHT[density];
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
  return { windowRows, padTop, padBottom };
}

/** The space of the rows outside the window, so the scroll bar stays true. */
function PadRow({ span, height }: { span: number; height: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden="true" className="list-pad">
      <td colSpan={span} style={{ height }} />
    </tr>
  );
}

export function ListTable({ ctl, locale, timeZone, onOpen, editHref }: ListTableProps) {
  const { columns, layout } = ctl;
  const renderers = useCellRenderers(ctl.view);
  const canQuickEdit = ctl.may.update;
  const selected = useMemo(() => new Set(ctl.selection), [ctl.selection]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const table = useRecordTable(ctl, renderers, useBoxWidth(scrollRef));
  const rows = table.getRowModel().rows;
  const { windowRows, padTop, padBottom } = useRowWindow(scrollRef, rows, layout.density);
  const span = columns.length + 1 + (canQuickEdit ? 1 : 0);
  const width = table.getTotalSize() + SELECT_WIDTH + (canQuickEdit ? ACTIONS_WIDTH : 0);
  const context = { ctl, renderers, locale, timeZone, onOpen, editHref };

  return (
    <div ref={scrollRef} className={`table-card card list-table-card list-density-${layout.density}`} aria-busy={ctl.loading} data-testid="list-scroll">
      <table className="table list-table" data-testid="record-list" aria-rowcount={rows.length + 1} style={{ minWidth: width }}>
        <colgroup>
          <col style={{ width: SELECT_WIDTH }} />
          {table.getFlatHeaders().map((h) => (
            <col key={h.id} style={{ width: h.getSize() }} />
          ))}
          {canQuickEdit ? <col style={{ width: ACTIONS_WIDTH }} /> : null}
        </colgroup>
        <ListTableHead table={table} ctl={ctl} />
        <tbody>
          <PadRow span={span} height={padTop} />
          {windowRows.map((v) => {
            const row = rows[v.index]!;
            return <RecordRow key={row.id} row={row} position={v.index} selected={selected.has(row.original.uuid)} context={context} />;
          })}
          <PadRow span={span} height={padBottom} />
        </tbody>
      </table>
    </div>
  );
}
