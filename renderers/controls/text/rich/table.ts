// Table tools (spec section 2, "Widget notes"): a new table is 3x3 with a header row; rows and
// columns are added and removed around the cell the caret is in. Pure functions on the table node.
import type { TableCellElement, TableElement, TableRowElement } from './types';

const cell = (header: boolean): TableCellElement => ({ type: 'table-cell', ...(header ? { header: true as const } : {}), children: [{ text: '' }] });
const row = (columns: number, header: boolean): TableRowElement => ({
  type: 'table-row',
  ...(header ? { header: true as const } : {}),
  children: Array.from({ length: columns }, () => cell(header)),
});

/** A rows x columns table whose first row is the header row (3x3 by default). */
export function createTable(rows = 3, columns = 3): TableElement {
  const r = Math.max(1, Math.floor(rows));
  const c = Math.max(1, Math.floor(columns));
  return { type: 'table', children: Array.from({ length: r }, (_, i) => row(c, i === 0)) };
}

const width = (table: TableElement) => table.children[0]?.children.length ?? 0;

/** A body row after row `at` (a new row never becomes a header). */
export function addRow(table: TableElement, at: number): TableElement {
  const children = [...table.children];
  children.splice(Math.min(Math.max(at + 1, 0), children.length), 0, row(width(table), false));
  return { ...table, children };
}

/** Row `at` removed; null when it was the last row (the table goes). */
export function removeRow(table: TableElement, at: number): TableElement | null {
  if (table.children.length <= 1) return null;
  const children = table.children.filter((_, i) => i !== at);
  // The header row stays a header: if it was removed, the next row takes its place.
  if (table.children[at]?.header && children[0] && !children[0].header && at === 0) {
    children[0] = { ...children[0], header: true, children: children[0].children.map((c) => ({ ...c, header: true as const })) };
  }
  return { ...table, children };
}

/** A column after column `at`. */
export function addColumn(table: TableElement, at: number): TableElement {
  const index = Math.min(Math.max(at + 1, 0), width(table));
  return {
    ...table,
    children: table.children.map((r) => {
      const cells = [...r.children];
      cells.splice(index, 0, cell(!!r.header));
      return { ...r, children: cells };
    }),
  };
}

/** Column `at` removed; null when it was the last column. */
export function removeColumn(table: TableElement, at: number): TableElement | null {
  if (width(table) <= 1) return null;
  return { ...table, children: table.children.map((r) => ({ ...r, children: r.children.filter((_, i) => i !== at) })) };
}
