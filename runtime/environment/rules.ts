// The rules of a global variable (docs/user-code.md "context.env"), shared by the screen and the
// server: the name is an identifier (so `context.env.NAME` reads it), the value is bounded text.
import type { FieldError } from '../api/contract';
import { VARIABLE_MESSAGE } from '../api/environment';

export const VARIABLE_LIMITS = {
  nameMax: 64,
  valueMax: 8192,
  /** Variables per project and environment: every script gets all of them, so they stay few. */
  perEnv: 100,
} as const;

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Names that would read as an object's machinery in a script rather than a variable. */
const RESERVED = new Set(['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'valueOf']);

/** The message key of a name's fault, or null when it is valid. */
export function variableNameProblem(value: unknown): { message: string; values?: Record<string, number> } | null {
  if (value === undefined || value === null || value === '') return { message: 'identityField.requiredField' };
  if (typeof value !== 'string') return { message: VARIABLE_MESSAGE.nameInvalid };
  if (value.length > VARIABLE_LIMITS.nameMax) return { message: 'cantBeMoreThenChars', values: { max: VARIABLE_LIMITS.nameMax } };
  if (!NAME.test(value)) return { message: VARIABLE_MESSAGE.nameInvalid };
  if (RESERVED.has(value)) return { message: VARIABLE_MESSAGE.nameReserved };
  return null;
}

/** The message key of a value's fault, or null when it is valid (empty text is a valid value). */
export function variableValueProblem(value: unknown): { message: string; values?: Record<string, number> } | null {
  if (value === undefined || value === null) return { message: 'identityField.requiredField' };
  if (typeof value !== 'string' || value.includes('\u0000')) return { message: 'invalid' };
  if (value.length > VARIABLE_LIMITS.valueMax) return { message: 'cantBeMoreThenChars', values: { max: VARIABLE_LIMITS.valueMax } };
  return null;
}

export interface VariableInput {
  name?: unknown;
  value?: unknown;
  secret?: unknown;
}

/**
 * The field errors of a create (`partial` false: name and value required) or an update (only what is
 * given is checked). A secret turned into a plain variable needs a new value: its old one stays unread.
 */
export function variableErrors(input: VariableInput, options: { partial: boolean; wasSecret?: boolean }): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: string, problem: { message: string; values?: Record<string, number> } | null) => {
    if (problem) errors.push(problem.values ? { field, messages: [problem.message], values: [problem.values] } : { field, messages: [problem.message] });
  };
  if (!options.partial || input.name !== undefined) add('name', variableNameProblem(input.name));
  if (!options.partial || input.value !== undefined) add('value', variableValueProblem(input.value));
  if (input.secret !== undefined && typeof input.secret !== 'boolean') add('secret', { message: 'invalid' });
  if (options.wasSecret && input.secret === false && input.value === undefined) add('value', { message: VARIABLE_MESSAGE.secretNeedsValue });
  return errors;
}
