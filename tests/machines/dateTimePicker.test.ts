import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  dateTimePickerMachine,
  keyEvent,
  nextStep,
  STEPS_BY_MODE,
  type DateTimePickerEvent,
  type DateTimePickerInput,
} from '../../machines/dateTimePicker.machine';
import { parseDateTime } from '../../runtime/validation/dates';

const NOW = '2025-03-14T09:30';
const EVENTS: DateTimePickerEvent[] = [
  { type: 'OPEN' },
  { type: 'PICK_YEAR', year: 2026 },
  { type: 'PICK_MONTH', month: 1 },
  { type: 'PICK_DAY', day: '2026-02-10' },
  { type: 'PICK_HOUR', hour: 10 },
  { type: 'PICK_MINUTE', minute: 45 },
  { type: 'STEP', step: 'year' },
  { type: 'NEXT' },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'RESET' },
];

function start(input: DateTimePickerInput) {
  const committed: (string | null)[] = [];
  const actor = createActor(dateTimePickerMachine, { input: { now: NOW, ...input } });
  actor.on('committed', (event) => committed.push(event.value));
  actor.start();
  return { actor, committed, state: () => actor.getSnapshot().value };
}

describe('dateTimePicker machine', () => {
  for (const auto of [true, false]) {
    it(`reaches every state (auto ${auto})`, () => {
      const paths = getShortestPaths(dateTimePickerMachine, {
        input: { now: NOW, auto },
        events: EVENTS,
        serializeState: ({ value, context }) => JSON.stringify({ value, draft: context.draft, value2: context.value }),
      });
      const reached = new Set(paths.map((p) => p.state.value as string));
      expect([...reached].sort()).toEqual(Object.keys(dateTimePickerMachine.root.states).sort());
    });
  }

  it('auto mode: each pick advances year -> month -> calendar -> time; Ok emits the value', () => {
    const { actor, committed, state } = start({ auto: true });
    actor.send({ type: 'OPEN' });
    expect(state()).toBe('year');
    actor.send({ type: 'PICK_YEAR', year: 2027 });
    expect(state()).toBe('month');
    actor.send({ type: 'PICK_MONTH', month: 0 });
    expect(state()).toBe('calendar');
    expect(actor.getSnapshot().context.draft.day).toBe('2027-01-14');
    actor.send({ type: 'PICK_DAY', day: '2027-01-20' });
    expect(state()).toBe('time');
    actor.send({ type: 'PICK_HOUR', hour: 8 });
    actor.send({ type: 'PICK_MINUTE', minute: 5 });
    expect(state()).toBe('time');
    actor.send({ type: 'CONFIRM' });
    expect(state()).toBe('closed');
    expect(committed).toEqual(['2027-01-20T08:05']);
  });

  it('manual mode: picks stay on their step, Enter (NEXT) advances and confirms on the last step', () => {
    const { actor, committed, state } = start({ auto: false, value: '2024-02-29T23:15' });
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'PICK_YEAR', year: 2025 });
    expect(state()).toBe('year');
    // Feb 29 moved to a year without one clamps to Feb 28.
    expect(actor.getSnapshot().context.draft.day).toBe('2025-02-28');
    for (const step of ['month', 'calendar', 'time'] as const) {
      actor.send(keyEvent('Enter')!);
      expect(state()).toBe(step);
    }
    actor.send(keyEvent('Enter')!);
    expect(state()).toBe('closed');
    expect(committed).toEqual(['2025-02-28T23:15']);
  });

  it('Escape and Tab cancel from any step and keep the value', () => {
    for (const key of ['Escape', 'Tab']) {
      const { actor, committed, state } = start({ value: '2025-01-01T10:00' });
      actor.send({ type: 'OPEN' });
      actor.send({ type: 'PICK_YEAR', year: 2030 });
      actor.send(keyEvent(key)!);
      expect(state()).toBe('closed');
      expect(committed).toEqual([]);
      expect(actor.getSnapshot().context.value).toBe('2025-01-01T10:00');
      actor.send({ type: 'OPEN' });
      expect(actor.getSnapshot().context.draft.day).toBe('2025-01-01');
    }
    expect(keyEvent('a')).toBeNull();
  });

  it('a draft that is not allowed is refused: the popup stays open', () => {
    const { actor, committed, state } = start({ allowed: (d) => d.minute !== 30 });
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'CONFIRM' });
    expect(state()).toBe('year');
    expect(actor.getSnapshot().context.refused).toBe(true);
    actor.send({ type: 'PICK_YEAR', year: 2025 });
    actor.send({ type: 'PICK_MONTH', month: 2 });
    actor.send({ type: 'PICK_DAY', day: '2025-03-15' });
    actor.send({ type: 'PICK_MINUTE', minute: 15 });
    actor.send({ type: 'NEXT' });
    expect(committed).toEqual(['2025-03-15T09:15']);
  });

  it('reset (x) clears the value; STEP goes back to an earlier step', () => {
    const { actor, committed, state } = start({ value: '2025-01-01T10:00' });
    actor.send({ type: 'RESET' });
    expect(committed).toEqual([null]);
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'PICK_YEAR', year: 2025 });
    actor.send({ type: 'PICK_MONTH', month: 4 });
    actor.send({ type: 'STEP', step: 'year' });
    expect(state()).toBe('year');
  });

  it('date only and time only modes', () => {
    const date = start({ mode: 'date' });
    date.actor.send({ type: 'OPEN' });
    date.actor.send({ type: 'PICK_YEAR', year: 2025 });
    date.actor.send({ type: 'PICK_MONTH', month: 5 });
    date.actor.send({ type: 'PICK_DAY', day: '2025-06-02' });
    expect(date.state()).toBe('closed');
    expect(date.committed).toEqual(['2025-06-02']);
    const time = start({ mode: 'time', value: '07:45' });
    time.actor.send({ type: 'OPEN' });
    expect(time.state()).toBe('time');
    time.actor.send({ type: 'PICK_HOUR', hour: 18 });
    time.actor.send({ type: 'NEXT' });
    expect(time.committed).toEqual(['18:45']);
    expect(nextStep('datetime', 'calendar')).toBe('time');
    expect(nextStep('date', 'calendar')).toBeNull();
  });

  it('random command sequences keep the invariants: the draft is a real moment, the value is null or allowed, closed drafts are not emitted', () => {
    const event: fc.Arbitrary<DateTimePickerEvent> = fc.oneof(
      fc.constant({ type: 'OPEN' } as const),
      fc.integer({ min: 1900, max: 2100 }).map((year) => ({ type: 'PICK_YEAR', year }) as const),
      fc.integer({ min: 0, max: 11 }).map((month) => ({ type: 'PICK_MONTH', month }) as const),
      fc.date({ min: new Date('1990-01-01'), max: new Date('2060-12-31'), noInvalidDate: true }).map((d) => ({ type: 'PICK_DAY', day: d.toISOString().slice(0, 10) }) as const),
      fc.integer({ min: -3, max: 30 }).map((hour) => ({ type: 'PICK_HOUR', hour }) as const),
      fc.integer({ min: -3, max: 70 }).map((minute) => ({ type: 'PICK_MINUTE', minute }) as const),
      fc.constantFrom(...(['year', 'month', 'calendar', 'time'] as const)).map((step) => ({ type: 'STEP', step }) as const),
      fc.constantFrom<DateTimePickerEvent>({ type: 'NEXT' }, { type: 'CONFIRM' }, { type: 'CANCEL' }, { type: 'RESET' }),
    );
    fc.assert(
      fc.property(fc.constantFrom('datetime' as const, 'date' as const, 'time' as const), fc.boolean(), fc.array(event, { maxLength: 40 }), (mode, auto, events) => {
        const allowed = (d: { hour: number }) => d.hour >= 8;
        const { actor, committed } = start({ mode, auto, allowed });
        for (const e of events) {
          const before = actor.getSnapshot().value;
          actor.send(e);
          const snap = actor.getSnapshot();
          expect(parseDateTime(`${snap.context.draft.day}T00:00`)).not.toBeNull();
          expect(snap.context.draft.hour).toBeGreaterThanOrEqual(0);
          expect(snap.context.draft.minute).toBeLessThanOrEqual(59);
          expect(STEPS_BY_MODE[mode].includes(snap.value as never) || snap.value === 'closed').toBe(true);
          if (before === 'closed' && e.type !== 'RESET') expect(committed.length === 0 || committed.at(-1) === snap.context.value).toBe(true);
        }
        for (const value of committed) {
          if (value === null || mode === 'date') continue;
          const hour = Number((mode === 'time' ? value : value.slice(11)).slice(0, 2));
          expect(hour).toBeGreaterThanOrEqual(8);
        }
      }),
      { numRuns: 300 },
    );
  });
});
