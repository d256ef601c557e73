// What other records of the same component hold, loaded for the pickers (loaders.ts): the component
// and the record being edited come from the form's script context; without a component nothing loads.
import { useEffect, useState } from 'react';
import { useFormContext } from '../../../form/FormContext';
import { loadTakenDays, loadTakenMinutes } from './loaders';

/** The component's ref and the edited record's uuid (null on create). */
function useOwnRecord(): { ref: string | null; self: string | null } {
  const { scriptContext } = useFormContext();
  return {
    ref: typeof scriptContext.component === 'string' ? scriptContext.component : null,
    self: typeof scriptContext.record === 'string' ? scriptContext.record : null,
  };
}

/** The minutes other records hold on `day`, loaded while the popup is open (spec section 7: dateFrom, dateTo, dateField). */
export function useTakenMinutes(open: boolean, key: string, day: string): ReadonlySet<string> {
  const { ref, self } = useOwnRecord();
  const [taken, setTaken] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (!open || !ref) return;
    const controller = new AbortController();
    loadTakenMinutes(ref, key, day, self, controller.signal).then(
      (minutes) => setTaken(minutes),
      () => undefined,
    );
    return () => controller.abort();
  }, [open, ref, key, day, self]);
  return taken;
}

/**
 * The days other records' ranges take from `firstOfMonth` on: loaded at mount (so a stored range that
 * collides is flagged), and again on open, on a month change and when the form model changed (`modelTick`).
 */
export function useTakenDays(key: string, firstOfMonth: string, open: boolean, modelTick: number): ReadonlySet<string> {
  const { ref, self } = useOwnRecord();
  const [taken, setTaken] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (!ref) return;
    const controller = new AbortController();
    loadTakenDays(ref, key, firstOfMonth, self, controller.signal).then(
      (days) => setTaken(days),
      () => undefined,
    );
    return () => controller.abort();
  }, [ref, key, firstOfMonth, self, open, modelTick]);
  return taken;
}
