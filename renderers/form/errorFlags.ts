// Field error flags (spec section 4): every check reports {field key, error} to the form, which is
// blocked while any flag is on. A field may have several sources of flags: the slot's rule check
// ('rules', reported by FieldSlot on each change) and a control's own checks (useFieldErrorFlag:
// a fieldset's debounced item check, a date range's taken dates). A field is flagged while any of
// its sources is on. The flags of one form live beside its store and are cleared with it.
import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import { FormContext, type FieldErrorFlag } from './FormContext';

/** The source FieldSlot reports under (its rules and the control's setLocalError). */
export const RULES_SOURCE = 'rules';

export interface FlagStore {
  report(flag: FieldErrorFlag): void;
  /** Whether a field has any flag on (all sources), or one source of it when given. */
  isFlagged(key: string, source?: string): boolean;
  /** The field keys with a flag on, in the order they were first flagged (a stable array between changes). */
  flagged(): readonly string[];
  subscribe(listener: () => void): () => void;
  clear(): void;
}

export function createFlagStore(): FlagStore {
  // key -> source -> on
  const flags = new Map<string, Map<string, boolean>>();
  const listeners = new Set<() => void>();
  let snapshot: readonly string[] = [];
  const recompute = () => {
    const next = [...flags].filter(([, sources]) => [...sources.values()].some(Boolean)).map(([key]) => key);
    if (next.length === snapshot.length && next.every((key, i) => key === snapshot[i])) return;
    snapshot = next;
    listeners.forEach((listener) => listener());
  };
  return {
    report({ key, error, source = RULES_SOURCE }) {
      let sources = flags.get(key);
      if (!sources) {
        if (!error) return;
        flags.set(key, (sources = new Map()));
      }
      if (sources.get(source) === error) return;
      sources.set(source, error);
      recompute();
    },
    isFlagged(key, source) {
      const sources = flags.get(key);
      if (!sources) return false;
      return source === undefined ? [...sources.values()].some(Boolean) : sources.get(source) === true;
    },
    flagged: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    clear() {
      flags.clear();
      recompute();
    },
  };
}

/**
 * Where useFieldErrorFlag reports. A form's fields report to the form (FormContext.reportError); a
 * control that renders sub-fields in a modal (table create, fieldset items) provides its own scope so
 * their flags count for it, not for the record form.
 */
export const ErrorFlagScope = createContext<((flag: FieldErrorFlag) => void) | null>(null);

/**
 * A control's own check, reported as the flag {key, error} on each change of hasError (and cleared
 * when the control unmounts). `source` tells several checks of one field apart; it never collides
 * with the slot's rule check.
 */
export function useFieldErrorFlag(key: string, hasError: boolean, source = 'control'): void {
  const scoped = useContext(ErrorFlagScope);
  const form = useContext(FormContext);
  const report = scoped ?? form?.reportError ?? null;
  useEffect(() => {
    if (!report) return;
    report({ key, error: hasError, source });
  }, [report, key, hasError, source]);
  useEffect(() => {
    if (!report) return;
    return () => report({ key, error: false, source });
  }, [report, key, source]);
}

const NONE: readonly string[] = [];
const noSubscribe = () => () => undefined;

/** The field keys whose flags are on now (re-renders when that changes); [] outside a form. */
export function useFlaggedFields(): readonly string[] {
  const form = useContext(FormContext);
  const flags = form?.flags ?? null;
  return useSyncExternalStore(flags ? flags.subscribe : noSubscribe, flags ? flags.flagged : () => NONE, flags ? flags.flagged : () => NONE);
}
