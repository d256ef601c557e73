import type { FieldError } from '../api/contract';
import { SCHEMA_ID, type ComponentSettings } from '../../schemas';
import { componentsAjv } from './componentsAjv';
import { ajvToFieldErrors } from './ajvToFieldErrors';
import { COMPONENT_MESSAGE } from './messageKeys';
import { NAME_RULE } from './nameRules';

export type SettingsValidation =
  | { ok: true; settings: ComponentSettings }
  | { ok: false; message: 'confNotValid' | 'fieldsNotValid'; errors: FieldError[] };

/** The messages of the name and length rules: whoever finds them, the schema or the rules. */
const RULE_MESSAGES = new Set<string>([...Object.values(NAME_RULE), COMPONENT_MESSAGE.cantBeLessThenChars, COMPONENT_MESSAGE.cantBeMoreThenChars]);
const NAMED_PART = /(?:^|\.)(?:name|key)$/;

/**
 * A broken name rule is a field error whoever finds it (spec section 5: a field whose name or key
 * breaks its rule is 'fields not valid'): when every error the schema found is one (a key, a route
 * path, a name too short or too long, an empty or missing name or key), the answer is fieldsNotValid,
 * as the rules beyond the schema answer it; anything else the schema refuses is confNotValid.
 */
function settingsMessage(errors: readonly FieldError[]): 'confNotValid' | 'fieldsNotValid' {
  const rule = (error: FieldError) =>
    error.messages.every((message) => RULE_MESSAGES.has(message) || (message === COMPONENT_MESSAGE.requiredField && NAMED_PART.test(error.field)));
  return errors.length > 0 && errors.every(rule) ? COMPONENT_MESSAGE.fieldsNotValid : COMPONENT_MESSAGE.confNotValid;
}


/**
 * One version's model against component-settings.schema (ajv, compiled once). On success the
 * settings come back with every missing part at its default; the input is never changed.
 * The rules beyond the schema are checkSettingsRules.
 */
export function validateSettings(value: unknown): SettingsValidation {
  // Asked each time (ajv keeps it compiled): the instance is made again when plugins declare field types.
  const validate = componentsAjv().getSchema(SCHEMA_ID.componentSettings)!;
  let copy: unknown;
  try {
    copy = structuredClone(value);
  } catch {
    return { ok: false, message: COMPONENT_MESSAGE.confNotValid, errors: [{ field: '', messages: [COMPONENT_MESSAGE.invalidInput] }] };
  }
  if (validate(copy)) return { ok: true, settings: copy as ComponentSettings };
  const errors = ajvToFieldErrors(validate.errors, copy);
  return { ok: false, message: settingsMessage(errors), errors };
}
