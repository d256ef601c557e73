// picker/datetime (spec sections 2 "Widget notes", 3 "custom_data shapes", 4, 5, 7, 9): a read-only
// input showing the value in custom_data.format, a reset (x) button, and a popup whose steps (year ->
// month -> calendar -> time) the dateTimePicker machine drives. Enter advances, Escape or Tab cancels,
// Ok confirms. Days and minutes outside the bounds (from/to, disablePastDates, availableHours, steps)
// are disabled, and so are the minutes other records of the component hold on the chosen day.
// The value is 'YYYY-MM-DDTHH:mm' (local time). The popup is a react-aria-components Popover and
// Dialog (focus moves in and back, outside clicks cancel); the calendar step is its Calendar (arrow
// keys move by day, Page Up/Down by month, Enter picks; the user's locale names days and months and
// starts the week).
import { parseDate, type DateValue } from '@internationalized/date';
import { useActorRef, useSelector } from '@xstate/react';
import { X } from '../../ui/icons';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Calendar, CalendarCell, CalendarGrid, CalendarGridBody, CalendarGridHeader, CalendarHeaderCell, Dialog, I18nProvider, Popover } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { dateTimePickerMachine, keyEvent, STEPS_BY_MODE, type PickerStep } from '../../../machines/dateTimePicker.machine';
import { dateTimeOptions, dateTimeProblem, dayAllowed, dayOf, formatDateTime, hourAvailable, parseDateTime, type DateTimeParts } from '../../../runtime/validation/dates';
import { useFormContext } from '../../form/FormContext';
import { rankWith, moduleTypeIs, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { FieldFrame, inputAria } from '../shared/FieldFrame';
import { isLocale, LOCALE_TAG, type MessageKey } from '../../../runtime/i18n';
import { formatMoment, hourLabel, MONTH_NAMES, stepped, yearList } from './calendar/calendar';
import { loadTakenMinutes } from './calendar/loaders';
import { MonthNav } from './calendar/MonthNav';


function nowText(): string {
  const now = new Date();
  return formatDateTime({ day: dayOf(now), hour: now.getHours(), minute: now.getMinutes() });
}

export function DateTimeControl(props: ControlProps) {
  const { field, value, onChange, id, readOnly, locale } = props;
  const { scriptContext } = useFormContext();
  const ref = typeof scriptContext.component === 'string' ? scriptContext.component : null;
  const self = typeof scriptContext.record === 'string' ? scriptContext.record : null;
  const options = useMemo(() => dateTimeOptions(field.options.customData), [field.options.customData]);
  const [taken, setTaken] = useState<ReadonlySet<string>>(new Set());
  const takenRef = useRef(taken);
  takenRef.current = taken;
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const intl = useIntl();
  const text = typeof value === 'string' ? value : null;
  const inputRef = useRef<HTMLInputElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);

  const actor = useActorRef(dateTimePickerMachine, {
    input: {
      mode: 'datetime',
      auto: true,
      value: text,
      now: nowText(),
      allowed: (draft: DateTimeParts) => dateTimeProblem(optionsRef.current, draft, new Date(), takenRef.current) === null,
    },
  });
  const step = useSelector(actor, (snapshot) => snapshot.value as 'closed' | PickerStep);
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const refused = useSelector(actor, (snapshot) => snapshot.context.refused);

  // The form's value is the truth: the machine follows it, and its confirmations go to the form.
  useEffect(() => actor.send({ type: 'VALUE', value: text }), [actor, text]);
  useEffect(() => {
    const subscription = actor.on('committed', (event) => onChange(event.value));
    return () => subscription.unsubscribe();
  }, [actor, onChange]);

  // The minutes other records hold on the draft's day (spec section 7: dateFrom, dateTo, dateField).
  const open = step !== 'closed';
  useEffect(() => {
    if (!open || !ref) return;
    const controller = new AbortController();
    loadTakenMinutes(ref, field.key, draft.day, self, controller.signal).then(
      (minutes) => setTaken(minutes),
      () => undefined,
    );
    return () => controller.abort();
  }, [open, ref, field.key, draft.day, self]);

  // Each step takes the focus on its current pick, scrolled into view (the calendar focuses its day itself).
  useEffect(() => {
    if (!open || step === 'calendar') return;
    const current = popupRef.current?.querySelector<HTMLElement>('[data-pick][aria-pressed="true"]');
    (current ?? popupRef.current)?.focus();
  }, [open, step]);

  const parts = parseDateTime(text);
  const shown = parts ? formatMoment(parts.day, parts, options.format) : (text ?? '');
  const now = new Date();

  const close = (type: 'CANCEL' | 'CONFIRM') => {
    actor.send({ type });
    if (actor.getSnapshot().value === 'closed') inputRef.current?.focus();
  };

  const onPopupKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const event = keyEvent(e.key);
    if (!event) return;
    const target = e.target as HTMLElement;
    // Enter on a pick is the pick (which advances in auto mode); elsewhere it advances the step.
    if (event.type === 'NEXT' && target.dataset.pick) return;
    e.preventDefault();
    actor.send(event);
    if (actor.getSnapshot().value === 'closed') inputRef.current?.focus();
  };

  const year = Number(draft.day.slice(0, 4));
  const month = Number(draft.day.slice(5, 7)) - 1;
  const steps = STEPS_BY_MODE.datetime;

  return (
    <FieldFrame props={props}>
      <div className="picker picker-datetime">
        <div className="picker-input-row">
          <input
            ref={inputRef}
            id={id}
            name={field.key}
            data-testid="datetime-input"
            value={shown}
            placeholder={field.options.placeholder || options.format}
            readOnly
            aria-haspopup="dialog"
            aria-expanded={open}
            disabled={readOnly}
            {...inputAria(props)}
            onClick={() => !readOnly && actor.send({ type: 'OPEN' })}
            onKeyDown={(e) => {
              if (readOnly) return;
              if (e.key === 'Enter' || e.key === 'ArrowDown' || e.key === ' ') {
                e.preventDefault();
                actor.send({ type: 'OPEN' });
              }
            }}
          />
          {text && !readOnly ? (
            <button type="button" className="picker-reset" data-testid="datetime-reset" aria-label={intl.formatMessage({ id: 'picker.clear' })} onClick={() => actor.send({ type: 'RESET' })}>
              <X size={16} aria-hidden="true" />
            </button>
          ) : null}
        </div>
        <Popover className="picker-popup" triggerRef={inputRef} isOpen={open} onOpenChange={(next) => !next && close('CANCEL')} placement="bottom start">
          <Dialog className="picker-dialog" aria-label={field.label || field.key}>
            <div ref={popupRef} data-testid="datetime-popup" tabIndex={-1} onKeyDown={onPopupKey}>
              <div className="picker-steps" data-testid="datetime-step" data-step={step}>
                {steps.map((s) => (
                  <button
                    key={s}
                    type="button"
                    className={s === step ? 'button button-small button-ghost picker-step current' : 'button button-small button-ghost picker-step'}
                    aria-current={s === step ? 'step' : undefined}
                    disabled={steps.indexOf(s) >= steps.indexOf(step as PickerStep)}
                    onClick={() => actor.send({ type: 'STEP', step: s })}
                  >
                    {intl.formatMessage({ id: `picker.step.${s}` as MessageKey })}
                  </button>
                ))}
                <span className="picker-draft">{formatMoment(draft.day, draft, options.format)}</span>
              </div>
              {step === 'year' ? (
                <div className="picker-grid picker-years" role="group" aria-label={intl.formatMessage({ id: 'picker.years' })}>
                  {yearList(now.getFullYear()).map((y) => (
                    <button key={y} type="button" data-pick="year" data-testid="datetime-year" data-year={y} aria-pressed={y === year} onClick={() => actor.send({ type: 'PICK_YEAR', year: y })}>
                      {y}
                    </button>
                  ))}
                </div>
              ) : null}
              {step === 'month' ? (
                <div className="picker-grid picker-months" role="group" aria-label={intl.formatMessage({ id: 'picker.months' })}>
                  {MONTH_NAMES.map((_, m) => intl.formatMessage({ id: `picker.month.${m}` as MessageKey })).map((name, m) => (
                    <button key={name} type="button" data-pick="month" data-testid="datetime-month" data-month={m} aria-pressed={m === month} onClick={() => actor.send({ type: 'PICK_MONTH', month: m })}>
                      {name.slice(0, 3)}
                    </button>
                  ))}
                </div>
              ) : null}
              {step === 'calendar' ? (
                <I18nProvider locale={isLocale(locale) ? LOCALE_TAG[locale] : undefined}>
                  <Calendar
                    className="picker-calendar"
                    aria-label={field.label || field.key}
                    autoFocus
                    value={parseDate(draft.day)}
                    defaultFocusedValue={parseDate(draft.day)}
                    onChange={(date: DateValue) => actor.send({ type: 'PICK_DAY', day: date.toString() })}
                    isDateUnavailable={(date: DateValue) => !dayAllowed(options, date.toString(), now)}
                  >
                    <MonthNav />
                    <CalendarGrid weekdayStyle="short">
                      <CalendarGridHeader>{(name) => <CalendarHeaderCell>{name}</CalendarHeaderCell>}</CalendarGridHeader>
                      <CalendarGridBody>
                        {(date) => {
                          const day = date.toString();
                          return (
                            <CalendarCell
                              date={date}
                              data-pick="day"
                              data-testid="datetime-day"
                              data-date={day}
                              data-disabled={!dayAllowed(options, day, now)}
                              className={({ isOutsideMonth }) => (isOutsideMonth ? 'picker-day outside' : 'picker-day')}
                            />
                          );
                        }}
                      </CalendarGridBody>
                    </CalendarGrid>
                  </Calendar>
                </I18nProvider>
              ) : null}
              {step === 'time' ? (
                <div className="picker-time">
                  <div className="picker-list" role="group" aria-label={intl.formatMessage({ id: 'picker.hours' })}>
                    {stepped(24, options.hourStep).map((hour) => {
                      const disabled = !hourAvailable(options.hours, hour);
                      return (
                        <button key={hour} type="button" data-pick="hour" data-testid="datetime-hour" data-hour={hour} data-disabled={disabled} disabled={disabled} aria-pressed={hour === draft.hour} onClick={() => actor.send({ type: 'PICK_HOUR', hour })}>
                          {hourLabel(hour, options.is12h)}
                        </button>
                      );
                    })}
                  </div>
                  <div className="picker-list" role="group" aria-label={intl.formatMessage({ id: 'picker.minutes' })}>
                    {stepped(60, options.minuteStep).map((minute) => {
                      const disabled = dateTimeProblem({ ...options, hourStep: 1 }, { ...draft, minute }, now, taken) !== null;
                      return (
                        <button key={minute} type="button" data-pick="minute" data-testid="datetime-minute" data-minute={minute} data-disabled={disabled} disabled={disabled} aria-pressed={minute === draft.minute} onClick={() => actor.send({ type: 'PICK_MINUTE', minute })}>
                          {String(minute).padStart(2, '0')}
                        </button>
                      );
                    })}
                  </div>
                </div>
              ) : null}
              {refused ? <p className="picker-refused" role="alert">{intl.formatMessage({ id: 'invalidDates' })}</p> : null}
              <div className="picker-actions">
                <button type="button" className="button button-small" data-testid="datetime-cancel" onClick={() => close('CANCEL')}>
                  {intl.formatMessage({ id: 'picker.cancel' })}
                </button>
                <button type="button" className="button button-small button-primary" data-testid="datetime-ok" onClick={() => close('CONFIRM')}>
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

export const dateTimeControlTester = rankWith(RANK.exact, moduleTypeIs('picker', 'datetime'));
