// The pickers' calendars: the datetime picker's day step and the daterange picker's month, react-aria
// Calendar and RangeCalendar in the user's locale. This module (with react-aria's calendar code and
// @internationalized/date's calendars, about 18 KB gzip) is loaded when a picker's popup first opens
// (LazyCalendars.tsx), not with the form: a closed picker draws only its input.
import { parseDate, type CalendarDate, type DateValue } from '@internationalized/date';
import type { Dispatch, ReactElement, ReactNode, SetStateAction } from 'react';
import { Calendar, CalendarCell, CalendarGrid, CalendarGridBody, CalendarGridHeader, CalendarHeaderCell, I18nProvider, RangeCalendar } from 'react-aria-components';
import { isLocale, LOCALE_TAG } from '../../../../runtime/i18n';
import { dayAllowed, type DateTimeOptions } from '../../../../runtime/validation/dates';
import type { DateTimePickerEvent } from '../../../../machines/dateTimePicker.machine';
import type { Draft } from '../DateRangeParts';
import { MonthNav } from './MonthNav';

type Send = (event: DateTimePickerEvent) => void;

/** The calendar in the user's locale (it names the months and days and, unless told, starts the week). */
export function CalendarLocale({ locale, children }: { locale: string; children: ReactNode }) {
  return <I18nProvider locale={isLocale(locale) ? LOCALE_TAG[locale] : undefined}>{children}</I18nProvider>;
}

/** The weekday names and a cell per day of the shown month; `cell` draws one day ('YYYY-MM-DD'). */
export function DayGrid({ cell }: { cell: (date: CalendarDate, day: string) => ReactElement }) {
  return (
    <CalendarGrid weekdayStyle="short">
      <CalendarGridHeader>{(name) => <CalendarHeaderCell>{name}</CalendarHeaderCell>}</CalendarGridHeader>
      <CalendarGridBody>{(date) => cell(date, date.toString())}</CalendarGridBody>
    </CalendarGrid>
  );
}

/** The calendar step: days outside the field's bounds are unavailable. */
export function DayStep({ label, locale, day, options, now, send }: { label: string; locale: string; day: string; options: DateTimeOptions; now: Date; send: Send }) {
  return (
    <CalendarLocale locale={locale}>
      <Calendar
        className="picker-calendar"
        aria-label={label}
        autoFocus
        value={parseDate(day)}
        defaultFocusedValue={parseDate(day)}
        onChange={(date: DateValue) => send({ type: 'PICK_DAY', day: date.toString() })}
        isDateUnavailable={(date: DateValue) => !dayAllowed(options, date.toString(), now)}
      >
        <MonthNav />
        <DayGrid
          cell={(date, d) => (
            <CalendarCell
              date={date}
              data-pick="day"
              data-testid="datetime-day"
              data-date={d}
              data-disabled={!dayAllowed(options, d, now)}
              className={({ isOutsideMonth }) => (isOutsideMonth ? 'picker-day outside' : 'picker-day')}
            />
          )}
        />
      </Calendar>
    </CalendarLocale>
  );
}

interface RangeDaysProps {
  label: string;
  locale: string;
  draft: Draft;
  setDraft: Dispatch<SetStateAction<Draft>>;
  /** The focused day; its month is the one shown. */
  focused: string;
  setFocused: (day: string) => void;
  blocked: (day: string) => boolean;
  taken: ReadonlySet<string>;
}

/** The month calendar, weeks from Monday: the first click picks the start, the second the end. */
export function RangeDays({ label, locale, draft, setDraft, focused, setFocused, blocked, taken }: RangeDaysProps) {
  const value = draft.start !== null ? { start: parseDate(draft.start), end: parseDate(draft.end ?? draft.start) } : null;
  return (
    <CalendarLocale locale={locale}>
      <RangeCalendar
        className="picker-calendar"
        aria-label={label}
        value={value}
        onChange={(range) => setDraft((d) => ({ ...d, start: range.start.toString(), end: range.end.toString() }))}
        focusedValue={parseDate(focused)}
        onFocusChange={(date: DateValue) => setFocused(date.toString())}
        firstDayOfWeek="mon"
        isDateUnavailable={(date: DateValue) => blocked(date.toString())}
        allowsNonContiguousRanges
      >
        <MonthNav headingTestId="daterange-month" />
        <DayGrid
          cell={(date, day) => (
            <CalendarCell
              date={date}
              data-testid="daterange-day"
              data-date={day}
              data-disabled={blocked(day)}
              className={({ isOutsideMonth, isSelected }) => ['picker-day', isOutsideMonth ? 'outside' : '', isSelected ? 'in-range' : '', taken.has(day) ? 'taken' : ''].filter(Boolean).join(' ')}
            />
          )}
        />
      </RangeCalendar>
    </CalendarLocale>
  );
}

