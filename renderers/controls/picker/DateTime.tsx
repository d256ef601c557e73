// picker/datetime (spec sections 2 "Widget notes", 3 "custom_data shapes", 4, 5, 7, 9): a read-only
// input showing the value in custom_data.format, a reset (x) button, and a popup whose steps (year ->
// month -> calendar -> time) the dateTimePicker machine drives. Enter advances, Escape or Tab cancels,
// Ok confirms. Days and minutes outside the bounds (from/to, disablePastDates, availableHours, steps)
// are disabled, and so are the minutes other records of the component hold on the chosen day.
// The value is 'YYYY-MM-DDTHH:mm' (local time). The popup is the light AnchoredDialog of renderers/ui
// (focus moves in, and back on Escape; outside clicks cancel); the calendar step is react-aria's Calendar, loaded
// when the popup first opens (calendar/LazyCalendars.tsx; arrow keys move by day, Page Up/Down by
// month, Enter picks; the user's locale names days and months and starts the week).
import { useActorRef, useSelector } from '@xstate/react';
import { X } from '../../ui/icons';
import { useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { dateTimePickerMachine, keyEvent, type DateTimePickerEvent, type PickerStep } from '../../../machines/dateTimePicker.machine';
import { dateTimeOptions, dateTimeProblem, dayOf, formatDateTime, parseDateTime, type DateTimeOptions, type DateTimeParts } from '../../../runtime/validation/dates';
import { AnchoredDialog } from '../../ui/AnchoredDialog';
import { rankWith, moduleTypeIs, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { FieldFrame } from '../shared/FieldFrame';
import { formatMoment } from './calendar/calendar';
import { PickerActions, PickerInput } from './calendar/parts';
import { useTakenMinutes } from './calendar/useTaken';
import { DayStep, preloadCalendars } from './calendar/LazyCalendars';
import { MonthStep, StepBar, TimeStep, YearStep } from './DateTimeSteps';

function nowText(): string {
  const now = new Date();
  return formatDateTime({ day: dayOf(now), hour: now.getHours(), minute: now.getMinutes() });
}

/**
 * The dateTimePicker machine for a field: its step, draft and refusal. The form's value is the truth:
 * the machine follows it, and its confirmations go to the form. A draft is allowed when it is within
 * the field's bounds and no other record holds its minute (`taken`, read when the machine asks).
 */
function usePickerMachine(text: string | null, options: DateTimeOptions, onChange: (value: unknown) => void) {
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const takenRef = useRef<ReadonlySet<string>>(new Set());
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
  useEffect(() => actor.send({ type: 'VALUE', value: text }), [actor, text]);
  useEffect(() => {
    const subscription = actor.on('committed', (event) => onChange(event.value));
    return () => subscription.unsubscribe();
  }, [actor, onChange]);
  return { actor, step, draft, refused, takenRef };
}

/** The read-only input showing the value, and its reset (x) button. */
/** The input showing the value, and its reset (x) button. */
function DateTimeInput({ reset, ...input }: Omit<Parameters<typeof PickerInput>[0], 'testId'> & { reset: () => void }) {
  const intl = useIntl();
  const { value, readOnly } = input.props;
  return (
    <div className="picker-input-row">
      <PickerInput {...input} testId="datetime-input" />
      {typeof value === 'string' && value && !readOnly ? (
        <button type="button" className="picker-reset" data-testid="datetime-reset" aria-label={intl.formatMessage({ id: 'picker.clear' })} onClick={reset}>
          <X size={16} aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}

export function DateTimeControl(props: ControlProps) {
  const { field, value, onChange, locale } = props;
  const options = useMemo(() => dateTimeOptions(field.options.customData), [field.options.customData]);
  const intl = useIntl();
  const text = typeof value === 'string' ? value : null;
  const inputRef = useRef<HTMLInputElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const { actor, step, draft, refused, takenRef } = usePickerMachine(text, options, onChange);
  const open = step !== 'closed';
  const taken = useTakenMinutes(open, field.key, draft.day);
  takenRef.current = taken;

  // Each step takes the focus on its current pick, scrolled into view (the calendar focuses its day itself).
  useEffect(() => {
    if (!open || step === 'calendar') return;
    const current = popupRef.current?.querySelector<HTMLElement>('[data-pick][aria-pressed="true"]');
    (current ?? popupRef.current)?.focus();
  }, [open, step]);

  const parts = parseDateTime(text);
  const shown = parts ? formatMoment(parts.day, parts, options.format) : (text ?? '');
  const now = new Date();
  const send = (event: DateTimePickerEvent) => actor.send(event);
  const sendAndRefocus = (event: DateTimePickerEvent) => {
    actor.send(event);
    if (actor.getSnapshot().value === 'closed') inputRef.current?.focus();
  };
  const onPopupKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const event = keyEvent(e.key);
    if (!event) return;
    // Enter on a pick is the pick (which advances in auto mode); elsewhere it advances the step.
    if (event.type === 'NEXT' && (e.target as HTMLElement).dataset.pick) return;
    e.preventDefault();
    sendAndRefocus(event);
  };
  const label = field.label || field.key;

  return (
    <FieldFrame props={props}>
      <div className="picker picker-datetime">
        <DateTimeInput props={props} value={shown} placeholder={field.options.placeholder || options.format} open={open} inputRef={inputRef} onOpen={() => {
            void preloadCalendars().catch(() => undefined);
            send({ type: 'OPEN' });
          }} reset={() => send({ type: 'RESET' })} />
        <AnchoredDialog open={open} anchorRef={inputRef} onDismiss={(refocus) => (refocus ? sendAndRefocus({ type: 'CANCEL' }) : send({ type: 'CANCEL' }))} label={label} className="picker-popup" dialogClassName="picker-dialog">
          <div ref={popupRef} data-testid="datetime-popup" tabIndex={-1} onKeyDown={onPopupKey}>
            <StepBar step={step as PickerStep} draft={draft} format={options.format} send={send} />
            {step === 'year' ? <YearStep year={Number(draft.day.slice(0, 4))} now={now} send={send} /> : null}
            {step === 'month' ? <MonthStep month={Number(draft.day.slice(5, 7)) - 1} send={send} /> : null}
            {step === 'calendar' ? <DayStep label={label} locale={locale} day={draft.day} options={options} now={now} send={send} /> : null}
            {step === 'time' ? <TimeStep draft={draft} options={options} now={now} taken={taken} send={send} /> : null}
            {refused ? <p className="picker-refused" role="alert">{intl.formatMessage({ id: 'invalidDates' })}</p> : null}
            <PickerActions testIdPrefix="datetime" onCancel={() => sendAndRefocus({ type: 'CANCEL' })} onOk={() => sendAndRefocus({ type: 'CONFIRM' })} />
          </div>
        </AnchoredDialog>
      </div>
    </FieldFrame>
  );
}

export const dateTimeControlTester = rankWith(RANK.exact, moduleTypeIs('picker', 'datetime'));
