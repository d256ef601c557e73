// The date-time picker's popup (spec sections 2 "Widget notes" and 4 "Date-time picker"): steps
// year -> month -> calendar -> time, date only (year -> month -> calendar) or time only. In auto mode
// each pick advances to the next step; NEXT (Enter) advances by hand; CONFIRM (Ok, or NEXT on the
// last step) emits the draft as the value; CANCEL (Cancel, Escape, Tab) closes and drops the draft.
// The draft is always a whole moment (day, hour, minute), so each step only changes its own part.
// Pure: no timers, no I/O; `allowed` decides which moments may be confirmed (bounds, taken times).
import { and, assign, emit, setup } from 'xstate';
import { formatDateTime, parseDateTime, type DateTimeParts } from '../runtime/validation/dates';
import { isValidDate } from '../runtime/validation/isValidDate';

export type PickerMode = 'datetime' | 'date' | 'time';
export type PickerStep = 'year' | 'month' | 'calendar' | 'time';

export const STEPS_BY_MODE: Record<PickerMode, readonly PickerStep[]> = {
  datetime: ['year', 'month', 'calendar', 'time'],
  date: ['year', 'month', 'calendar'],
  time: ['time'],
};

export interface DateTimePickerContext {
  mode: PickerMode;
  auto: boolean;
  /** The committed value: 'YYYY-MM-DDTHH:mm' (datetime), 'YYYY-MM-DD' (date), 'HH:mm' (time); null when empty. */
  value: string | null;
  draft: DateTimeParts;
  /** Whether the draft may be confirmed (the field's bounds and the minutes other records hold). */
  allowed: (draft: DateTimeParts) => boolean;
  /** The moment a new draft starts from when there is no value ('YYYY-MM-DDTHH:mm'). */
  now: string;
  /** The last CONFIRM was refused (the draft is not allowed). */
  refused: boolean;
}

export type DateTimePickerEvent =
  | { type: 'OPEN' }
  | { type: 'PICK_YEAR'; year: number }
  | { type: 'PICK_MONTH'; month: number }
  | { type: 'PICK_DAY'; day: string }
  | { type: 'PICK_HOUR'; hour: number }
  | { type: 'PICK_MINUTE'; minute: number }
  | { type: 'STEP'; step: PickerStep }
  | { type: 'NEXT' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'RESET' }
  | { type: 'VALUE'; value: string | null };

export type DateTimePickerEmitted = { type: 'committed'; value: string | null };

export interface DateTimePickerInput {
  mode?: PickerMode;
  auto?: boolean;
  value?: string | null;
  allowed?: (draft: DateTimeParts) => boolean;
  now?: string;
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
const pad = (n: number, size = 2) => String(n).padStart(size, '0');

/** The same day of month in another year and month, clamped to the month's length (Jan 31 -> Feb 28). */
export function moveDay(day: string, year: number, month: number): string {
  const dom = Number(day.slice(8, 10));
  return `${pad(year, 4)}-${pad(month + 1)}-${pad(Math.min(dom, daysIn(year, month)))}`;
}

/** The draft a value opens with: its moment, or now. */
export function draftOf(mode: PickerMode, value: string | null, now: string): DateTimeParts {
  const fallback = parseDateTime(now) ?? { day: '2000-01-01', hour: 0, minute: 0 };
  if (value === null) return fallback;
  if (mode === 'date' && isValidDate(value)) return { ...fallback, day: value, hour: 0, minute: 0 };
  if (mode === 'time') {
    const match = /^(\d{2}):(\d{2})/.exec(value);
    if (match && Number(match[1]) < 24 && Number(match[2]) < 60) return { ...fallback, hour: Number(match[1]), minute: Number(match[2]) };
    return fallback;
  }
  return parseDateTime(value) ?? fallback;
}

/** The value a draft confirms as, in the mode's shape. */
export function valueOf(mode: PickerMode, draft: DateTimeParts): string {
  if (mode === 'date') return draft.day;
  if (mode === 'time') return `${pad(draft.hour)}:${pad(draft.minute)}`;
  return formatDateTime(draft);
}

/** The step after `step` in a mode; null on the last one. */
export function nextStep(mode: PickerMode, step: PickerStep): PickerStep | null {
  const steps = STEPS_BY_MODE[mode];
  return steps[steps.indexOf(step) + 1] ?? null;
}

/** Keyboard: Enter advances (confirms on the last step), Escape and Tab cancel; other keys are the popup's own. */
export function keyEvent(key: string): DateTimePickerEvent | null {
  if (key === 'Enter') return { type: 'NEXT' };
  if (key === 'Escape' || key === 'Tab') return { type: 'CANCEL' };
  return null;
}

export const dateTimePickerMachine = setup({
  types: {
    context: {} as DateTimePickerContext,
    events: {} as DateTimePickerEvent,
    input: {} as DateTimePickerInput,
    emitted: {} as DateTimePickerEmitted,
  },
  guards: {
    auto: ({ context }) => context.auto,
    allowed: ({ context }) => context.allowed(context.draft),
    dateOnly: ({ context }) => context.mode === 'date',
    hasTime: ({ context }) => context.mode === 'datetime',
    timeOnly: ({ context }) => context.mode === 'time',
    stepIs: ({ context, event }, step: PickerStep) =>
      event.type === 'STEP' && event.step === step && STEPS_BY_MODE[context.mode].includes(step),
  },
  actions: {
    startDraft: assign({ draft: ({ context }) => draftOf(context.mode, context.value, context.now), refused: false }),
    setYear: assign({
      draft: ({ context, event }) => (event.type === 'PICK_YEAR' ? { ...context.draft, day: moveDay(context.draft.day, event.year, Number(context.draft.day.slice(5, 7)) - 1) } : context.draft),
    }),
    setMonth: assign({
      draft: ({ context, event }) => (event.type === 'PICK_MONTH' ? { ...context.draft, day: moveDay(context.draft.day, Number(context.draft.day.slice(0, 4)), event.month) } : context.draft),
    }),
    setDay: assign({ draft: ({ context, event }) => (event.type === 'PICK_DAY' && isValidDate(event.day) ? { ...context.draft, day: event.day } : context.draft) }),
    setHour: assign({ draft: ({ context, event }) => (event.type === 'PICK_HOUR' ? { ...context.draft, hour: Math.max(0, Math.min(23, Math.trunc(event.hour))) } : context.draft) }),
    setMinute: assign({ draft: ({ context, event }) => (event.type === 'PICK_MINUTE' ? { ...context.draft, minute: Math.max(0, Math.min(59, Math.trunc(event.minute))) } : context.draft) }),
    commit: assign({ value: ({ context }) => valueOf(context.mode, context.draft), refused: false }),
    emitCommitted: emit(({ context }) => ({ type: 'committed' as const, value: context.value })),
    refuse: assign({ refused: true }),
    clear: assign({ value: null, refused: false }),
    setValue: assign({ value: ({ event, context }) => (event.type === 'VALUE' ? event.value : context.value) }),
  },
}).createMachine({
  id: 'dateTimePicker',
  context: ({ input }) => {
    const mode = input.mode ?? 'datetime';
    const now = input.now ?? formatDateTime({ day: '2000-01-01', hour: 0, minute: 0 });
    const value = input.value ?? null;
    return { mode, auto: input.auto ?? true, value, now, allowed: input.allowed ?? (() => true), draft: draftOf(mode, value, now), refused: false };
  },
  initial: 'closed',
  on: {
    CANCEL: { target: '.closed' },
    CONFIRM: [
      { guard: 'allowed', target: '.closed', actions: ['commit', 'emitCommitted'] },
      { actions: 'refuse' },
    ],
  },
  states: {
    closed: {
      on: {
        OPEN: [
          { guard: 'timeOnly', target: 'time', actions: 'startDraft' },
          { target: 'year', actions: 'startDraft' },
        ],
        RESET: { actions: ['clear', 'emitCommitted'] },
        VALUE: { actions: 'setValue' },
        // Steps and picks mean nothing while closed; CONFIRM and CANCEL are ignored too.
        CONFIRM: {},
        CANCEL: {},
      },
    },
    year: {
      on: {
        PICK_YEAR: [{ guard: 'auto', target: 'month', actions: 'setYear' }, { actions: 'setYear' }],
        NEXT: { target: 'month' },
      },
    },
    month: {
      on: {
        PICK_MONTH: [{ guard: 'auto', target: 'calendar', actions: 'setMonth' }, { actions: 'setMonth' }],
        NEXT: { target: 'calendar' },
        STEP: { guard: { type: 'stepIs', params: 'year' }, target: 'year' },
      },
    },
    calendar: {
      on: {
        PICK_DAY: [
          { guard: 'auto', target: 'time', actions: 'setDay' },
          { actions: 'setDay' },
        ],
        NEXT: [
          { guard: 'hasTime', target: 'time' },
          { guard: 'allowed', target: 'closed', actions: ['commit', 'emitCommitted'] },
          { actions: 'refuse' },
        ],
        STEP: [
          { guard: { type: 'stepIs', params: 'year' }, target: 'year' },
          { guard: { type: 'stepIs', params: 'month' }, target: 'month' },
        ],
      },
    },
    time: {
      // Date only: an auto pick of the day lands here and confirms at once (or goes back, refused).
      always: [
        { guard: and(['dateOnly', 'allowed']), target: 'closed', actions: ['commit', 'emitCommitted'] },
        { guard: 'dateOnly', target: 'calendar', actions: 'refuse' },
      ],
      on: {
        PICK_HOUR: { actions: 'setHour' },
        PICK_MINUTE: { actions: 'setMinute' },
        NEXT: [
          { guard: 'allowed', target: 'closed', actions: ['commit', 'emitCommitted'] },
          { actions: 'refuse' },
        ],
        STEP: [
          { guard: { type: 'stepIs', params: 'year' }, target: 'year' },
          { guard: { type: 'stepIs', params: 'month' }, target: 'month' },
          { guard: { type: 'stepIs', params: 'calendar' }, target: 'calendar' },
        ],
      },
    },
  },
});
