// What a list cell renderer receives, and the entry that pairs it with its tester. Cells dispatch like
// controls (highest rank wins, ties to the later entry), so a project's renderer set can add or override
// how a module/type shows in the record list, the relation dialogs' tables and the quick views.
import type { ComponentType } from 'react';
import type { ViewField } from '../../schemas/viewSchema.schema';
import { highestRanked } from './rank';
import type { Tester } from './testers';

export interface CellProps {
  /** The compiled field of the column. */
  field: ViewField;
  /** The record's stored value of the field. */
  value: unknown;
  /** The whole record row, for cells that show more than their own value. */
  row: Readonly<Record<string, unknown>>;
  /** The UI locale and the user's time zone (dates and translations). */
  locale: string;
  timeZone?: string;
}

export interface CellEntry {
  tester: Tester;
  cell: ComponentType<CellProps>;
  /** For the docs; not used by dispatch. */
  name?: string;
}

/** The cell of the highest-ranked entry (ties to the later one), or null when none applies (the list shows the raw text). */
export function dispatchCell(entries: readonly CellEntry[], field: ViewField): ComponentType<CellProps> | null {
  return highestRanked(entries, field).entry?.cell ?? null;
}
