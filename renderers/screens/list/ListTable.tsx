// The table of compiled columns: select boxes, sortable headers, formatted cells (a formatter failure
// shows the raw value and a warning icon), a quick-edit icon per row, row click to the edit screen.
import { useMemo, type ComponentType, type MouseEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ViewColumn } from '../../../schemas';
import type { RecordModel } from '../../../runtime/client/records';
import { dispatchCell, type CellProps as SetCellProps } from '../../registry/cells';
import { useRendererSet } from '../../registry/RendererSet';
import type { ListController } from '../useListController';
import { cellText, TIMESTAMP_COLUMNS, timestampText } from './cellText';
import { cellKey, type FormattedCell } from './useFormattedCells';

interface CellProps {
  row: RecordModel;
  column: ViewColumn;
  formatted: FormattedCell | undefined;
  locale: string;
  /** The first cell links to the edit screen (keyboard users reach the record this way). */
  link?: { href: string; open: () => void };
  /** The renderer set's cell for the column's field, when one applies and no formatter is set. */
  typed?: { cell: ComponentType<SetCellProps>; field: SetCellProps['field'] };
}

function Cell({ row, column, formatted, locale, link, typed }: CellProps) {
  const intl = useIntl();
  const formatterValue = column.formatter && formatted?.ok;
  const shown = formatterValue ? formatted.value : row[column.key];
  const { text, full } = !formatterValue && TIMESTAMP_COLUMNS.has(column.key) ? { text: timestampText(shown), full: String(shown ?? '') } : cellText(shown, locale);
  const Typed = typed?.cell;
  const shownContent = Typed && typed ? <Typed field={typed.field} value={row[column.key]} row={row} locale={locale} /> : text || (link ? '—' : text);
  const content = link ? (
    <a
      href={link.href}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        link.open();
      }}
    >
      {shownContent}
    </a>
  ) : (
    shownContent
  );
  return (
    <td title={full !== text ? full : undefined}>
      {content}
      {formatted && !formatted.ok ? (
        <span className="list-cell-warning" role="img" data-testid="formatter-error" title={formatted.error} aria-label={intl.formatMessage({ id: 'records.list.formatterFailed' })}>
          ⚠
        </span>
      ) : null}
    </td>
  );
}

/** Clicks on the row's own controls do not open the record. */
const fromControl = (event: MouseEvent): boolean => (event.target as HTMLElement).closest('input, button, a, label, select') !== null;

export interface ListTableProps {
  ctl: ListController;
  locale: string;
  onOpen: (uuid: string) => void;
  editHref: (uuid: string) => string;
}

export function ListTable({ ctl, locale, onOpen, editHref }: ListTableProps) {
  const intl = useIntl();
  const { columns, items, filters } = ctl;
  const allSelected = items.length > 0 && items.every((r) => ctl.selection.includes(r.uuid));
  const canQuickEdit = ctl.may.update;
  const setCells = useRendererSet()?.cells;
  const typedCells = useMemo(() => {
    const typed = new Map<string, NonNullable<CellProps['typed']>>();
    for (const field of setCells ? (ctl.view?.fields ?? []) : []) {
      const cell = dispatchCell(setCells ?? [], field);
      if (cell) typed.set(field.key, { cell, field });
    }
    return typed;
  }, [setCells, ctl.view]);
  return (
    <div className="table-card card list-table-card" aria-busy={ctl.loading}>
      <table className="table list-table" data-testid="record-list">
        <thead>
          <tr>
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
            {columns.map((c) => {
              const sorted = filters.sortBy === c.key;
              return (
                <th key={c.key} scope="col" aria-sort={sorted ? (filters.sortDesc ? 'descending' : 'ascending') : undefined}>
                  {c.sortable ? (
                    <button type="button" className="list-sort" data-testid={`sort-${c.key}`} onClick={() => ctl.sortBy(c.key)}>
                      {c.label}
                      <span aria-hidden="true">{sorted ? (filters.sortDesc ? ' ▼' : ' ▲') : ''}</span>
                    </button>
                  ) : (
                    c.label
                  )}
                </th>
              );
            })}
            {canQuickEdit ? (
              <th scope="col" className="actions-cell">
                <span className="visually-hidden">
                  <FormattedMessage id="records.quickEdit" />
                </span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {items.map((row) => (
            <tr key={row.uuid} data-testid="record-row" className={`list-row${row.disabled_at ? ' list-row-disabled' : ''}`} onClick={(e) => (fromControl(e) ? undefined : onOpen(row.uuid))}>
              <td className="list-select-cell">
                <input
                  type="checkbox"
                  data-testid="row-select"
                  aria-label={intl.formatMessage({ id: 'records.list.selectRow' }, { uuid: row.uuid })}
                  checked={ctl.selection.includes(row.uuid)}
                  onChange={() => ctl.toggleRow(row.uuid)}
                />
              </td>
              {columns.map((c, index) => (
                <Cell
                  key={c.key}
                  row={row}
                  column={c}
                  formatted={ctl.cells.get(cellKey(row.uuid, c.key))}
                  locale={locale}
                  link={index === 0 ? { href: editHref(row.uuid), open: () => onOpen(row.uuid) } : undefined}
                  typed={c.formatter ? undefined : typedCells.get(c.key)}
                />
              ))}
              {canQuickEdit ? (
                <td className="actions-cell">
                  <button type="button" className="icon-button" data-testid="quick-edit" title={intl.formatMessage({ id: 'records.quickEdit' })} onClick={() => ctl.openQuickEdit(row.uuid)}>
                    <span aria-hidden="true">✎</span>
                    <span className="visually-hidden">
                      <FormattedMessage id="records.quickEdit" />
                    </span>
                  </button>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
