// The validator @rjsf/core asks, without compiling schemas: the browser's Content-Security-Policy
// forbids eval (src/server/platform/security.ts), which ajv's compile (and so @rjsf/validator-ajv8)
// needs. The form shows no errors of its own: the field rules and the server (ajv, the same schemas)
// answer on Add and on Save. isValid, which rjsf uses to choose among anyOf/oneOf branches, checks
// type, const and enum, enough to tell the branches of the options' schemas apart.
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';

const typeOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;

/** Whether `value` fits the schema's type, const and enum (an integer also fits 'number'). */
export function fitsShape(schema: RJSFSchema, value: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return true;
  if ('const' in schema && schema.const !== value) return false;
  if (Array.isArray(schema.enum) && !schema.enum.includes(value as never)) return false;
  if (schema.type === undefined) return true;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const actual = typeOf(value);
  return types.includes(actual) || (actual === 'integer' && types.includes('number'));
}

export const optionsValidator: ValidatorType = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  toErrorList: () => [],
  isValid: (schema, formData) => fitsShape(schema, formData),
  rawValidation: () => ({ errors: undefined, validationError: undefined }),
};
