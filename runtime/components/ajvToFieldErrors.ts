import type { ErrorObject } from 'ajv';
import type { FieldError } from '../api/contract';
import { fieldErrors } from './fieldErrors';
import { COMPONENT_MESSAGE as M } from './messageKeys';

function toPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

/**
 * ajv errors as field errors at JSON paths ('fields.2.key'), each with a message key:
 * missing -> identityField.requiredField, a value outside an enum -> invalidSelection,
 * too short -> cantBeLessThenChars, too long -> cantBeMoreThenChars (the same keys as the rules
 * beyond the schema give, on either side of a length range), anything else -> invalidInput. Errors inside anyOf branches,
 * inside propertyNames and the 'if' of if/then are folded into the error of the enclosing keyword.
 */
export function ajvToFieldErrors(ajvErrors: readonly ErrorObject[] | null | undefined): FieldError[] {
  const errors = fieldErrors();
  for (const e of ajvErrors ?? []) {
    if (e.keyword === 'if' || e.propertyName !== undefined || /\/anyOf\/\d+\//.test(e.schemaPath)) continue;
    const path = toPath(e.instancePath);
    if (e.keyword === 'required') errors.add(join(path, String(e.params.missingProperty)), M.requiredField);
    else if (e.keyword === 'additionalProperties') errors.add(join(path, String(e.params.additionalProperty)), M.invalidInput);
    else if (e.keyword === 'propertyNames') errors.add(join(path, String(e.params.propertyName)), M.invalidInput);
    else if (e.keyword === 'enum' || e.keyword === 'const') errors.add(path, M.invalidSelection);
    else if (e.keyword === 'minLength') errors.add(path, M.cantBeLessThenChars);
    else if (e.keyword === 'maxLength') errors.add(path, M.cantBeMoreThenChars);
    else errors.add(path, M.invalidInput);
  }
  return errors.list();
}
