// fast-check arbitraries of component settings and field definitions (every built-in module/type and
// every type a plugin declared with declarePluginTypes), of compile inputs, and of plausible records:
// mostly sensible values, some arbitrary JSON (docs/testing-kit.md). Everything stays small so
// properties run fast.
import fc from 'fast-check';
import { defaultSettings, normaliseField } from '../../runtime/components/index';
import { declaredFieldType, fieldTypeTable } from '../../runtime/fieldTypes/index';
import { arbitraryFromSchema } from './json-schema';
import { FIELD_TYPES, type CompileInput, type ComponentSettings, type FieldDefinition, type FieldModule, type FieldType } from '../../schemas/index';

export const ROLE_POOL = ['role-a', 'role-b', 'role-c'] as const;
export const FIELD_PAIRS = Object.entries(FIELD_TYPES).flatMap(([module, types]) =>
  types.map((type) => [module, type] as [FieldModule, FieldType]),
);

/** Every module/type pair this process knows: the built-in ones, then those declarePluginTypes added. */
export function fieldPairs(): [FieldModule, FieldType][] {
  return Object.entries(fieldTypeTable()).flatMap(([module, types]) => types.map((type) => [module, type] as [FieldModule, FieldType]));
}

/** A module/type pair, the plugins' declared ones included (read when a value is drawn, so a later declaration counts). */
export const arbitraryFieldPair: fc.Arbitrary<[FieldModule, FieldType]> = fc.constant(null).chain(() => fc.constantFrom(...fieldPairs()));
export const arbitraryFieldKey = fc.stringMatching(/^[a-z][a-z0-9_]{1,8}$/);
const smallText = fc.string({ maxLength: 8 });
const labelMap = fc.dictionary(fc.constantFrom('en_US', 'sr', 'de'), smallText, { maxKeys: 3 });
const roleList = fc.option(fc.subarray([...ROLE_POOL]), { nil: null });
const smallInt = fc.integer({ min: -10, max: 40 });

const selectableItem = fc.oneof(
  smallText,
  smallInt,
  fc.record({ value: fc.oneof(smallText, smallInt, fc.boolean()), label: fc.oneof(smallText, labelMap) }, { requiredKeys: ['value'] }),
);

function customDataFor(module: FieldModule, type: FieldType): fc.Arbitrary<unknown> {
  // A plugin's type: its declared options schema (constraints.custom_data), or none.
  const declared = declaredFieldType(module, type);
  if (declared) return declared.declaration.options ? fc.option(arbitraryFromSchema(declared.declaration.options), { nil: null }) : fc.constant(null);
  switch (`${module}/${type}`) {
    case 'select/external':
      return fc.constantFrom('return []', 'return [{value: 1}]');
    case 'image/carousel':
      return fc.option(fc.record({ width: fc.integer({ min: 1, max: 2000 }), max_images: fc.integer({ min: 1, max: 6 }), controls: fc.boolean() }, { requiredKeys: [] }), { nil: null });
    case 'picker/datetime':
      return fc.option(fc.record({ minuteStep: fc.integer({ min: 1, max: 60 }), is12h: fc.boolean(), disablePastDates: fc.boolean() }, { requiredKeys: [] }), { nil: null });
    case 'picker/daterange':
      return fc.option(fc.record({ format: fc.constant('yyyy-mm-dd'), disableFutureDates: fc.boolean() }, { requiredKeys: [] }), { nil: null });
    case 'input/text_i18n':
    case 'text/editor_i18n':
      return fc.option(fc.record({ default_locale: fc.constantFrom('en_US', 'sr', null) }), { nil: null });
    case 'fieldset/default':
      return fc.uniqueArray(fc.tuple(arbitraryFieldKey, fc.constantFrom<[FieldModule, FieldType]>(['input', 'text'], ['input', 'number'], ['checkbox', 'bool'])), { maxLength: 3, selector: ([key]) => key })
        .map((subs) => subs.map(([key, [module, type]]) => normaliseField({ name: key, key, auto_key: false, module, type })));
    default:
      return fc.constant(null);
  }
}

export function arbitraryConstraints(module: FieldModule, type: FieldType): fc.Arbitrary<Record<string, unknown>> {
  return fc.record(
    {
      required: fc.boolean(),
      unique: fc.boolean(),
      hashed: fc.boolean(),
      default: fc.option(fc.oneof(smallText, smallInt, fc.boolean(), fc.jsonValue({ maxDepth: 1 })), { nil: null }),
      placeholder: smallText,
      length: fc.record({ min: fc.option(fc.integer({ min: 0, max: 10 }), { nil: null }), max: fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }) }),
      not_allowed_words: fc.oneof(smallText, fc.array(fc.constantFrom('foo', ' bar ', '$', '', 'x'), { maxLength: 4 }).map((words) => words.join(','))),
      regex: fc.option(fc.constantFrom('^[A-Z]', '\\d', '^.{0,5}$', '(', '[a-'), { nil: null }),
      selectables: fc.record(
        {
          items: fc.array(selectableItem, { maxLength: 6 }),
          custom: fc.boolean(),
          multiple: fc.boolean(),
          range: fc.option(fc.record({ from: fc.option(smallInt, { nil: null }), to: fc.option(smallInt, { nil: null }) }), { nil: null }),
        },
        { requiredKeys: [] },
      ),
      date: fc.record({ pattern: fc.option(fc.constant('YYYY-MM-DD'), { nil: null }), disable_past_dates: fc.boolean(), disable_future_dates: fc.boolean() }, { requiredKeys: [] }),
      custom_data: customDataFor(module, type),
    },
    { requiredKeys: [] },
  );
}

export function arbitraryField(key: string): fc.Arbitrary<FieldDefinition> {
  return arbitraryFieldPair.chain(([module, type]) =>
    fc
      .record({
        name: smallText,
        label: labelMap,
        description: smallText,
        sortOrder: fc.integer({ min: 0, max: 5 }),
        protected: fc.boolean(),
        unique: fc.boolean(),
        group: fc.constantFrom('general', 'address', 'billing', ''),
        roles: fc.record({ see: roleList, edit: roleList }),
        provided_template: fc.boolean(),
        template: fc.option(fc.constant('return value'), { nil: null }),
        mutators: fc.record({ get: fc.option(fc.constant('return value'), { nil: null }), set: fc.option(fc.constant('return value'), { nil: null }) }),
        relation: fc.option(
          fc.record({
            foreign: fc.option(fc.constant('shop/customers'), { nil: null }),
            foreign_uuid: fc.constant(null),
            key: fc.option(fc.constant<[string, string]>([key, 'uuid']), { nil: null }),
            type: fc.constantFrom('one-to-one' as const, 'one-to-many' as const, null),
          }),
          { nil: null },
        ),
        constraints: arbitraryConstraints(module, type),
      })
      .map((draft) => normaliseField({ ...draft, key, module, type, auto_key: false })),
  );
}

/** Component settings with up to 8 fields of every known module/type pair and assorted constraints. */
export const arbitrarySettings: fc.Arbitrary<ComponentSettings> = fc
  .uniqueArray(arbitraryFieldKey, { maxLength: 8 })
  .chain((keys) =>
    fc.record({
      fields: fc.tuple(...keys.map((key) => arbitraryField(key))),
      model: fc.record({ events: fc.constant<string[]>([]), disable: fc.boolean(), timestamps: fc.boolean(), cleanup_after: fc.constant(null) }),
      listKeys: fc.subarray([...keys, 'uuid', 'disabled_at', 'created_at', 'updated_at', 'nope']),
    }),
  )
  .map(({ fields, model, listKeys }) => ({
    ...defaultSettings('v1'),
    fields,
    model,
    list: {
      fields: listKeys.map((key, sortOrder) => ({ key, label: '', sortOrder, formatter: null, provided_template_component: false, component_template: null })),
    },
  }));

export const arbitraryCompileInput: fc.Arbitrary<CompileInput> = fc.record({
  component: fc.record({ uuid: fc.uuid(), ref: fc.constant('shop/orders'), name: fc.constant('orders'), label: labelMap }),
  locale: fc.constantFrom('en_US' as const, 'sr' as const),
  roles: fc.subarray([...ROLE_POOL]),
  isAdmin: fc.boolean(),
  page: fc.constantFrom('model_create' as const, 'model_edit' as const),
});
