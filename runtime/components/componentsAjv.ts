import Ajv2020 from 'ajv/dist/2020';
import { COMPONENT_SCHEMAS } from '../../schemas';

let instance: Ajv2020 | undefined;

/**
 * The one ajv instance holding every components schema (they refer to each other by $id).
 * useDefaults fills missing parts, so a validated model always has every part; callers validate
 * a copy. strictTypes is off: the if/then pairs of field-definition.schema name no type on purpose.
 */
export function componentsAjv(): Ajv2020 {
  if (!instance) {
    instance = new Ajv2020({ allErrors: true, useDefaults: true, strictTypes: false, strictRequired: false });
    for (const schema of COMPONENT_SCHEMAS) instance.addSchema(schema as object);
  }
  return instance;
}
