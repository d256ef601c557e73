import Ajv2020 from 'ajv/dist/2020.js';
import { COMPONENT_SCHEMAS, fieldDefinitionSchema, fieldDefinitionSchemaFor } from '../../schemas';
import { fieldTypeTable } from '../fieldTypes/catalogue';

let instance: Ajv2020 | undefined;
let builtFor: ReturnType<typeof fieldTypeTable> | undefined;

/**
 * The one ajv instance holding every components schema (they refer to each other by $id), with the
 * field definition built for the field types known now (built-in and declared by plugins; made
 * again after a new declaration). useDefaults fills missing parts, so a validated model always has
 * every part; callers validate a copy. strictTypes is off: the if/then pairs of
 * field-definition.schema name no type on purpose.
 */
export function componentsAjv(): Ajv2020 {
  const types = fieldTypeTable();
  if (!instance || builtFor !== types) {
    instance = new Ajv2020({ allErrors: true, useDefaults: true, strictTypes: false, strictRequired: false });
    for (const schema of COMPONENT_SCHEMAS) instance.addSchema((schema === fieldDefinitionSchema ? fieldDefinitionSchemaFor(types) : schema) as object);
    builtFor = types;
  }
  return instance;
}
