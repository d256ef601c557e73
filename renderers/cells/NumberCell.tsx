// input/number: the locale's digits and separators, right-aligned so columns of figures line up.
import type { CellProps } from '../registry/cells';
import { intlLocale } from './format';

export function NumberCell({ value, locale }: CellProps) {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  const text = Number.isFinite(n) ? new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 20 }).format(n) : String(value);
  return <span className="cell-number">{text}</span>;
}
