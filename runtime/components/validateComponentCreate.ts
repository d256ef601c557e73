import type { FieldError } from '../api/contract';
import { SCHEMA_ID, type ComponentCreate } from '../../schemas';
import { componentsAjv } from './componentsAjv';
import { ajvToFieldErrors } from './ajvToFieldErrors';
import { sanitizeScope } from './sanitizeScope';
import { sanitizeTag } from './sanitizeTag';


/**
 * The body of POST /v3/system/component against component-create.schema; on success scope and
 * tag come back sanitised (empty becomes null) and label as a per-locale map.
 * Name uniqueness in its scope (componentExists) needs the database: the server checks it.
 */
export function validateComponentCreate(
  value: unknown,
): { ok: true; body: ComponentCreate & { label: Record<string, string> } } | { ok: false; message: 'fieldsNotValid'; errors: FieldError[] } {
  // Asked each time (ajv keeps it compiled): the instance is made again when plugins declare field types.
  const validate = componentsAjv().getSchema(SCHEMA_ID.componentCreate)!;
  const copy: unknown = typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : value;
  if (!validate(copy)) return { ok: false, message: 'fieldsNotValid', errors: ajvToFieldErrors(validate.errors, copy) };
  const body = copy as ComponentCreate;
  const scope = body.scope ? sanitizeScope(body.scope) : '';
  const tag = body.tag ? sanitizeTag(body.tag) : '';
  const label = typeof body.label === 'string' ? (body.label ? { en_US: body.label } : {}) : body.label;
  return { ok: true, body: { ...body, label, scope: scope || null, tag: tag || null } };
}
