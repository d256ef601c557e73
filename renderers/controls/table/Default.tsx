// table/default and table/custom (spec section 2 "Custom table field", section 4 "Custom-table create"):
// the value is a list of rows whose columns are the sub-field definitions (constraints.table.fields, or
// custom_data for custom). Optional search with Clear (debounced 500 ms), a Create modal drawing the
// sub-fields through the registry with Save (closes) and Save & Continue (stays; the model resets after
// each save), sortable columns, per-row delete with a confirmation, Prev/Next pages of per_page (10).
import { useEffect, useMemo, useState } from 'react';
import { subFieldsOf, type FieldMessage } from '../../../runtime/validation';
import { rankWith, moduleTypeIs, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { FieldFrame } from '../shared/FieldFrame';
import { perPageOf, rowsOf, toggleSort, visibleRows, type SortState } from './tableState';
import { useRowDraft, useTableSearch } from './useTableState';
import { CreateRowDialog, DeleteRowDialog, TableGrid, TablePager, TableToolbar } from './TableParts';

export { TABLE_SEARCH_DEBOUNCE_MS } from './useTableState';
export { keepEnterInside } from './TableParts';

/** The messages shown under the whole field: its own, plus one summary when rows have messages. */
function frameErrors(errors: readonly FieldMessage[], prefix: string, summary: string): FieldMessage[] {
  const own = errors.filter((m) => !m.path || !m.path.startsWith(`${prefix}.`));
  const nested = own.length !== errors.length;
  return nested && !own.some((m) => m.key === summary) ? [...own, { key: summary }] : own;
}

/** The indexes of the rows that have messages (paths rows.<index>.<key>). */
function invalidRowsOf(errors: readonly FieldMessage[]): Set<number> {
  return new Set(errors.flatMap((m) => (m.path?.startsWith('rows.') ? [Number(m.path.split('.')[1])] : [])));
}

export function TableControl(props: ControlProps) {
  const { field, value, onChange, readOnly, page, locale, id } = props;
  const subFields = useMemo(() => subFieldsOf(field), [field]);
  const columns = useMemo(() => subFields.filter((sub) => sub.visible), [subFields]);
  const search = useTableSearch();
  const [sort, setSort] = useState<SortState | null>(null);
  const [pageIndex, setPageIndex] = useState(0);
  const draft = useRowDraft(subFields, page, value, onChange);
  const [deleting, setDeleting] = useState<number | null>(null);
  useEffect(() => setPageIndex(0), [search.applied]);

  const shown = visibleRows(value, columns, { query: search.applied, sort, page: pageIndex, perPage: perPageOf(field) }, locale);
  const remove = (index: number) => {
    onChange(rowsOf(value).filter((_, i) => i !== index));
    setDeleting(null);
  };

  return (
    <FieldFrame props={{ ...props, errors: frameErrors(props.errors, 'rows', 'invalidFields') }} group>
      <div className="table-field" data-testid="table-field" data-key={field.key}>
        <TableToolbar search={search} searchable={field.options.customData.search === true} readOnly={readOnly} onCreate={draft.open} />
        <TableGrid
          columns={columns}
          rows={shown.rows}
          invalidRows={invalidRowsOf(props.errors)}
          readOnly={readOnly}
          locale={locale}
          onDelete={setDeleting}
          sort={sort}
          onSort={(key) => setSort((s) => toggleSort(s, key))}
        />
        <TablePager page={shown.page} pages={shown.pages} onPage={setPageIndex} />
      </div>
      <CreateRowDialog draft={draft} title={field.label || field.key} subFields={subFields} idPrefix={`${id}-new`} page={page} locale={locale} />
      <DeleteRowDialog open={deleting !== null} onCancel={() => setDeleting(null)} onConfirm={() => deleting !== null && remove(deleting)} />
    </FieldFrame>
  );
}

export const tableControlTester = rankWith(RANK.exact, moduleTypeIs('table', 'default'));
