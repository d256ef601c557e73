// The one controller of an admin form (react-admin's edit controller, in our words): the values and the
// copy they started from (dirty tracking), the form's own rules, the save call with its 417 messages at
// their fields and its success toast, and, where a page asks for it, the question before leaving
// unsaved changes. The view only renders what it returns.
import { useMutation } from '@tanstack/react-query';
import { useCallback, useState, type FormEvent, type ReactNode, type SetStateAction } from 'react';
import { showToast } from '../../../../renderers/ui/toast';
import { deepEqual } from '../../lib/deepEqual';
import { failureOf, fieldMessages, NO_FAILURE, type Failure } from './failure';
import { useLeaveQuestion } from './UnsavedGuard';

/** Field messages by path; empty when the values may be sent. */
export type FieldRules = Record<string, string[]>;

export interface FormPageOptions<V, R> {
  /** The values the form starts from, and what `dirty` compares with until a save. */
  initial: V | (() => V);
  /** When this changes, the form starts again from `initial` (a new copy was loaded). */
  resetKey?: unknown;
  /**
   * What the form edits (a record's uuid and version, say). A new copy of the same thing (a refetch
   * after a save, another tab's change) does not throw away unsaved edits; a different thing does.
   * Without it every new copy replaces the values.
   */
  identity?: unknown;
  /** The form's own rules, checked before anything is sent. */
  validate?: (values: V) => FieldRules;
  /** After the form's own rules refused the values (nothing was sent). */
  onRefused?: (rules: FieldRules) => unknown;
  /** The call that saves the values. */
  save: (values: V) => Promise<R>;
  /** The message key of the success toast. */
  toast?: string;
  /** After a save: caches, navigation. */
  onSaved?: (saved: R, values: V) => unknown;
  /** After a failed save; may change what the form shows. */
  onFailed?: (failure: Failure, error: unknown) => Failure | void;
  /** Whether the values differ from the saved ones (structural equality unless said otherwise). */
  isDirty?: (values: V, base: V) => boolean;
  /** Ask before leaving with unsaved changes (render `leavePrompt`). */
  confirmLeave?: boolean;
}

export interface FormController<V> {
  values: V;
  /** The copy the values are compared with: the loaded or last saved one. */
  base: V;
  setValues: (next: SetStateAction<V>) => void;
  /** Sets one key of object values. */
  set: <K extends keyof V>(key: K, value: V[K]) => void;
  /** Starts again from these values (a copy the server answered). */
  rebase: (values: V) => void;
  /** Back to the base copy, without messages. */
  reset: () => void;
  dirty: boolean;
  pending: boolean;
  failure: Failure;
  setFailure: (next: SetStateAction<Failure>) => void;
  /** The messages of a field and of its items. */
  errors: (name: string) => string[] | undefined;
  /** Checks, saves and says whether it saved. */
  saveAsync: () => Promise<boolean>;
  /** The form's onSubmit. */
  submit: (event?: FormEvent) => void;
  /** The leave question (a route blocker and its dialog) when `confirmLeave` is on; also rendered by callers that ask themselves. */
  leavePrompt: ReactNode;
  /** Asks about unsaved changes; resolves whether to go on. */
  askToLeave: () => Promise<boolean>;
  /** Runs a navigation the form itself starts (after a rename, a removal) without asking. */
  leaveUnasked: (go: () => Promise<unknown>) => Promise<void>;
}

interface State<V> {
  key: unknown;
  identity: unknown;
  base: V;
  values: V;
}

const evaluate = <V,>(initial: V | (() => V)): V => (typeof initial === 'function' ? (initial as () => V)() : initial);

export function useFormPage<V, R>(options: FormPageOptions<V, R>): FormController<V> {
  const { resetKey, validate, onRefused, toast, onSaved, onFailed, isDirty, confirmLeave = false } = options;
  const [state, setState] = useState<State<V>>(() => {
    const start = evaluate(options.initial);
    return { key: resetKey, identity: options.identity, base: start, values: start };
  });
  let current = state;
  if (!Object.is(state.key, resetKey)) {
    // A new copy arrived: this render already shows it, unless it is a copy of what the user is editing.
    const editing = options.identity !== undefined && Object.is(state.identity, options.identity) && (isDirty ? isDirty(state.values, state.base) : !deepEqual(state.values, state.base));
    const start = evaluate(options.initial);
    current = editing ? { ...state, key: resetKey } : { key: resetKey, identity: options.identity, base: start, values: start };
    setState(current);
  }
  const [failure, setFailure] = useState<Failure>(NO_FAILURE);
  const mutation = useMutation({ mutationFn: options.save });
  const { values, base } = current;
  const dirty = isDirty ? isDirty(values, base) : !deepEqual(values, base);

  const setValues = useCallback((next: SetStateAction<V>) => {
    setState((s) => ({ ...s, values: typeof next === 'function' ? (next as (v: V) => V)(s.values) : next }));
  }, []);
  const set = useCallback(<K extends keyof V>(key: K, value: V[K]) => setValues((v) => ({ ...v, [key]: value })), [setValues]);
  const rebase = useCallback((next: V) => setState((s) => ({ ...s, base: next, values: next })), []);
  const reset = useCallback(() => {
    setState((s) => ({ ...s, values: s.base }));
    setFailure(NO_FAILURE);
  }, []);

  const saveAsync = async (): Promise<boolean> => {
    const rules = validate?.(values) ?? {};
    if (Object.keys(rules).length > 0) {
      setFailure({ message: null, fields: rules });
      onRefused?.(rules);
      return false;
    }
    setFailure(NO_FAILURE);
    let saved: R;
    try {
      saved = await mutation.mutateAsync(values);
    } catch (error) {
      const shown = failureOf(error);
      setFailure(onFailed?.(shown, error) ?? shown);
      return false;
    }
    setState((s) => ({ ...s, base: values }));
    if (toast) showToast(toast, 'success');
    await onSaved?.(saved, values);
    return true;
  };
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    void saveAsync();
  };

  const leave = useLeaveQuestion({ enabled: confirmLeave, dirty, save: saveAsync, restore: reset });

  return {
    values,
    base,
    setValues,
    set,
    rebase,
    reset,
    dirty,
    pending: mutation.isPending,
    failure,
    setFailure,
    errors: (name) => fieldMessages(failure.fields, name),
    saveAsync,
    submit,
    leavePrompt: leave.prompt,
    askToLeave: leave.ask,
    leaveUnasked: leave.leaveUnasked,
  };
}
