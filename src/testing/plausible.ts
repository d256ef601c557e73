// Plausible records for a compiled view: for each field, mostly values of its kind (its items, text,
// numbers, dates...; a plugin's type: values its schema accepts and refuses), some arbitrary JSON.
// For properties that must hold whatever a caller sends (the server's 417 is the runtime's verdict).
import fc from 'fast-check';
import { declaredFieldType } from '../../runtime/fieldTypes/index';
import type { CompileInput, ComponentSettings, ViewField, ViewSchema } from '../../schemas/index';
import { arbitraryFromSchema, arbitraryRefusedBySchema } from './json-schema';
import { arbitraryCompileInput, arbitrarySettings } from './settings';

const smallText = fc.string({ maxLength: 8 });
const smallInt = fc.integer({ min: -10, max: 40 });

/** Plausible values of a field (its items, text, numbers, dates...) mixed with arbitrary JSON. */
export function arbitraryValueFor(field: ViewField): fc.Arbitrary<unknown> {
  const items = field.options.items.map((item) => item.value);
  const item = items.length > 0 ? fc.constantFrom(...items) : smallText;
  const text = fc.oneof(smallText, fc.constantFrom('Abc', 'foo bar', '$5', '12', 'a@b.co', '', '__PASSWORD__'));
  const declared = declaredFieldType(field.module, field.type);
  const plausible = ((): fc.Arbitrary<unknown> => {
    if (declared) return fc.oneof(arbitraryFromSchema(declared.declaration.value), arbitraryRefusedBySchema(declared.declaration.value));
    switch (field.renderer) {
      case 'input/number':
        return fc.oneof(smallInt, fc.double({ noNaN: true, min: -100, max: 100 }), fc.constantFrom('12.5', 'abc', ''));
      case 'input/text_i18n':
      case 'text/editor_i18n':
        return fc.record({ locales: fc.dictionary(fc.constantFrom('en_US', 'sr'), text) });
      case 'select/text':
      case 'select/number':
      case 'radio/text':
      case 'radio/number':
        return field.options.multiple ? fc.array(item, { maxLength: 3 }) : fc.oneof(item, item.map(String));
      case 'checkbox/text':
      case 'checkbox/number':
        return fc.array(fc.oneof(item, item.map(String), smallInt), { maxLength: 5 });
      case 'checkbox/bool':
        return fc.oneof(fc.boolean(), fc.constantFrom('true', 'false'));
      case 'picker/date':
        return fc.oneof(fc.constantFrom('2024-02-29', '2023-02-29', '2025-12-31', ''), smallText);
      case 'picker/time':
        return fc.constantFrom('08:30', '23:59:59', '24:00', '');
      case 'image/carousel':
        return fc.array(smallText, { maxLength: 7 });
      case 'data/json':
        return fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom('{"a":1}', '{a:', '[]'));
      default:
        return text;
    }
  })();
  return fc.oneof({ weight: 4, arbitrary: plausible }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) });
}

/** A record's data for a compiled view: some fields missing, the others plausible or arbitrary. */
export function arbitraryRecordFor(view: ViewSchema): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.fromEntries(view.fields.map((field) => [field.key, arbitraryValueFor(field)]));
  return fc.record(entries, { requiredKeys: [] }) as fc.Arbitrary<Record<string, unknown>>;
}

/** A compiled view with a record for it: the pair most properties need. */
export const arbitraryViewAndRecord = (compile: (settings: ComponentSettings, input: CompileInput) => ViewSchema) =>
  fc
    .tuple(arbitrarySettings, arbitraryCompileInput)
    .map(([settings, input]) => ({ settings, input, view: compile(settings, input) }))
    .chain(({ settings, input, view }) => arbitraryRecordFor(view).map((data) => ({ settings, input, view, data })));
