// Collects the problems of one query; 403 'fieldNotVisible' when every problem is a field the caller
// may not see, else 400 'badRequest'.
import type { FieldError } from '../api/contract';
import { QUERY_MESSAGE, type Refusal } from './types';

export class Problems {
  readonly errors: FieldError[] = [];
  #onlyVisibility = true;

  add(field: string, message: string, values: Record<string, string | number> | null = null): void {
    if (message !== QUERY_MESSAGE.fieldNotVisible) this.#onlyVisibility = false;
    if (this.errors.length >= 20) return;
    const existing = this.errors.find((error) => error.field === field);
    if (existing) {
      if (existing.messages.includes(message)) return;
      existing.messages.push(message);
      existing.values!.push(values);
      return;
    }
    this.errors.push({ field, messages: [message], values: [values] });
  }

  get empty(): boolean {
    return this.errors.length === 0;
  }

  refusal(): Refusal {
    return this.#onlyVisibility
      ? { status: 403, message: 'fieldNotVisible', errors: this.errors }
      : { status: 400, message: 'badRequest', errors: this.errors };
  }
}

/** A path lookup failure as a problem at `at`. */
export function pathProblem(problems: Problems, at: string, reason: 'unknown' | 'notVisible', path: unknown): void {
  const shown = typeof path === 'string' ? path.slice(0, 100) : '';
  problems.add(at, reason === 'notVisible' ? QUERY_MESSAGE.fieldNotVisible : QUERY_MESSAGE.unknownField, { path: shown });
}
