// The form's state, one slot per field key, each with its own listeners: a keystroke in one field
// notifies only that field's subscriber (useSyncExternalStore), never the whole form. The RJSF way of
// re-rendering the form per change costs ~200 ms on a medium form (ARCHITECTURE.md "Browser").
import type { FieldMessage } from '../../runtime/validation';

export interface FieldSlotState {
  value: unknown;
  /** Rule and server messages shown under the field. */
  errors: readonly FieldMessage[];
}

export interface FormStore {
  slot(key: string): FieldSlotState;
  value(key: string): unknown;
  /** The whole model (a fresh object; parent of the mutators, body of the save). */
  values(): Record<string, unknown>;
  set(key: string, value: unknown, errors?: readonly FieldMessage[]): void;
  setErrors(key: string, errors: readonly FieldMessage[]): void;
  /** Replace everything (load, saved answer): every slot is notified; the new values are the baseline. */
  reset(values: Record<string, unknown>): void;
  /** Set a value as part of the baseline (default at mount, GET mutator): not a user change. */
  initialise(key: string, value: unknown): void;
  subscribe(key: string, listener: () => void): () => void;
  /** Changed since the baseline; listeners hear only when that flips. */
  isDirty(): boolean;
  subscribeDirty(listener: () => void): () => void;
}

/** Values are JSON: objects (text_i18n, lists) compare by content, so undoing a change is not a change. */
function same(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

const EMPTY: FieldSlotState = Object.freeze({ value: undefined, errors: Object.freeze([]) as readonly FieldMessage[] });

export function createFormStore(initial: Record<string, unknown> = {}): FormStore {
  const slots = new Map<string, FieldSlotState>();
  const listeners = new Map<string, Set<() => void>>();
  const dirtyListeners = new Set<() => void>();
  let baseline: Record<string, unknown> = { ...initial };
  const changed = new Set<string>();
  let dirty = false;

  const notify = (key: string) => listeners.get(key)?.forEach((l) => l());
  const updateDirty = () => {
    const next = changed.size > 0;
    if (next === dirty) return;
    dirty = next;
    dirtyListeners.forEach((l) => l());
  };
  const load = (values: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(values)) slots.set(key, { value, errors: EMPTY.errors });
  };
  load(initial);

  return {
    slot: (key) => slots.get(key) ?? EMPTY,
    value: (key) => slots.get(key)?.value,
    values: () => {
      const out: Record<string, unknown> = {};
      for (const [key, slot] of slots) out[key] = slot.value;
      return out;
    },
    set(key, value, errors) {
      const prev = slots.get(key) ?? EMPTY;
      slots.set(key, { value, errors: errors ?? prev.errors });
      if (same(value, baseline[key])) changed.delete(key);
      else changed.add(key);
      notify(key);
      updateDirty();
    },
    setErrors(key, errors) {
      const prev = slots.get(key) ?? EMPTY;
      if (prev.errors.length === 0 && errors.length === 0) return;
      slots.set(key, { value: prev.value, errors });
      notify(key);
    },
    reset(values) {
      const keys = new Set([...slots.keys(), ...Object.keys(values)]);
      slots.clear();
      baseline = { ...values };
      changed.clear();
      load(values);
      keys.forEach(notify);
      updateDirty();
    },
    initialise(key, value) {
      const prev = slots.get(key) ?? EMPTY;
      slots.set(key, { value, errors: prev.errors });
      baseline[key] = value;
      changed.delete(key);
      notify(key);
      updateDirty();
    },
    subscribe(key, listener) {
      let set = listeners.get(key);
      if (!set) listeners.set(key, (set = new Set()));
      set.add(listener);
      return () => void set.delete(listener);
    },
    isDirty: () => dirty,
    subscribeDirty(listener) {
      dirtyListeners.add(listener);
      return () => void dirtyListeners.delete(listener);
    },
  };
}
