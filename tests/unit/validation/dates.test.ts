import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDays, dateRangeMessages, dateTimeMessages, dateTimeOptions, dateTimeProblem, eachDay, hourAvailable,
  parseAvailableHours, parseDateTime, rangeHitsTaken, rangesOverlap, takenDays, withinHours,
} from '../../../runtime/validation/dates';
import { formatMoment, yearList } from '../../../renderers/controls/picker/calendar/calendar';
import { keyEvent, moveDay } from '../../../machines/dateTimePicker.machine';

const NOW = new Date(2025, 2, 14, 12, 0);

describe('date values and steps', () => {
  it('parses date-times (T or space), refuses impossible ones', () => {
    expect(parseDateTime('2025-03-04T10:30')).toEqual({ day: '2025-03-04', hour: 10, minute: 30 });
    expect(parseDateTime('2025-03-04 10:30:15')).toEqual({ day: '2025-03-04', hour: 10, minute: 30 });
    for (const bad of ['2025-02-30T10:00', '2025-03-04T24:00', '2025-03-04', '10:30', 12]) expect(parseDateTime(bad)).toBeNull();
  });

  it('moves days across months and clamps the day of month when the year or month changes', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(moveDay('2024-01-31', 2024, 1)).toBe('2024-02-29');
    expect(moveDay('2024-02-29', 2025, 1)).toBe('2025-02-28');
  });

  it('keyboard: Enter advances, Escape and Tab cancel', () => {
    expect(keyEvent('Enter')).toEqual({ type: 'NEXT' });
    expect(keyEvent('Escape')).toEqual({ type: 'CANCEL' });
    expect(keyEvent('Tab')).toEqual({ type: 'CANCEL' });
    expect(keyEvent('ArrowLeft')).toBeNull();
  });
});

describe('availableHours', () => {
  it("parses 'from-to' with or without minutes; malformed is none", () => {
    expect(parseAvailableHours('9-17')).toEqual({ from: 540, to: 17 * 60 + 59 });
    expect(parseAvailableHours(' 08:30 - 12:15 ')).toEqual({ from: 510, to: 735 });
    for (const bad of ['', null, '9', '25-3', 'a-b', '9-17-18']) expect(parseAvailableHours(bad)).toBeNull();
  });

  it('limits hours (outside disabled); a range past midnight wraps', () => {
    const day = parseAvailableHours('9-17');
    expect(hourAvailable(day, 8)).toBe(false);
    expect(hourAvailable(day, 9)).toBe(true);
    expect(hourAvailable(day, 17)).toBe(true);
    expect(hourAvailable(day, 18)).toBe(false);
    const night = parseAvailableHours('22-6');
    expect(withinHours(night, 23 * 60)).toBe(true);
    expect(withinHours(night, 3 * 60)).toBe(true);
    expect(withinHours(night, 12 * 60)).toBe(false);
  });
});

describe('date-time rules', () => {
  it('from/to, disablePastDates, hours, steps and taken minutes give invalidDates; shape gives invalidInput', () => {
    const data = { from: '2025-03-01', to: '2025-03-31T18:00', availableHours: '8-20', minuteStep: 15, disablePastDates: true };
    expect(dateTimeMessages(data, '2025-03-20T10:15', NOW)).toEqual([]);
    for (const value of ['2025-03-13T10:15', '2025-04-01T10:15', '2025-03-31T18:15', '2025-03-20T07:45', '2025-03-20T10:10']) {
      expect(dateTimeMessages(data, value, NOW), value).toEqual([{ key: 'invalidDates' }]);
    }
    expect(dateTimeMessages(data, 'soon', NOW)).toEqual([{ key: 'invalidInput' }]);
    const options = dateTimeOptions(data);
    expect(options.format).toBe('yyyy-MM-dd HH:mm');
    expect(dateTimeProblem(options, { day: '2025-03-20', hour: 10, minute: 15 }, NOW, new Set(['2025-03-20T10:15']))).toBe('invalidDates');
  });
});

describe('date ranges', () => {
  it('every day between start and end, inclusive, is taken', () => {
    const taken = takenDays([{ startDate: '2025-03-30', endDate: '2025-04-02' }, { startDate: 'x', endDate: '2025-01-01' }, null]);
    expect([...taken]).toEqual(['2025-03-30', '2025-03-31', '2025-04-01', '2025-04-02']);
    expect(rangeHitsTaken({ startDate: '2025-03-25', endDate: '2025-03-30' }, taken)).toBe(true);
    expect(rangeHitsTaken({ startDate: '2025-04-03', endDate: '2025-04-05' }, taken)).toBe(false);
  });

  it('overlap is symmetric and matches the shared days (property)', () => {
    const day = fc.integer({ min: 0, max: 60 }).map((n) => addDays('2025-01-01', n));
    const range = fc.tuple(day, day).map(([a, b]) => (a <= b ? { startDate: a, endDate: b } : { startDate: b, endDate: a }));
    fc.assert(
      fc.property(range, range, (a, b) => {
        expect(rangesOverlap(a, b)).toBe(rangesOverlap(b, a));
        expect(rangesOverlap(a, b)).toBe(rangeHitsTaken(a, takenDays([b])));
        expect(eachDay(a.startDate, a.endDate).length).toBeGreaterThanOrEqual(1);
      }),
    );
  });

  it('messages: reversed, past, future and off-step ranges give invalidDates', () => {
    expect(dateRangeMessages({}, { startDate: '2025-03-01', endDate: '2025-03-01' }, NOW)).toEqual([]);
    expect(dateRangeMessages({}, { startDate: '2025-03-02', endDate: '2025-03-01' }, NOW)).toEqual([{ key: 'invalidDates' }]);
    expect(dateRangeMessages({ disablePastDates: true }, { startDate: '2025-03-13', endDate: '2025-03-20' }, NOW)).toEqual([{ key: 'invalidDates' }]);
    expect(dateRangeMessages({ disableFutureDates: true }, { startDate: '2025-03-13', endDate: '2025-03-15' }, NOW)).toEqual([{ key: 'invalidDates' }]);
    expect(dateRangeMessages({ minuteStep: 30 }, { startDate: '2025-03-13T10:15', endDate: '2025-03-15T10:30' }, NOW)).toEqual([{ key: 'invalidDates' }]);
    expect(dateRangeMessages({}, { startDate: '2025-03-13' }, NOW)).toEqual([{ key: 'invalidInput' }]);
  });
});

describe('calendar', () => {
  it('the year list holds 201 years around the current one; formats', () => {
    const years = yearList(2025);
    expect(years.length).toBe(201);
    expect([years[0], years[100], years[200]]).toEqual([1925, 2025, 2125]);
    expect(formatMoment('2025-03-04', { hour: 14, minute: 5 }, 'yyyy-MM-dd HH:mm')).toBe('2025-03-04 14:05');
    expect(formatMoment('2025-03-04', { hour: 14, minute: 5 }, 'dd.MM.yyyy hh:mm a')).toBe('04.03.2025 02:05 PM');
    expect(formatMoment('2025-03-04', null, 'yyyy-mm-dd', true)).toBe('2025-03-04');
  });
});
