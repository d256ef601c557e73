import type { FieldError } from '../api/contract';
import { SCHEMA_ID, type ComponentSettings } from '../../schemas';
import { componentsAjv } from './componentsAjv';
import { ajvToFieldErrors } from './ajvToFieldErrors';
import { COMPONENT_MESSAGE } from './messageKeys';

export type SettingsValidation =
  | { ok: true; settings: ComponentSettings }
  | { ok: false; message: 'confNotValid'; errors: FieldError[] };


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
  return { ok: false, message: COMPONENT_MESSAGE.confNotValid, errors: ajvToFieldErrors(validate.errors) };
}
