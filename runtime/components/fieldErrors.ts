import type { FieldError } from '../api/contract';

/** Collects messages per field path, in first-seen order, each message once per path. */
export function fieldErrors() {
  const byField = new Map<string, string[]>();
  return {
    add(field: string, message: string): void {
      const messages = byField.get(field) ?? [];
      if (!messages.includes(message)) messages.push(message);
      byField.set(field, messages);
    },
    addAll(errors: readonly FieldError[]): void {
      for (const e of errors) for (const m of e.messages) this.add(e.field, m);
    },
    list(): FieldError[] {
      return [...byField].map(([field, messages]) => ({ field, messages }));
    },
  };
}
