// The state of table/default and table/custom apart from their value: the debounced search, and the
// Create modal's draft row (spec section 4 "Custom-table create").
import { useCallback, useEffect, useMemo, useState } from 'react';
import { coerceValue, rowMessages, validateField } from '../../../runtime/validation';
import type { ViewField } from '../../../schemas/viewSchema.schema';
import type { ControlProps, FormPage } from '../../registry/types';
import { emptyRow, rowsOf } from './tableState';

export const TABLE_SEARCH_DEBOUNCE_MS = 500;

/** The search box's text and the query applied to the rows (500 ms after the last keystroke, at once on Clear). */
export function useTableSearch() {
  const [query, setQuery] = useState('');
  const [applied, setApplied] = useState('');
  useEffect(() => {
    if (query === applied) return;
    const timer = setTimeout(() => setApplied(query), TABLE_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, applied]);
  const clear = () => {
    setQuery('');
    setApplied('');
  };
  return { query, setQuery, applied, clear };
}

export type TableSearch = ReturnType<typeof useTableSearch>;

/**
 * The Create modal: whether it is open, the draft row, and its messages once a save was tried.
 * A save appends the coerced row and resets the draft (spec section 4); Save closes, Save & Continue stays.
 */
export function useRowDraft(subFields: readonly ViewField[], page: FormPage, value: unknown, onChange: ControlProps['onChange']) {
  const [creating, setCreating] = useState(false);
  const [draft, setDraft] = useState<Record<string, unknown>>(() => emptyRow(subFields));
  const [attempted, setAttempted] = useState(false);
  const [localErrors, setLocalErrors] = useState<readonly string[]>([]);
  const draftErrors = useMemo(() => (attempted ? rowMessages(subFields, draft, { page }, validateField) : {}), [attempted, subFields, draft, page]);
  const invalid = attempted && (Object.keys(draftErrors).length > 0 || localErrors.length > 0);

  const open = () => {
    setDraft(emptyRow(subFields));
    setAttempted(false);
    setCreating(true);
  };
  const close = () => setCreating(false);
  const save = useCallback(
    (closeAfter: boolean) => {
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
      if (closeAfter) setCreating(false);
    },
    [subFields, draft, page, localErrors, onChange, value],
  );
  return { creating, draft, setDraft, draftErrors, invalid, setLocalErrors, open, close, save };
}

export type RowDraft = ReturnType<typeof useRowDraft>;
