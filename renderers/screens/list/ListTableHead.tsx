// The list table's header row (ListTable.tsx): the select-page box, one header per shown column that
// sorts on click, can be dragged onto another to reorder, and resized by its handle (by drag or the
// arrow keys), all kept in the list's layout; and the quick-edit column's hidden label.
import { flexRender, type Header, type Table } from '@tanstack/react-table';
import { useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import type { ViewColumn } from '../../../schemas';
import type { RecordModel } from '../../../runtime/client/records';
import { ArrowDown, ArrowUp } from '../../ui/icons';
import type { ListController } from '../useListController';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, placeColumn, resizeColumn } from './listLayout';
import { effectiveSort } from './listState';

/** What each column definition carries for the cells. */
export interface Meta {
  column: ViewColumn;
  align: 'start' | 'end';
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

interface HeaderCellProps {
  header: Header<RecordModel, unknown>;
  ctl: ListController;
  /** The key of the column being dragged, if any. */
  dragged: string | null;
  setDragged: (key: string | null) => void;
}

function HeaderCell({ header, ctl, dragged, setDragged }: HeaderCellProps) {
  const intl = useIntl();
  const { filters, layout } = ctl;
  const { column: c, align } = header.column.columnDef.meta as Meta;
  const order = effectiveSort(filters);
  const sorted = order.sortBy === c.key;
  return (
    <th
      scope="col"
      data-column={c.key}
      className={`list-th${align === 'end' ? ' list-th-end' : ''}${dragged && dragged !== c.key ? ' list-th-drop' : ''}`}
      aria-sort={sorted ? (order.sortDesc ? 'descending' : 'ascending') : undefined}
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
            {sorted ? order.sortDesc ? <ArrowDown aria-hidden="true" /> : <ArrowUp aria-hidden="true" /> : null}
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
}

export function ListTableHead({ table, ctl }: { table: Table<RecordModel>; ctl: ListController }) {
  const intl = useIntl();
  const { items } = ctl;
  const [dragged, setDragged] = useState<string | null>(null);
  const allSelected = items.length > 0 && items.every((r) => ctl.selection.includes(r.uuid));
  return (
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
        {table.getFlatHeaders().map((header) => (
          <HeaderCell key={header.id} header={header} ctl={ctl} dragged={dragged} setDragged={setDragged} />
        ))}
        {ctl.may.update ? (
          <th scope="col" className="actions-cell">
            <span className="visually-hidden">{intl.formatMessage({ id: 'records.quickEdit' })}</span>
          </th>
        ) : null}
      </tr>
    </thead>
  );
}
