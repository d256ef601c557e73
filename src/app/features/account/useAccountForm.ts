// The controller of an account screen's form (register, invitation, reset, forgotten password, the
// two-factor step, a first project): its values, the messages at its fields and above its actions, and
// sending with the button busy meanwhile. The account screens read failures with problemOf (fields.tsx),
// which keeps the server's message parameters and the status some screens answer on. The profile's form
// is an admin form: it uses src/app/components/form/useFormPage.tsx.
import { useState } from 'react';
import { messagesOf, problemOf, type FieldMessageMap, type Problem } from './fields';

/** The messages of a call and its button's busy state (a form without values of its own uses it alone). */
export function useAccountCall() {
  const [fields, setFields] = useState<FieldMessageMap>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Shows the form's own problems and says whether there were any; `alert` (when given) replaces the message. */
  const refuse = (problems: Record<string, string[]>, alert?: string | null): boolean => {
    if (Object.keys(problems).length === 0) return false;
    setFields(messagesOf(problems));
    if (alert !== undefined) setMessage(alert);
    return true;
  };

  /** Sends with the old messages cleared and the button busy; a failure shows its messages unless `handle` takes it. */
  const send = async (call: () => Promise<unknown>, handle?: (problem: Problem) => boolean): Promise<void> => {
    setBusy(true);
    setFields({});
    setMessage(null);
    try {
      await call();
    } catch (error) {
      const problem = problemOf(error);
      if (!handle?.(problem)) {
        setFields(problem.fields);
        setMessage(problem.message);
      }
    } finally {
      setBusy(false);
    }
  };

  return { fields, setFields, message, setMessage, busy, setBusy, refuse, send };
}

export function useAccountForm<F extends object>(initial: F | (() => F)) {
  const [form, setForm] = useState<F>(initial);
  /** An input's onValue. */
  const set =
    <K extends keyof F>(key: K) =>
    (value: F[K]) =>
      setForm((f) => ({ ...f, [key]: value }));
  return { form, setForm, set, ...useAccountCall() };
}
