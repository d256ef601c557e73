// The wire schemas of runtime/api/schemas (docs/api.md): the error shape's const equals the JSON file
// clients and tests read, and every reply schema compiles (ajv, draft 2020-12).
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import errorJson from '../../schemas/api-error.schema.json';
import * as schemas from '../../runtime/api/schemas';

describe('API schemas', () => {
  it('keeps the error shape const and api-error.schema.json equal', () => {
    expect(JSON.parse(JSON.stringify(schemas.apiErrorSchema))).toEqual(errorJson);
  });

  it('compiles every exported schema', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema(schemas.apiErrorSchema);
    for (const [name, value] of Object.entries(schemas)) {
      if (typeof value !== 'object' || value === null || name === 'apiErrorSchema') continue;
      expect(() => ajv.compile(value), name).not.toThrow();
    }
  });

  it('allows a record with its data and refuses one without its meta keys', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const validate = ajv.compile(schemas.recordSchema);
    const meta = { uuid: 'u', __version__: 1, created_by: null, created_at: 't', updated_by: null, updated_at: 't', deleted_at: null, disabled_at: null };
    expect(validate({ ...meta, title: 'kept', nested: { a: 1 } })).toBe(true);
    expect(validate({ title: 'no meta' })).toBe(false);
  });
});
