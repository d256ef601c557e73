// table/default and table/custom (spec section 2 "Custom table field", section 4 "Custom-table create"):
// the value is a list of rows whose columns are the sub-field definitions (constraints.table.fields, or
// custom_data for custom). Optional search with Clear (debounced 500 ms), a Create modal drawing the
// sub-fields through the registry with Save (closes) and Save & Continue (stays; the model resets after
// each save), sortable columns, per-row delete with a confirmation, Prev/Next pages of per_page (10).
import { useCallback, useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { coerceValue, rowMessages, subFieldsOf, validateField, type FieldMessage } from '../../../runtime/validation';
import { Dialog } from '../../ui/Dialog';
import { rankWith, moduleTypeIs, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { FieldFrame } from '../shared/FieldFrame';
import { SubFieldInputs } from './SubFieldInputs';
import { cellText, emptyRow, perPageOf, rowsOf, toggleSort, visibleRows, type SortState } from './tableState';
import { ArrowDown, ArrowUp, Trash2 } from '../../ui/icons';

export const TABLE_SEARCH_DEBOUNCE_MS = 500;

/** Enter in a modal's input must not submit the record form around it. */
export function keepEnterInside(event: KeyboardEvent) {
  if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') event.preventDefault();
}

/** The messages shown under the whole field: its own, plus one summary when rows have messages. */
function frameErrors(errors: readonly FieldMessage[], prefix: string, summary: string): FieldMessage[] {
  const own = errors.filter((m) => !m.path || !m.path.startsWith(`${prefix}.`));
  const nested = own.length !== errors.length;
  return nested && !own.some((m) => m.key === summary) ? [...own, { key: summary }] : own;
}

export function TableControl(props: ControlProps) {
  const intl = useIntl();
  const { field, value, onChange, readOnly, page, locale, id } = props;
  const subFields = useMemo(() => subFieldsOf(field), [field]);
  const columns = useMemo(() => subFields.filter((sub) => sub.visible), [subFields]);
  const perPage = perPageOf(field);
  const searchable = field.options.customData.search === true;

  const [query, setQuery] = useState('');
  const [applied, setApplied] = useState('');
  const [sort, setSort] = useState<SortState | null>(null);
  const [pageIndex, setPageIndex] = useState(0);
  const [creating, setCreating] = useState(false);
  const [draft, setDraft] = useState<Record<string, unknown>>(() => emptyRow(subFields));
  const [attempted, setAttempted] = useState(false);
  const [localErrors, setLocalErrors] = useState<readonly string[]>([]);
  const [deleting, setDeleting] = useState<number | null>(null);

  useEffect(() => {
    if (query === applied) return;
    const timer = setTimeout(() => setApplied(query), TABLE_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, applied]);
  useEffect(() => setPageIndex(0), [applied]);

  const shown = visibleRows(value, columns, { query: applied, sort, page: pageIndex, perPage }, locale);
  const draftErrors = useMemo(
    () => (attempted ? rowMessages(subFields, draft, { page }, validateField) : {}),
    [attempted, subFields, draft, page],
  );
  const createInvalid = attempted && (Object.keys(draftErrors).length > 0 || localErrors.length > 0);

  const openCreate = () => {
    setDraft(emptyRow(subFields));
    setAttempted(false);
    setCreating(true);
  };
  const save = useCallback(
    (close: boolean) => {
      const messages = rowMessages(subFields, draft, { page }, validateField);
      if (Object.keys(messages).length > 0 || localErrors.length > 0) {
        setAttempted(true);
        return;
      }
      const row: Record<string, unknown> = {};
      for (const sub of subFields) row[sub.key] = coerceValue(sub, draft[sub.key]);
      onChange([...rowsOf(value), row]);
      // The model resets after each save (spec section 4).
      setDraft(emptyRow(subFields));
      setAttempted(false);
      if (close) setCreating(false);
    },
    [subFields, draft, page, localErrors, onChange, value],
  );
  const remove = (index: number) => {
    onChange(rowsOf(value).filter((_, i) => i !== index));
    setDeleting(null);
  };

  const errors = frameErrors(props.errors, 'rows', 'invalidFields');
  const invalidRows = new Set(props.errors.flatMap((m) => (m.path?.startsWith('rows.') ? [Number(m.path.split('.')[1])] : [])));

  return (
    <FieldFrame props={{ ...props, errors }} group>
      <div className="table-field" data-testid="table-field" data-key={field.key}>
        <div className="table-toolbar">
          {searchable ? (
            <>
              <input
                type="search"
                className="table-search"
                data-testid="table-search"
                aria-label={intl.formatMessage({ id: 'records.table.search' })}
                placeholder={intl.formatMessage({ id: 'records.table.search' })}
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                onKeyDown={keepEnterInside}
              />
              <button
                type="button"
                className="button"
                data-testid="table-clear"
                disabled={query === '' && applied === ''}
                onClick={() => {
                  setQuery('');
                  setApplied('');
                }}
              >
                <FormattedMessage id="records.table.clear" />
              </button>
            </>
          ) : null}
          {readOnly ? null : (
            <button type="button" className="button button-primary" data-testid="table-create" onClick={openCreate}>
              <FormattedMessage id="records.table.create" />
            </button>
          )}
        </div>
        <div className="table-scroll">
          <table className="table data-table">
            <thead>
              <tr>
                {columns.map((column) => {
                  const dir = sort?.key === column.key ? sort.dir : null;
                  return (
                    <th key={column.key} scope="col" aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}>
                      <button type="button" className="table-sort" data-testid="table-sort" data-key={column.key} onClick={() => setSort((s) => toggleSort(s, column.key))}>
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
            <tbody>
              {shown.rows.length === 0 ? (
                <tr>
                  <td colSpan={columns.length + (readOnly ? 0 : 1)} className="muted">
                    <FormattedMessage id="records.table.empty" />
                  </td>
                </tr>
              ) : (
                shown.rows.map(({ row, index }) => (
                  <tr key={index} data-testid="table-row" data-index={index} className={invalidRows.has(index) ? 'row-invalid' : undefined} aria-invalid={invalidRows.has(index) || undefined}>
                    {columns.map((column) => (
                      <td key={column.key} data-key={column.key}>
                        {cellText(row[column.key], locale)}
                      </td>
                    ))}
                    {readOnly ? null : (
                      <td className="table-row-actions">
                        <button
                          type="button"
                          className="button danger"
                          data-testid="table-row-delete"
                          aria-label={intl.formatMessage({ id: 'records.table.deleteRow' })}
                          onClick={() => setDeleting(index)}
                        >
                          <Trash2 />
                        </button>
                      </td>
                    )}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
        <div className="table-pager">
          <button type="button" className="button" data-testid="table-prev" disabled={shown.page <= 0} onClick={() => setPageIndex(shown.page - 1)}>
            <FormattedMessage id="records.table.prev" />
          </button>
          <span className="muted" data-testid="table-page">
            <FormattedMessage id="records.table.page" values={{ page: shown.page + 1, pages: shown.pages }} />
          </span>
          <button type="button" className="button" data-testid="table-next" disabled={shown.page >= shown.pages - 1} onClick={() => setPageIndex(shown.page + 1)}>
            <FormattedMessage id="records.table.next" />
          </button>
        </div>
      </div>
      <Dialog
        open={creating}
        title={field.label || field.key}
        onClose={() => setCreating(false)}
        testId="table-modal"
        wide
        actions={
          <>
            <button type="button" className="button" data-testid="table-cancel" onClick={() => setCreating(false)}>
              <FormattedMessage id="common.cancel" />
            </button>
            <button type="button" className="button" data-testid="table-save-continue" onClick={() => save(false)}>
              <FormattedMessage id="records.table.saveContinue" />
            </button>
            <button type="button" className="button button-primary" data-testid="table-save" onClick={() => save(true)}>
              <FormattedMessage id="records.table.save" />
            </button>
          </>
        }
      >
        <div onKeyDown={keepEnterInside}>
          {createInvalid ? (
            <p className="alert alert-danger" role="alert" data-testid="table-create-error">
              <FormattedMessage id="fieldsNotValid" />
            </p>
          ) : null}
          <SubFieldInputs
            subFields={subFields}
            row={draft}
            onChange={setDraft}
            errors={draftErrors}
            idPrefix={`${id}-new`}
            readOnly={false}
            page={page}
            locale={locale}
            onLocalErrors={setLocalErrors}
          />
        </div>
      </Dialog>
      <Dialog
        open={deleting !== null}
        title={intl.formatMessage({ id: 'records.table.deleteTitle' })}
        onClose={() => setDeleting(null)}
        testId="table-delete-confirm"
        actions={
          <>
            <button type="button" className="button" data-testid="confirm-no" onClick={() => setDeleting(null)}>
              <FormattedMessage id="common.no" />
            </button>
            <button type="button" className="button button-primary danger-fill" data-testid="confirm-yes" onClick={() => deleting !== null && remove(deleting)}>
              <FormattedMessage id="common.yes" />
            </button>
          </>
        }
      >
        <p>
          <FormattedMessage id="areYouSure" />
        </p>
      </Dialog>
    </FieldFrame>
  );
}

export const tableControlTester = rankWith(RANK.exact, moduleTypeIs('table', 'default'));
