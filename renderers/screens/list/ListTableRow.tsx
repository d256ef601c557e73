// One record's row in the list table (ListTable.tsx): its select box, its cells by field type (the
// first links to the edit screen; a formatter that failed shows a warning icon), and the quick-edit
// icon. A click on the row, but not on its controls, opens the record.
import type { Row } from '@tanstack/react-table';
import type { MouseEvent } from 'react';
import { useIntl } from 'react-intl';
import type { RecordModel } from '../../../runtime/client/records';
import { SquarePen, TriangleAlert } from '../../ui/icons';
import type { ListController } from '../useListController';
import { CellContent, type CellRenderers } from './CellContent';
import type { Meta } from './ListTableHead';
import { cellKey } from './useFormattedCells';

/** Clicks on the row's own controls do not open the record. */
export const fromControl = (event: MouseEvent): boolean => (event.target as HTMLElement).closest('input, button, a, label, select') !== null;

/** What every row of one table shares. */
export interface RowContext {
  ctl: ListController;
  renderers: CellRenderers;
  locale: string;
  timeZone?: string;
  onOpen: (uuid: string) => void;
  editHref: (uuid: string) => string;
}

function RowCells({ row, context }: { row: Row<RecordModel>; context: RowContext }) {
  const intl = useIntl();
  const { ctl, renderers, locale, timeZone, onOpen, editHref } = context;
  const record = row.original;
  return row.getVisibleCells().map((cell, index) => {
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
  });
}

/** `position` is the row's place among all the rows (0 first), for aria-rowindex. */
export function RecordRow({ row, position, selected, context }: { row: Row<RecordModel>; position: number; selected: boolean; context: RowContext }) {
  const intl = useIntl();
  const { ctl, onOpen } = context;
  const record = row.original;
  return (
    <tr
      aria-rowindex={position + 2}
      data-testid="record-row"
      className={`list-row${record.disabled_at ? ' list-row-disabled' : ''}${selected ? ' list-row-selected' : ''}`}
      onClick={(e) => (fromControl(e) ? undefined : onOpen(record.uuid))}
    >
      <td className="list-select-cell">
        <input type="checkbox" data-testid="row-select" aria-label={intl.formatMessage({ id: 'records.list.selectRow' }, { uuid: record.uuid })} checked={selected} onChange={() => ctl.toggleRow(record.uuid)} />
      </td>
      <RowCells row={row} context={context} />
      {ctl.may.update ? (
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
}
