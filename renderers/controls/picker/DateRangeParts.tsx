// The pieces of the daterange picker (DateRange.tsx): its draft and the value it makes, the text the
// input shows, the reload tick of the form model and the start and end times (the range calendar is
// calendar/Calendars.tsx, loaded on first open).
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { dayPart, parseDateTime, type DateRangeOptions, type DateRangeValue } from '../../../runtime/validation/dates';
import type { FormStore } from '../../form/formStore';
import { formatMoment, RELOAD_DEBOUNCE_MS } from './calendar/calendar';

export interface Draft {
  start: string | null;
  end: string | null;
  startTime: string;
  endTime: string;
}

const timeOf = (value: string | undefined, fallback: string) => (value && value.length > 10 ? value.slice(11, 16) : fallback);

export function draftOf(range: DateRangeValue | null): Draft {
  return {
    start: range ? dayPart(range.startDate) : null,
    end: range ? dayPart(range.endDate) : null,
    startTime: timeOf(range?.startDate, '00:00'),
    endTime: timeOf(range?.endDate, '23:59'),
  };
}

/** The value a draft with a start confirms to: one day when no end was picked; with the times when the field has a time picker. */
export function rangeValueOf(draft: Draft & { start: string }, timePicker: boolean): DateRangeValue {
  const end = draft.end ?? draft.start;
  return timePicker ? { startDate: `${draft.start}T${draft.startTime}`, endDate: `${end}T${draft.endTime}` } : { startDate: draft.start, endDate: end };
}

/** The input's text: each end in custom_data.format, with its time when it has one. */
export function rangeText(range: DateRangeValue | null, options: DateRangeOptions): string {
  const show = (text: string) => {
    const day = dayPart(text);
    if (!day) return text;
    const time = parseDateTime(text);
    const pattern = time ? `${options.format} ${options.is12h ? 'hh:mm a' : 'HH:mm'}` : options.format;
    return formatMoment(day, time, pattern, true);
  };
  return range ? `${show(range.startDate)} – ${show(range.endDate)}` : '';
}

/** A number that goes up 500 ms after the form model last changed (spec sections 4 and 9: the taken days reload). */
export function useModelTick(store: FormStore): number {
  const [modelTick, setModelTick] = useState(0);
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
  return modelTick;
}

/** The start and end times, in steps of custom_data.minuteStep minutes. */
export function RangeTimes({ minuteStep, draft, setDraft }: { minuteStep: number; draft: Draft; setDraft: Dispatch<SetStateAction<Draft>> }) {
  const step = minuteStep * 60;
  return (
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
  );
}
