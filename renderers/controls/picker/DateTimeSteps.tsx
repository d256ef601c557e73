// The steps of the datetime picker's popup (DateTime.tsx), each sending its picks to the
// dateTimePicker machine: the step bar with the draft, year, month and hours and minutes (the calendar
// step is calendar/Calendars.tsx, loaded on first open).
// A pick carries data-pick and aria-pressed on the current one, so the step can focus it.
import { useIntl } from 'react-intl';
import { STEPS_BY_MODE, type DateTimePickerEvent, type PickerStep } from '../../../machines/dateTimePicker.machine';
import { dateTimeProblem, hourAvailable, type DateTimeOptions, type DateTimeParts } from '../../../runtime/validation/dates';
import type { MessageKey } from '../../../runtime/i18n';
import { formatMoment, hourLabel, MONTH_NAMES, stepped, yearList } from './calendar/calendar';

type Send = (event: DateTimePickerEvent) => void;

/** The steps in order (a later one is disabled until reached) and the draft as it would be shown. */
export function StepBar({ step, draft, format, send }: { step: PickerStep; draft: DateTimeParts; format: string; send: Send }) {
  const intl = useIntl();
  const steps = STEPS_BY_MODE.datetime;
  return (
    <div className="picker-steps" data-testid="datetime-step" data-step={step}>
      {steps.map((s) => (
        <button
          key={s}
          type="button"
          className={s === step ? 'button button-small button-ghost picker-step current' : 'button button-small button-ghost picker-step'}
          aria-current={s === step ? 'step' : undefined}
          disabled={steps.indexOf(s) >= steps.indexOf(step)}
          onClick={() => send({ type: 'STEP', step: s })}
        >
          {intl.formatMessage({ id: `picker.step.${s}` as MessageKey })}
        </button>
      ))}
      <span className="picker-draft">{formatMoment(draft.day, draft, format)}</span>
    </div>
  );
}

export function YearStep({ year, now, send }: { year: number; now: Date; send: Send }) {
  const intl = useIntl();
  return (
    <div className="picker-grid picker-years" role="group" aria-label={intl.formatMessage({ id: 'picker.years' })}>
      {yearList(now.getFullYear()).map((y) => (
        <button key={y} type="button" data-pick="year" data-testid="datetime-year" data-year={y} aria-pressed={y === year} onClick={() => send({ type: 'PICK_YEAR', year: y })}>
          {y}
        </button>
      ))}
    </div>
  );
}

export function MonthStep({ month, send }: { month: number; send: Send }) {
  const intl = useIntl();
  return (
    <div className="picker-grid picker-months" role="group" aria-label={intl.formatMessage({ id: 'picker.months' })}>
      {MONTH_NAMES.map((_, m) => intl.formatMessage({ id: `picker.month.${m}` as MessageKey })).map((name, m) => (
        <button key={name} type="button" data-pick="month" data-testid="datetime-month" data-month={m} aria-pressed={m === month} onClick={() => send({ type: 'PICK_MONTH', month: m })}>
          {name.slice(0, 3)}
        </button>
      ))}
    </div>
  );
}

/** Hours outside availableHours, and minutes out of bounds or held by other records (`taken`), are disabled. */
export function TimeStep({ draft, options, now, taken, send }: { draft: DateTimeParts; options: DateTimeOptions; now: Date; taken: ReadonlySet<string>; send: Send }) {
  const intl = useIntl();
  return (
    <div className="picker-time">
      <div className="picker-list" role="group" aria-label={intl.formatMessage({ id: 'picker.hours' })}>
        {stepped(24, options.hourStep).map((hour) => {
          const disabled = !hourAvailable(options.hours, hour);
          return (
            <button key={hour} type="button" data-pick="hour" data-testid="datetime-hour" data-hour={hour} data-disabled={disabled} disabled={disabled} aria-pressed={hour === draft.hour} onClick={() => send({ type: 'PICK_HOUR', hour })}>
              {hourLabel(hour, options.is12h)}
            </button>
          );
        })}
      </div>
      <div className="picker-list" role="group" aria-label={intl.formatMessage({ id: 'picker.minutes' })}>
        {stepped(60, options.minuteStep).map((minute) => {
          const disabled = dateTimeProblem({ ...options, hourStep: 1 }, { ...draft, minute }, now, taken) !== null;
          return (
            <button key={minute} type="button" data-pick="minute" data-testid="datetime-minute" data-minute={minute} data-disabled={disabled} disabled={disabled} aria-pressed={minute === draft.minute} onClick={() => send({ type: 'PICK_MINUTE', minute })}>
              {String(minute).padStart(2, '0')}
            </button>
          );
        })}
      </div>
    </div>
  );
}
