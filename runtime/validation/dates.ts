// Date-time and date-range values and their rules (spec section 3 "custom_data shapes" and "Values",
// section 5 "Record form rules"): one module shared by the pickers, validateField and the server.
// Values are local wall-clock text with no zone: a day is 'YYYY-MM-DD', a date-time 'YYYY-MM-DDTHH:mm'
// (seconds optional), so they compare as text (the list API's dateFrom/dateTo do the same).
// "Today" is the local day of the machine checking (the browser, or the server process).
import type { FieldMessage } from './types';
import { isValidDate } from './isValidDate';

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

export interface DateTimeParts {
  day: string;
  hour: number;
  minute: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The local day of a Date as 'YYYY-MM-DD'. */
export function dayOf(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 'YYYY-MM-DD' moved by n days (calendar arithmetic, no zone involved). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const moved = new Date(Date.UTC(y, m - 1, d + n));
  return moved.toISOString().slice(0, 10);
}

/** Every day from start to end, inclusive (empty when end is before start; at most `cap` days). */
export function eachDay(start: string, end: string, cap = 3700): string[] {
  const days: string[] = [];
  for (let day = start; day <= end && days.length < cap; day = addDays(day, 1)) days.push(day);
  return days;
}

/** A date-time value's parts, or null when it is not 'YYYY-MM-DDTHH:mm[:ss]' naming a real moment. */
export function parseDateTime(value: unknown): DateTimeParts | null {
  if (typeof value !== 'string') return null;
  const match = DATE_TIME.exec(value);
  if (!match || !isValidDate(match[1]!)) return null;
  const hour = Number(match[2]);
  const minute = Number(match[3]);
  const second = match[4] === undefined ? 0 : Number(match[4]);
  if (hour > 23 || minute > 59 || second > 59) return null;
  return { day: match[1]!, hour, minute };
}

/** 'YYYY-MM-DDTHH:mm' of parts. */
export function formatDateTime(parts: DateTimeParts): string {
  return `${parts.day}T${pad(parts.hour)}:${pad(parts.minute)}`;
}

/** A date-time written with a space ('2025-03-04 10:30') in the stored form ('2025-03-04T10:30'). */
export function normaliseDateTime(value: unknown): unknown {
  return typeof value === 'string' && DATE_TIME.test(value) ? value.replace(' ', 'T') : value;
}

/** A day or a date-time; its day, or null when it is neither. */
export function dayPart(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (isValidDate(value)) return value;
  return parseDateTime(value)?.day ?? null;
}

/** Minutes since midnight; the bounds of an availableHours 'from-to' text. */
export interface HourRange {
  from: number;
  to: number;
}

/**
 * availableHours 'from-to' ('9-17', '08:30-17:45'): null when empty or malformed. A bound without
 * minutes covers its whole hour at the end ('9-17' allows 09:00 to 17:59). from > to wraps midnight.
 */
export function parseAvailableHours(text: unknown): HourRange | null {
  if (typeof text !== 'string') return null;
  const match = /^\s*(\d{1,2})(?::(\d{2}))?\s*-\s*(\d{1,2})(?::(\d{2}))?\s*$/.exec(text);
  if (!match) return null;
  const [fh, fm, th, tm] = [Number(match[1]), match[2] === undefined ? 0 : Number(match[2]), Number(match[3]), match[4] === undefined ? 59 : Number(match[4])];
  if (fh > 23 || th > 23 || fm > 59 || tm > 59) return null;
  return { from: fh * 60 + fm, to: th * 60 + tm };
}

/** Whether a time of day (minutes since midnight) is inside the range (null: every time is). */
export function withinHours(range: HourRange | null, minutes: number): boolean {
  if (!range) return true;
  return range.from <= range.to ? minutes >= range.from && minutes <= range.to : minutes >= range.from || minutes <= range.to;
}

/** Whether any minute of the hour is inside the range (the hour list disables the others). */
export function hourAvailable(range: HourRange | null, hour: number): boolean {
  for (let minute = 0; minute < 60; minute++) if (withinHours(range, hour * 60 + minute)) return true;
  return false;
}

const stepOf = (value: unknown): number => (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 60 ? value : 1);

/** The date-time picker's options from a field's (merged) custom_data. */
export interface DateTimeOptions {
  is12h: boolean;
  hourStep: number;
  minuteStep: number;
  format: string;
  hours: HourRange | null;
  disablePastDates: boolean;
  /** Lower and upper bounds: a day or a date-time, null when none. */
  from: string | null;
  to: string | null;
}

const boundOf = (value: unknown): string | null => {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const text = value.trim();
  if (isValidDate(text)) return text;
  const parts = parseDateTime(text);
  return parts ? formatDateTime(parts) : null;
};

export function dateTimeOptions(customData: Record<string, unknown>): DateTimeOptions {
  return {
    is12h: customData.is12h === true,
    hourStep: stepOf(customData.hourStep),
    minuteStep: stepOf(customData.minuteStep),
    format: typeof customData.format === 'string' && customData.format ? customData.format : 'yyyy-MM-dd HH:mm',
    hours: parseAvailableHours(customData.availableHours),
    disablePastDates: customData.disablePastDates === true,
    from: boundOf(customData.from),
    to: boundOf(customData.to),
  };
}

/** The earliest day a date-time may take: from, or today with disablePastDates (the later of both). */
export function minDay(options: Pick<DateTimeOptions, 'from' | 'disablePastDates'>, now: Date): string | null {
  const fromDay = options.from ? options.from.slice(0, 10) : null;
  const today = options.disablePastDates ? dayOf(now) : null;
  if (fromDay && today) return fromDay > today ? fromDay : today;
  return fromDay ?? today;
}

/** Whether a day can be picked at all (some minute of it is within the bounds). */
export function dayAllowed(options: DateTimeOptions, day: string, now: Date): boolean {
  const min = minDay(options, now);
  if (min && day < min) return false;
  if (options.to && day > options.to.slice(0, 10)) return false;
  return true;
}

/** Why a date-time cannot be picked: null when it can. taken: the minutes other records hold ('YYYY-MM-DDTHH:mm'). */
export function dateTimeProblem(options: DateTimeOptions, parts: DateTimeParts, now: Date, taken: ReadonlySet<string> = new Set()): 'invalidDates' | null {
  const text = formatDateTime(parts);
  if (!dayAllowed(options, parts.day, now)) return 'invalidDates';
  // A bound with a time is exact; a bound that is a day covers the whole day.
  if (options.from && options.from.length > 10 && text < options.from) return 'invalidDates';
  if (options.to && options.to.length > 10 && text > options.to) return 'invalidDates';
  if (!withinHours(options.hours, parts.hour * 60 + parts.minute)) return 'invalidDates';
  if (parts.hour % options.hourStep !== 0 || parts.minute % options.minuteStep !== 0) return 'invalidDates';
  if (taken.has(text)) return 'invalidDates';
  return null;
}

/** The messages of a (non-empty) date-time value: invalidInput for the shape, invalidDates out of bounds. */
export function dateTimeMessages(customData: Record<string, unknown>, value: unknown, now: Date = new Date()): FieldMessage[] {
  const parts = parseDateTime(value);
  if (!parts) return [{ key: 'invalidInput' }];
  const problem = dateTimeProblem(dateTimeOptions(customData), parts, now);
  return problem ? [{ key: problem }] : [];
}

/** The date-range picker's options from a field's (merged) custom_data. */
export interface DateRangeOptions {
  is12h: boolean;
  format: string;
  disablePastDates: boolean;
  disableFutureDates: boolean;
  timePicker: boolean;
  minuteStep: number;
}

export function dateRangeOptions(customData: Record<string, unknown>): DateRangeOptions {
  return {
    is12h: customData.is12h === true,
    format: typeof customData.format === 'string' && customData.format ? customData.format : 'yyyy-mm-dd',
    disablePastDates: customData.disablePastDates === true,
    disableFutureDates: customData.disableFutureDates === true,
    timePicker: customData.timePicker === true,
    minuteStep: stepOf(customData.minuteStep),
  };
}

export interface DateRangeValue {
  startDate: string;
  endDate: string;
}

/** A range's two ends when both are a day or a date-time; null otherwise. */
export function parseDateRange(value: unknown): DateRangeValue | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const { startDate, endDate } = value as Record<string, unknown>;
  if (dayPart(startDate) === null || dayPart(endDate) === null) return null;
  return { startDate: normaliseDateTime(startDate) as string, endDate: normaliseDateTime(endDate) as string };
}

/** Whether a day can be picked in a date range (past and future switches; today is always allowed). */
export function rangeDayAllowed(options: Pick<DateRangeOptions, 'disablePastDates' | 'disableFutureDates'>, day: string, now: Date): boolean {
  const today = dayOf(now);
  if (options.disablePastDates && day < today) return false;
  if (options.disableFutureDates && day > today) return false;
  return true;
}

/** Every day a set of ranges holds, inclusive of both ends (the days other records have taken). */
export function takenDays(ranges: readonly unknown[]): Set<string> {
  const days = new Set<string>();
  for (const value of ranges) {
    const range = parseDateRange(value);
    if (!range) continue;
    for (const day of eachDay(dayPart(range.startDate)!, dayPart(range.endDate)!)) days.add(day);
  }
  return days;
}

/** Whether the range takes a day that is already taken. */
export function rangeHitsTaken(range: DateRangeValue, taken: ReadonlySet<string>): boolean {
  return eachDay(dayPart(range.startDate)!, dayPart(range.endDate)!).some((day) => taken.has(day));
}

/** Whether two ranges share a day (inclusive). */
export function rangesOverlap(a: DateRangeValue, b: DateRangeValue): boolean {
  return dayPart(a.startDate)! <= dayPart(b.endDate)! && dayPart(b.startDate)! <= dayPart(a.endDate)!;
}

/**
 * The messages of a (non-empty) date range: invalidInput for the shape; invalidDates when it ends
 * before it starts, leaves the allowed days, or a time is off the minute step. Days taken by other
 * records are the control's (and the server's) check: they need the other records.
 */
export function dateRangeMessages(customData: Record<string, unknown>, value: unknown, now: Date = new Date()): FieldMessage[] {
  const range = parseDateRange(value);
  if (!range) return [{ key: 'invalidInput' }];
  const options = dateRangeOptions(customData);
  const start = dayPart(range.startDate)!;
  const end = dayPart(range.endDate)!;
  const offStep = [range.startDate, range.endDate].some((end) => {
    const parts = parseDateTime(end);
    return parts !== null && parts.minute % options.minuteStep !== 0;
  });
  if (range.startDate > range.endDate || offStep || !rangeDayAllowed(options, start, now) || !rangeDayAllowed(options, end, now)) {
    return [{ key: 'invalidDates' }];
  }
  return [];
}
