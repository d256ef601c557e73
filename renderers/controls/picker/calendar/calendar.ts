// What the pickers share beyond react-aria's calendars (spec section 9): the year list of 201 years
// around the current one, a month's first day, and display formats (date-time 'yyyy-MM-dd HH:mm';
// date range 'yyyy-mm-dd', uppercased for display).
export const YEAR_SPAN = 100;
export const RELOAD_DEBOUNCE_MS = 500;

/** 201 years: the current one and 100 either side. */
export function yearList(current: number): number[] {
  return Array.from({ length: YEAR_SPAN * 2 + 1 }, (_, i) => current - YEAR_SPAN + i);
}

const pad = (n: number, size = 2) => String(n).padStart(size, '0');

/** 'YYYY-MM-01' of a year and month (0-11). */
export function monthStart(year: number, month: number): string {
  return `${pad(year, 4)}-${pad(month + 1)}-01`;
}

export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * A day and optional time in a date-fns style pattern: yyyy, MM, dd, HH, hh, mm, a (others kept).
 * upperDate: the date range's 'yyyy-mm-dd' is read uppercased (mm is then the month, spec section 9).
 */
export function formatMoment(day: string, time: { hour: number; minute: number } | null, pattern: string, upperDate = false): string {
  const [y, m, d] = day.split('-');
  const hour = time?.hour ?? 0;
  const minute = time?.minute ?? 0;
  const source = upperDate ? pattern.replace(/[ymd]+/gi, (token) => token.toUpperCase()) : pattern;
  return source.replace(/yyyy|YYYY|MM|dd|DD|HH|hh|mm|a/g, (token) => {
    switch (token) {
      case 'yyyy':
      case 'YYYY':
        return y!;
      case 'MM':
        return m!;
      case 'dd':
      case 'DD':
        return d!;
      case 'HH':
        return pad(hour);
      case 'hh':
        return pad(hour % 12 === 0 ? 12 : hour % 12);
      case 'mm':
        return pad(minute);
      case 'a':
        return hour < 12 ? 'AM' : 'PM';
      default:
        return token;
    }
  });
}

/** An hour in the hour list: 24h '08', or 12h '8 AM'. */
export function hourLabel(hour: number, is12h: boolean): string {
  if (!is12h) return pad(hour);
  return `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** The values of a step list: 0, step, 2*step ... below limit. */
export function stepped(limit: number, step: number): number[] {
  const size = Math.max(1, Math.trunc(step));
  return Array.from({ length: Math.ceil(limit / size) }, (_, i) => i * size);
}
