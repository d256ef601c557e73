// picker/daterange (spec sections 3, 4, 5, 7, 9): the value is {startDate, endDate} ('YYYY-MM-DD', or
// 'YYYY-MM-DDTHH:mm' with custom_data.timePicker). A month calendar whose weeks start on Monday; the
// first click picks the start, the second the end; Ok sets the range, Cancel or Escape drops it.
// Days before today (disablePastDates), after today (disableFutureDates) and days other records'
// ranges take (every day from start to end, inclusive) are disabled. The taken days reload when the
// popup opens, when the shown month changes and when the form model changes (debounced 500 ms);
// a range that takes a taken day shows 'invalidDates' and blocks the form.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { dateRangeOptions, dayOf, dayPart, parseDateRange, parseDateTime, rangeDayAllowed, rangeHitsTaken, type DateRangeValue } from '../../../runtime/validation/dates';
import { useFormContext } from '../../form/FormContext';
import { rankWith, moduleTypeIs, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { FieldFrame, inputAria } from '../shared/FieldFrame';
import type { MessageKey } from '../../../runtime/i18n';
import { formatMoment, MONTH_NAMES, monthGrid, monthStart, RELOAD_DEBOUNCE_MS, WEEKDAY_NAMES, weekdayNames } from './calendar/calendar';
import { loadTakenDays } from './calendar/loaders';

const WEEK_START_MONDAY = 1;

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

/** The next draft after a click on `day`: a first click (or a click after a whole range) starts over. */
export function pickDay(draft: Draft, day: string): Draft {
  if (draft.start === null || draft.end !== null) return { ...draft, start: day, end: null };
  return day < draft.start ? { ...draft, start: day, end: draft.start } : { ...draft, end: day };
}

export function DateRangeControl(props: ControlProps) {
  const { field, value, onChange, id, readOnly, setLocalError } = props;
  const intl = useIntl();
  const { scriptContext, store } = useFormContext();
  const ref = typeof scriptContext.component === 'string' ? scriptContext.component : null;
  const self = typeof scriptContext.record === 'string' ? scriptContext.record : null;
  const options = useMemo(() => dateRangeOptions(field.options.customData), [field.options.customData]);
  const range = parseDateRange(value);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => draftOf(range));
  const today = dayOf(new Date());
  const initialMonth = (range ? dayPart(range.startDate)! : today).slice(0, 7);
  const [shown, setShown] = useState(initialMonth);
  const [taken, setTaken] = useState<ReadonlySet<string>>(new Set());
  const [modelTick, setModelTick] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);

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

  useEffect(() => {
    if (open) popupRef.current?.focus();
  }, [open]);

  const openPopup = () => {
    if (readOnly) return;
    setDraft(draftOf(range));
    setShown(initialMonth);
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
  const moveMonth = (delta: number) => {
    const d = new Date(Date.UTC(year, month + delta, 1));
    setShown(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  };
  const inDraft = (day: string) => draft.start !== null && day >= draft.start && day <= (draft.end ?? draft.start);
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
        {open ? (
          <div ref={popupRef} className="picker-popup" role="dialog" aria-label={field.label || field.key} data-testid="daterange-popup" tabIndex={-1} onKeyDown={onPopupKey}>
            <div className="picker-month-nav">
              <button type="button" aria-label="Previous month" onClick={() => moveMonth(-1)}>
                ‹
              </button>
              <span data-testid="daterange-month">{`${intl.formatMessage({ id: `picker.month.${month}` as MessageKey })} ${year}`}</span>
              <button type="button" aria-label="Next month" onClick={() => moveMonth(1)}>
                ›
              </button>
            </div>
            <div className="picker-calendar" role="grid">
              <div className="picker-week picker-weekdays" role="row">
                {weekdayNames(WEEK_START_MONDAY).map((name) => intl.formatMessage({ id: `picker.weekday.${WEEKDAY_NAMES.indexOf(name)}` as MessageKey })).map((name) => (
                  <span key={name} role="columnheader">{name}</span>
                ))}
              </div>
              {monthGrid(year, month, WEEK_START_MONDAY).map((week) => (
                <div key={week[0]} className="picker-week" role="row">
                  {week.map((day) => {
                    const disabled = !rangeDayAllowed(options, day, new Date()) || taken.has(day);
                    const classes = ['picker-day', day.slice(0, 7) === shown ? '' : 'outside', inDraft(day) ? 'in-range' : '', taken.has(day) ? 'taken' : ''];
                    return (
                      <button
                        key={day}
                        type="button"
                        role="gridcell"
                        data-testid="daterange-day"
                        data-date={day}
                        data-disabled={disabled}
                        className={classes.filter(Boolean).join(' ')}
                        aria-selected={inDraft(day)}
                        disabled={disabled}
                        onClick={() => setDraft((d) => pickDay(d, day))}
                      >
                        {Number(day.slice(8, 10))}
                      </button>
                    );
                  })}
                </div>
              ))}
            </div>
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
              <button type="button" data-testid="daterange-cancel" onClick={cancel}>
                {intl.formatMessage({ id: 'picker.cancel' })}
              </button>
              <button type="button" className="primary" data-testid="daterange-ok" disabled={draft.start === null} onClick={confirm}>
                {intl.formatMessage({ id: 'picker.ok' })}
              </button>
            </div>
          </div>
        ) : null}
      </div>
    </FieldFrame>
  );
}

export const dateRangeControlTester = rankWith(RANK.exact, moduleTypeIs('picker', 'daterange'));
