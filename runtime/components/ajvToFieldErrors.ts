import type { ErrorObject } from 'ajv';
import type { FieldError } from '../api/contract';
import { fieldErrors } from './fieldErrors';
import { COMPONENT_MESSAGE as M } from './messageKeys';
import { PATTERN_RULE } from './nameRules';

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

/** The value at a JSON pointer of the validated data (undefined when it is not there). */
function valueAt(data: unknown, pointer: string): unknown {
  let value = data;
  for (const part of pointer.split('/').slice(1)) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return value;
}

/** The message key of one ajv error: the rule a name pattern stands for, the side of a length range, ... */
function messageOf(e: ErrorObject, data: unknown): string {
  if (e.keyword === 'enum' || e.keyword === 'const') return M.invalidSelection;
  // An empty text where one is required is missing, not short (spec section 5: "Name: required, min 2").
  if (e.keyword === 'minLength') return e.propertyName === undefined && valueAt(data, e.instancePath) === '' ? M.requiredField : M.cantBeLessThenChars;
  if (e.keyword === 'maxLength') return M.cantBeMoreThenChars;
  if (e.keyword === 'pattern') return PATTERN_RULE[String(e.params.pattern)] ?? M.invalidInput;
  return M.invalidInput;
}

/**
 * ajv errors as field errors at JSON paths ('fields.2.key'), each with a message key:
 * missing or empty text -> identityField.requiredField, a value outside an enum -> invalidSelection,
 * too short -> cantBeLessThenChars, too long -> cantBeMoreThenChars (the same keys as the rules
 * beyond the schema give, on either side of a length range), a name pattern -> the rule it stands
 * for (componentNameRule, versionNameRule, routePathRule), anything else -> invalidInput. A refused
 * property name (a route path) is reported at its own path with the message of the rule it broke.
 * Errors inside anyOf branches and the 'if' of if/then are folded into the error of the enclosing keyword.
 */
export function ajvToFieldErrors(ajvErrors: readonly ErrorObject[] | null | undefined, data?: unknown): FieldError[] {
  const errors = fieldErrors();
  const namesReported = new Set<string>();
  for (const e of ajvErrors ?? []) {
    if (e.keyword === 'if' || /\/anyOf\/\d+\//.test(e.schemaPath)) continue;
    const path = toPath(e.instancePath);
    if (e.propertyName !== undefined) {
      const at = join(path, e.propertyName);
      errors.add(at, messageOf(e, data));
      namesReported.add(at);
    } else if (e.keyword === 'required') errors.add(join(path, String(e.params.missingProperty)), M.requiredField);
    else if (e.keyword === 'additionalProperties') errors.add(join(path, String(e.params.additionalProperty)), M.invalidInput);
    else if (e.keyword === 'propertyNames') {
      const at = join(path, String(e.params.propertyName));
      if (!namesReported.has(at)) errors.add(at, M.invalidInput);
    } else errors.add(path, messageOf(e, data));
  }
  return errors.list();
}
