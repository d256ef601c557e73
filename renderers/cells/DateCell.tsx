// picker/date, datetime, daterange and time: in the user's locale (and time zone for instants).
import type { CellProps } from '../registry/cells';
import { dateTimeText, dayText } from './format';

function rangeText(value: unknown, locale: string): string {
  if (!value || typeof value !== 'object') return '';
  const { startDate, endDate } = value as { startDate?: unknown; endDate?: unknown };
  const one = (v: unknown) => (typeof v === 'string' && v.includes('T') ? dateTimeText(v, locale) : dayText(v, locale));
  const start = one(startDate);
  const end = one(endDate);
  return start || end ? `${start} – ${end}` : '';
}

export function DateCell({ field, value, locale, timeZone }: CellProps) {
  const text =
    field.type === 'date'
      ? dayText(value, locale)
      : field.type === 'datetime'
        ? dateTimeText(value, locale, timeZone)
        : field.type === 'daterange'
          ? rangeText(value, locale)
          : typeof value === 'string'
            ? value
            : '';
  return text ? (
    <span className="cell-date" title={typeof value === 'string' ? value : undefined}>
      {text}
    </span>
  ) : null;
}
