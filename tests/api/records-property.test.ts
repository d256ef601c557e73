// Property (docs/records.md "Validation"): for generated settings and records, the server's answer
// to a create is the runtime's verdict for the same compiled ViewSchema: 417 with exactly
// validateRecord's list when it reports anything, else 200 with the record stored; a `__proto__` key is the body parser's 400. Never a 500.
// 25 cases locally, 100 under CI (property-runs.ts); a reported failure replays with
// LUMA_PROPERTY_SEED and LUMA_PROPERTY_PATH.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { compileViewSchema } from '../../runtime/compile';
import { validateRecord } from '../../runtime/validation';
import type { CompileInput, ComponentSettings } from '../../schemas';
import { arbitraryRecordFor, arbitrarySettings } from '../../src/testing/index';
import { componentApi, recordApi } from './fixtures';
import { DB_KIND, describeApi, login, useServer } from './harness';
import { propertyRuns } from './property-runs';

/** A `__proto__` key anywhere in the record's JSON (an own key: JSON.parse makes them, a generator may too). */
const PROTO_KEY = /"__proto__"\s*:/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Generated settings the server stores as they are for this property: no relations (another component), no unique fields (other records). */
function storable(settings: ComponentSettings): ComponentSettings {
  return {
    ...settings,
    fields: settings.fields.map((field) => ({
      ...field,
      name: field.key,
      unique: false,
      relation: null,
      constraints: { ...field.constraints, unique: false },
    })),
  };
}

const runs = propertyRuns(25);

describeApi(`records: the API's 417 is validateRecord's verdict (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  let admin = '';
  const api = componentApi(app, () => admin, 'dev');
  const records = recordApi(app, () => admin, 'dev');

  it('for generated settings and records, create answers exactly the runtime\'s errors (admin, model_create)', async () => {
    admin = await login(app());
    const uuid = (await api.create({ name: 'generated', label: { en_US: 'Generated' } })).json().uuid as string;
    const model = (await api.settings(uuid, 'v1')).json();
    const input = (settings: ComponentSettings): CompileInput => ({
      component: { uuid, ref: uuid, name: 'generated', label: { en_US: 'Generated' } },
      locale: 'en_US',
      roles: [],
      isAdmin: true,
      page: 'model_create',
    });
    const cases = arbitrarySettings
      .map(storable)
      .chain((settings) => arbitraryRecordFor(compileViewSchema(settings, input(settings))).map((data) => ({ settings, data })));

    let checked = 0;
    await fc.assert(
      fc.asyncProperty(cases, async ({ settings, data }) => {
        const text = JSON.stringify(data);
        fc.pre(!text.includes('\\u0000') && !LONE_SURROGATE.test(text));
        const saved = await api.save(uuid, 'v1', { ...model, settings: { ...settings, version: 'v1' } });
        // Settings the component rules refuse (e.g. every field hashed) are not this property's subject.
        fc.pre(saved.statusCode === 200);
        const view = compileViewSchema(saved.json().settings, input(saved.json().settings));
        const expected = validateRecord(view, data, { page: 'model_create' });
        const response = await records.create(uuid, data);
        if (PROTO_KEY.test(text)) {
          // The body parser refuses a `__proto__` key anywhere in a body before any rule runs (docs/STATUS.md).
          expect(response.statusCode, response.body).toBe(400);
          expect(response.json().message).toBe('badRequest');
        } else if (expected.length > 0) {
          expect(response.statusCode, response.body).toBe(417);
          expect(response.json().message).toBe('fieldsNotValid');
          expect(response.json().errors).toEqual(expected);
        } else {
          expect(response.statusCode, response.body).toBe(200);
          const stored = await records.get(uuid, response.json().uuid);
          expect(stored.statusCode).toBe(200);
        }
        checked += 1;
      }),
      runs,
    );
    expect(checked).toBeGreaterThan(0);
    // A case is a settings save and a create or two: about a second each on a busy machine, with room.
  }, 30_000 + runs.numRuns * 3_000);
});
