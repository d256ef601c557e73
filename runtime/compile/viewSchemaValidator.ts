import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import { viewSchemaSchema, type ViewSchema } from '../../schemas';

let validate: ValidateFunction<ViewSchema> | undefined;

/** The compiled ajv check of a ViewSchema (viewSchemaSchema), made once. */
export function viewSchemaValidator(): ValidateFunction<ViewSchema> {
  if (!validate) {
    const ajv = new Ajv2020({ allErrors: true, strictTypes: false, strictRequired: false });
    validate = ajv.compile<ViewSchema>(viewSchemaSchema as object);
  }
  return validate;
}
