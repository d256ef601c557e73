// Related records as the select holds them, and their foreign key (the value a field stores).

/** The chosen records ride along with the value as {key}_RefObj (the form leaves it out of its payload). */
export const REF_OBJ_SUFFIX = '_RefObj';

export type Row = Record<string, unknown> & { uuid?: unknown };
/** A row the list shows, by its foreign key as text (a row without one cannot be chosen). */
export type RowItem = { id: string; row: Row };
export type ChosenValue = string | number;

/** The foreign key value of a related record. */
export function keyOf(record: Row, keyField: string): ChosenValue | null {
  const value = keyField === 'uuid' ? record.uuid : record[keyField];
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) ? value : null;
}
