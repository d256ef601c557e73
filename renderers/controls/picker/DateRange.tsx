// picker/daterange (spec sections 3, 4, 5, 7, 9): the value is {startDate, endDate} ('YYYY-MM-DD', or
// 'YYYY-MM-DDTHH:mm' with custom_data.timePicker). A month calendar whose weeks start on Monday; the
// first click picks the start, the second the end (either order); Ok sets the range, Cancel or Escape drops it.
// Days before today (disablePastDates), after today (disableFutureDates) and days other records'
// ranges take (every day from start to end, inclusive) are disabled. The taken days reload when the
// popup opens, when the shown month changes and when the form model changes (debounced 500 ms);
// a range that takes a taken day shows 'invalidDates' and blocks the form.
// The calendar is a react-aria-components RangeCalendar in a Popover (arrow keys move by day, Page
// Up/Down by month, Enter picks; the user's locale names months and days).
import { parseDate, type DateValue } from '@internationalized/date';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { CalendarCell, CalendarGrid, CalendarGridBody, CalendarGridHeader, CalendarHeaderCell, Dialog, I18nProvider, Popover, RangeCalendar } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { LOCALE_TAG, isLocale } from '../../../runtime/i18n';
import { dateRangeOptions, dayOf, dayPart, parseDateRange, parseDateTime, rangeDayAllowed, rangeHitsTaken, type DateRangeValue } from '../../../runtime/validation/dates';
import { useFormContext } from '../../form/FormContext';
import { rankWith, moduleTypeIs, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { FieldFrame, inputAria } from '../shared/FieldFrame';
import { formatMoment, monthStart, RELOAD_DEBOUNCE_MS } from './calendar/calendar';
import { loadTakenDays } from './calendar/loaders';
import { MonthNav } from './calendar/MonthNav';

interface Draft {
  start: string | null;
  end: string | null;
  startTime: string;
  endTime: string;
}

const timeOf = (value: string | undefined, fallback: string) => (value && value.length > 10 ? value.slice(11, 16) : fallback);

function draftOf(range: DateRangeValue | null): Draft {
  return {
    start: range ? dayPart(range.startDate) : null,
    end: range ? dayPart(range.endDate) : null,
    startTime: timeOf(range?.startDate, '00:00'),
    endTime: timeOf(range?.endDate, '23:59'),
  };
}

export function DateRangeControl(props: ControlProps) {
  const { field, value, onChange, id, readOnly, setLocalError, locale } = props;
  const intl = useIntl();
  const { scriptContext, store } = useFormContext();
  const ref = typeof scriptContext.component === 'string' ? scriptContext.component : null;
  const self = typeof scriptContext.record === 'string' ? scriptContext.record : null;
  const options = useMemo(() => dateRangeOptions(field.options.customData), [field.options.customData]);
  const range = parseDateRange(value);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => draftOf(range));
  const today = dayOf(new Date());
  const initialDay = range ? dayPart(range.startDate)! : today;
  // The calendar's focused day; its month is the one shown.
  const [focused, setFocused] = useState(initialDay);
  const shown = focused.slice(0, 7);
  const [taken, setTaken] = useState<ReadonlySet<string>>(new Set());
  const [modelTick, setModelTick] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);

  // The form model changed: reload after 500 ms of quiet (spec sections 4 and 9).
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bump = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setModelTick((n) => n + 1), RELOAD_DEBOUNCE_MS);
    };
    const unsubscribes = Object.keys(store.values()).map((key) => store.subscribe(key, bump));
    return () => {
      clearTimeout(timer);
      unsubscribes.forEach((unsubscribe) => unsubscribe());
    };
  }, [store]);

  // Loaded at mount (so a stored range that collides is flagged), on open, month change and model change.
  const year = Number(shown.slice(0, 4));
  const month = Number(shown.slice(5, 7)) - 1;
  const firstOfMonth = monthStart(year, month);
  useEffect(() => {
    if (!ref) return;
    const controller = new AbortController();
    loadTakenDays(ref, field.key, firstOfMonth, self, controller.signal).then(
      (days) => setTaken(days),
      () => undefined,
    );
    return () => controller.abort();
  }, [ref, field.key, firstOfMonth, self, open, modelTick]);

  // 'invalidDates' whenever the value takes a day another record has.
  const hits = range !== null && rangeHitsTaken(range, taken);
  useEffect(() => {
    setLocalError(hits ? { key: 'invalidDates' } : null);
  }, [hits, setLocalError]);

  const openPopup = () => {
    if (readOnly) return;
    setDraft(draftOf(range));
    setFocused(initialDay);
    setOpen(true);
  };
  const cancel = () => {
    setOpen(false);
    inputRef.current?.focus();
  };
  const confirm = () => {
    if (draft.start === null) return;
    const end = draft.end ?? draft.start;
    const next = options.timePicker
      ? { startDate: `${draft.start}T${draft.startTime}`, endDate: `${end}T${draft.endTime}` }
      : { startDate: draft.start, endDate: end };
    onChange(next);
    setOpen(false);
    inputRef.current?.focus();
  };
  const onPopupKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape' || e.key === 'Tab') {
      e.preventDefault();
      cancel();
    }
  };

  const show = (text: string) => {
    const day = dayPart(text);
    if (!day) return text;
    const time = parseDateTime(text);
    const pattern = time ? `${options.format} ${options.is12h ? 'hh:mm a' : 'HH:mm'}` : options.format;
    return formatMoment(day, time, pattern, true);
  };
  const shownText = range ? `${show(range.startDate)} – ${show(range.endDate)}` : '';
  const now = new Date();
  const blocked = (day: string) => !rangeDayAllowed(options, day, now) || taken.has(day);
  const draftRange = draft.start !== null ? { start: parseDate(draft.start), end: parseDate(draft.end ?? draft.start) } : null;
  const step = options.minuteStep * 60;

  return (
    <FieldFrame props={props}>
      <div className="picker picker-daterange">
        <input
          ref={inputRef}
          id={id}
          name={field.key}
          data-testid="daterange-input"
          value={shownText}
          placeholder={field.options.placeholder || `${options.format.toUpperCase()} – ${options.format.toUpperCase()}`}
          readOnly
          disabled={readOnly}
          aria-haspopup="dialog"
          aria-expanded={open}
          {...inputAria(props)}
          onClick={openPopup}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === 'ArrowDown' || e.key === ' ') {
              e.preventDefault();
              openPopup();
            }
          }}
        />
        <Popover className="picker-popup" triggerRef={inputRef} isOpen={open} onOpenChange={(next) => !next && cancel()} placement="bottom start">
          <Dialog className="picker-dialog" aria-label={field.label || field.key}>
            <div data-testid="daterange-popup" onKeyDown={onPopupKey}>
              <I18nProvider locale={isLocale(locale) ? LOCALE_TAG[locale] : undefined}>
                <RangeCalendar
                  className="picker-calendar"
                  aria-label={field.label || field.key}
                  value={draftRange}
                  onChange={(range) => setDraft((d) => ({ ...d, start: range.start.toString(), end: range.end.toString() }))}
                  focusedValue={parseDate(focused)}
                  onFocusChange={(date: DateValue) => setFocused(date.toString())}
                  firstDayOfWeek="mon"
                  isDateUnavailable={(date: DateValue) => blocked(date.toString())}
                  allowsNonContiguousRanges
                >
                  <MonthNav headingTestId="daterange-month" />
                  <CalendarGrid weekdayStyle="short">
                    <CalendarGridHeader>{(name) => <CalendarHeaderCell>{name}</CalendarHeaderCell>}</CalendarGridHeader>
                    <CalendarGridBody>
                      {(date) => {
                        const day = date.toString();
                        return (
                          <CalendarCell
                            date={date}
                            data-testid="daterange-day"
                            data-date={day}
                            data-disabled={blocked(day)}
                            className={({ isOutsideMonth, isSelected }) => ['picker-day', isOutsideMonth ? 'outside' : '', isSelected ? 'in-range' : '', taken.has(day) ? 'taken' : ''].filter(Boolean).join(' ')}
                          />
                        );
                      }}
                    </CalendarGridBody>
                  </CalendarGrid>
                </RangeCalendar>
              </I18nProvider>
              {options.timePicker ? (
                <div className="picker-range-times">
                  <label>
                    <span>Start</span>
                    <input type="time" step={step} value={draft.startTime} data-testid="daterange-start-time" onChange={(e) => setDraft((d) => ({ ...d, startTime: e.target.value || d.startTime }))} />
                  </label>
                  <label>
                    <span>End</span>
                    <input type="time" step={step} value={draft.endTime} data-testid="daterange-end-time" onChange={(e) => setDraft((d) => ({ ...d, endTime: e.target.value || d.endTime }))} />
                  </label>
                </div>
              ) : null}
              {draft.start !== null && rangeHitsTaken({ startDate: draft.start, endDate: draft.end ?? draft.start }, taken) ? (
                <p className="picker-refused" role="alert">{intl.formatMessage({ id: 'invalidDates' })}</p>
              ) : null}
              <div className="picker-actions">
                <button type="button" className="button button-small" data-testid="daterange-cancel" onClick={cancel}>
                  {intl.formatMessage({ id: 'picker.cancel' })}
                </button>
                <button type="button" className="button button-small button-primary" data-testid="daterange-ok" disabled={draft.start === null} onClick={confirm}>
                  {intl.formatMessage({ id: 'picker.ok' })}
                </button>
              </div>
            </div>
          </Dialog>
        </Popover>
      </div>
    </FieldFrame>
  );
}

export const dateRangeControlTester = rankWith(RANK.exact, moduleTypeIs('picker', 'daterange'));
