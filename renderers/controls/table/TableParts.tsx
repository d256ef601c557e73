// The pieces of table/default and table/custom (Default.tsx): the toolbar with search and Create, the
// sortable grid with per-row delete, the Prev/Next pager, the Create modal and the delete confirmation.
import type { KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ViewField } from '../../../schemas/viewSchema.schema';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { LazyDialog } from '../../ui/LazyDialogs';
import type { FormPage } from '../../registry/types';
import { ArrowDown, ArrowUp, Trash2 } from '../../ui/icons';
import { SubFieldInputs } from './SubFieldInputs';
import { cellText, type IndexedRow, type SortState } from './tableState';
import type { RowDraft, TableSearch } from './useTableState';

/** Enter in a modal's input must not submit the record form around it. */
export function keepEnterInside(event: KeyboardEvent) {
  if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') event.preventDefault();
}

export function TableToolbar({ search, searchable, readOnly, onCreate }: { search: TableSearch; searchable: boolean; readOnly: boolean; onCreate: () => void }) {
  const intl = useIntl();
  return (
    <div className="table-toolbar">
      {searchable ? (
        <>
          <input
            type="search"
            className="table-search"
            data-testid="table-search"
            aria-label={intl.formatMessage({ id: 'records.table.search' })}
            placeholder={intl.formatMessage({ id: 'records.table.search' })}
            value={search.query}
            onChange={(e) => search.setQuery(e.target.value)}
            onKeyDown={keepEnterInside}
          />
          <button type="button" className="button" data-testid="table-clear" disabled={search.query === '' && search.applied === ''} onClick={search.clear}>
            <FormattedMessage id="records.table.clear" />
          </button>
        </>
      ) : null}
      {readOnly ? null : (
        <button type="button" className="button button-primary" data-testid="table-create" onClick={onCreate}>
          <FormattedMessage id="records.table.create" />
        </button>
      )}
    </div>
  );
}

function TableHead({ columns, sort, onSort, readOnly }: { columns: readonly ViewField[]; sort: SortState | null; onSort: (key: string) => void; readOnly: boolean }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => {
          const dir = sort?.key === column.key ? sort.dir : null;
          return (
            <th key={column.key} scope="col" aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}>
              <button type="button" className="table-sort" data-testid="table-sort" data-key={column.key} onClick={() => onSort(column.key)}>
                {column.label || column.key}
                {dir === 'asc' ? <ArrowUp /> : dir === 'desc' ? <ArrowDown /> : null}
              </button>
            </th>
          );
        })}
        {readOnly ? null : (
          <th scope="col">
            <span className="visually-hidden">
              <FormattedMessage id="records.table.actions" />
            </span>
          </th>
        )}
      </tr>
    </thead>
  );
}

type TableBodyProps = { columns: readonly ViewField[]; rows: readonly IndexedRow[]; invalidRows: ReadonlySet<number>; readOnly: boolean; locale: string; onDelete: (index: number) => void };

function TableBody({ columns, rows, invalidRows, readOnly, locale, onDelete }: TableBodyProps) {
  const intl = useIntl();
  if (rows.length === 0) {
    return (
      <tbody>
        <tr>
          <td colSpan={columns.length + (readOnly ? 0 : 1)} className="muted">
            <FormattedMessage id="records.table.empty" />
          </td>
        </tr>
      </tbody>
    );
  }
  return (
    <tbody>
      {rows.map(({ row, index }) => (
        <tr key={index} data-testid="table-row" data-index={index} className={invalidRows.has(index) ? 'row-invalid' : undefined} aria-invalid={invalidRows.has(index) || undefined}>
          {columns.map((column) => (
            <td key={column.key} data-key={column.key}>
              {cellText(row[column.key], locale)}
            </td>
          ))}
          {readOnly ? null : (
            <td className="table-row-actions">
              <button type="button" className="button danger" data-testid="table-row-delete" aria-label={intl.formatMessage({ id: 'records.table.deleteRow' })} onClick={() => onDelete(index)}>
                <Trash2 />
              </button>
            </td>
          )}
        </tr>
      ))}
    </tbody>
  );
}

/** The sortable grid of the shown rows; `invalidRows` are the indexes that have messages. */
export function TableGrid(props: TableBodyProps & { sort: SortState | null; onSort: (key: string) => void }) {
  return (
    <div className="table-scroll">
      <table className="table data-table">
        <TableHead columns={props.columns} sort={props.sort} onSort={props.onSort} readOnly={props.readOnly} />
        <TableBody {...props} />
      </table>
    </div>
  );
}

export function TablePager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  return (
    <div className="table-pager">
      <button type="button" className="button" data-testid="table-prev" disabled={page <= 0} onClick={() => onPage(page - 1)}>
        <FormattedMessage id="records.table.prev" />
      </button>
      <span className="muted" data-testid="table-page">
        <FormattedMessage id="records.table.page" values={{ page: page + 1, pages }} />
      </span>
      <button type="button" className="button" data-testid="table-next" disabled={page >= pages - 1} onClick={() => onPage(page + 1)}>
        <FormattedMessage id="records.table.next" />
      </button>
    </div>
  );
}

type CreateRowDialogProps = { draft: RowDraft; title: string; subFields: readonly ViewField[]; idPrefix: string; page: FormPage; locale: string };

/** The Create modal: the sub-fields through the registry, Save (closes) and Save & Continue (stays). */
export function CreateRowDialog({ draft, title, subFields, idPrefix, page, locale }: CreateRowDialogProps) {
  return (
    <LazyDialog
      open={draft.creating}
      title={title}
      onClose={draft.close}
      testId="table-modal"
      wide
      actions={
        <>
          <button type="button" className="button" data-testid="table-cancel" onClick={draft.close}>
            <FormattedMessage id="common.cancel" />
          </button>
          <button type="button" className="button" data-testid="table-save-continue" onClick={() => draft.save(false)}>
            <FormattedMessage id="records.table.saveContinue" />
          </button>
          <button type="button" className="button button-primary" data-testid="table-save" onClick={() => draft.save(true)}>
            <FormattedMessage id="records.table.save" />
          </button>
        </>
      }
    >
      <div onKeyDown={keepEnterInside}>
        {draft.invalid ? (
          <p className="alert alert-danger" role="alert" data-testid="table-create-error">
            <FormattedMessage id="fieldsNotValid" />
          </p>
        ) : null}
        <SubFieldInputs subFields={subFields} row={draft.draft} onChange={draft.setDraft} errors={draft.draftErrors} idPrefix={idPrefix} readOnly={false} page={page} locale={locale} onLocalErrors={draft.setLocalErrors} />
      </div>
    </LazyDialog>
  );
}

export function DeleteRowDialog({ open, onCancel, onConfirm }: { open: boolean; onCancel: () => void; onConfirm: () => void }) {
  const intl = useIntl();
  return <ConfirmDialog open={open} title={intl.formatMessage({ id: 'records.table.deleteTitle' })} testId="table-delete-confirm" onCancel={onCancel} onConfirm={onConfirm} />;
}
