import { describe, expect, it } from 'vitest';
import { compileViewSchema, viewSchemaValidator } from '../../../runtime/compile';
import { richSettings } from '../components/fixtures';
import { field, input, settingsWith } from './fixtures';

const compile = (fields: Parameters<typeof settingsWith>[0], patch: Parameters<typeof input>[0] = {}, settingsPatch = {}) =>
  compileViewSchema(settingsWith(fields, settingsPatch), input(patch));
const only = (...args: Parameters<typeof compile>) => compile(...args).fields[0]!;

describe('compileViewSchema: component and fields', () => {
  it('localizes the component label and carries the version', () => {
    const view = compile([], { locale: 'sr' });
    expect(view.component).toEqual({ uuid: input().component.uuid, ref: 'shop/orders', name: 'orders', version: 'v1', label: 'Porudžbine' });
  });

  it('the rich fixture compiles to a ViewSchema that validates against viewSchemaSchema', () => {
    const view = compileViewSchema(richSettings(), input());
    expect(viewSchemaValidator()(view), JSON.stringify(viewSchemaValidator().errors)).toBe(true);
  });

  it('orders fields by sortOrder, keeping the given order for ties', () => {
    const view = compile([field({ key: 'b', module: 'input', type: 'text', sortOrder: 2 }), field({ key: 'a', module: 'input', type: 'text', sortOrder: 1 }), field({ key: 'c', module: 'input', type: 'text', sortOrder: 1 })]);
    expect(view.fields.map((f) => f.key)).toEqual(['a', 'c', 'b']);
  });

  it('labels fall back from the locale to en_US to the name', () => {
    const fields = [
      field({ key: 'a', name: 'Alpha', module: 'input', type: 'text', label: { en_US: 'A en', sr: 'A sr' } }),
      field({ key: 'b', name: 'Beta', module: 'input', type: 'text', label: { en_US: 'B en' } }),
      field({ key: 'c', name: 'Gamma', module: 'input', type: 'text', label: {} }),
    ];
    expect(compile(fields, { locale: 'sr' }).fields.map((f) => f.label)).toEqual(['A sr', 'B en', 'Gamma']);
  });

  it('renderer is module/type', () => {
    expect(only([field({ key: 'a', module: 'picker', type: 'daterange' })]).renderer).toBe('picker/daterange');
  });
});

describe('compileViewSchema: options normalised once', () => {
  it('string fields: required false, empty placeholder, length null/null unless set', () => {
    const f = only([field({ key: 'a', module: 'text', type: 'default' })]);
    expect(f.options).toMatchObject({ required: false, placeholder: '', length: { min: null, max: null }, notAllowedWords: [], regex: null });
  });

  it('text and password inputs keep their length bounds', () => {
    expect(only([field({ key: 'a', module: 'input', type: 'text' })]).options.length).toEqual({ min: 1, max: 255 });
    expect(only([field({ key: 'a', module: 'input', type: 'password', constraints: { length: { min: 8, max: 64 } } })]).options.length).toEqual({ min: 8, max: 64 });
  });

  it('number inputs get min and max', () => {
    const f = only([field({ key: 'n', module: 'input', type: 'number', constraints: { length: { min: 1, max: 10 } } })]);
    expect([f.options.min, f.options.max]).toEqual([1, 10]);
    expect(f.validation).toEqual([{ rule: 'max', max: 10 }, { rule: 'min', min: 1 }]);
  });

  it('not_allowed_words are split on commas and trimmed, empty entries dropped', () => {
    expect(only([field({ key: 'a', module: 'input', type: 'text', constraints: { not_allowed_words: ' foo ,bar,, $ ,' } })]).options.notAllowedWords).toEqual(['foo', 'bar', '$']);
  });

  it('selectable items become {value, label}, labels localized', () => {
    const f = only([field({ key: 's', module: 'select', type: 'text', constraints: { selectables: { items: ['open', { value: 'closed', label: { en_US: 'Closed', sr: 'Zatvoreno' } }, 'open'] } } })], { locale: 'sr' });
    expect(f.options.items).toEqual([{ value: 'open', label: 'open' }, { value: 'closed', label: 'Zatvoreno' }]);
  });

  it('select number adds the integer range from..to to the items, sorted ascending', () => {
    const f = only([field({ key: 's', module: 'select', type: 'number', constraints: { selectables: { items: [10, '7', { value: 2, label: 'two' }], range: { from: 1.5, to: 4 } } } })]);
    expect(f.options.items.map((i) => i.value)).toEqual([2, 3, 4, 7, 10]);
    expect(f.options.items[0]).toEqual({ value: 2, label: 'two' });
  });

  it('custom_data is merged over the defaults of its type', () => {
    expect(only([field({ key: 'p', module: 'image', type: 'carousel', constraints: { custom_data: { width: 800, max_images: null } } })]).options.customData).toMatchObject({ width: 800, height: 480, interval: 0, max_images: 5 });
    expect(only([field({ key: 'p', module: 'picker', type: 'datetime' })]).options.customData).toEqual({ minuteStep: 1, format: 'yyyy-MM-dd HH:mm' });
    expect(only([field({ key: 't', module: 'input', type: 'text_i18n', constraints: { custom_data: { default_locale: 'sr' } } })]).options.customData).toEqual({ default_locale: 'sr' });
    expect(only([field({ key: 'x', module: 'select', type: 'external', constraints: { custom_data: 'return []' } })]).options.customData).toEqual({ expression: 'return []' });
  });

  it('a fieldset carries its compiled sub-fields', () => {
    const f = only([field({ key: 'lines', module: 'fieldset', type: 'default', constraints: { custom_data: [field({ key: 'qty', module: 'input', type: 'number' })] } })]);
    const subs = f.options.customData.fields as { key: string; renderer: string }[];
    expect(subs.map((s) => [s.key, s.renderer])).toEqual([['qty', 'input/number']]);
  });

  it('date options come from constraints.date', () => {
    const f = only([field({ key: 'd', module: 'picker', type: 'date', constraints: { date: { pattern: 'YYYY-MM-DD', disable_past_dates: true } } })]);
    expect(f.options.date).toEqual({ pattern: 'YYYY-MM-DD', disablePastDates: true, disableFutureDates: false });
  });

  it('defaultValue is coerced to the type, null when none', () => {
    expect(only([field({ key: 'n', module: 'input', type: 'number', constraints: { default: '12.5' } })]).defaultValue).toBe(12.5);
    expect(only([field({ key: 'c', module: 'checkbox', type: 'number', constraints: { default: '3' } })]).defaultValue).toEqual([3]);
    expect(only([field({ key: 't', module: 'input', type: 'text' })]).defaultValue).toBeNull();
    // An unticked yes/no checkbox is no (issue 29): false unless the field says otherwise.
    expect(only([field({ key: 'b', module: 'checkbox', type: 'bool' })]).defaultValue).toBe(false);
    expect(only([field({ key: 'b', module: 'checkbox', type: 'bool', constraints: { default: 'true' } })]).defaultValue).toBe(true);
  });

  it('mutators, template (only when provided_template) and relation', () => {
    const f = only([
      field({
        key: 'customer', module: 'select', type: 'relation', provided_template: true, template: 'return 1', mutators: { get: 'return value', set: null },
        relation: { foreign: 'shop/customers', foreign_uuid: null, key: ['customer', 'uuid'], type: 'one-to-many' },
      }),
    ]);
    expect(f.template).toBe('return 1');
    expect(f.mutators).toEqual({ get: 'return value', set: null });
    expect(f.relation).toEqual({ foreign: 'shop/customers', key: ['customer', 'uuid'], type: 'one-to-many' });
    expect(f.options.multiple).toBe(true);
    expect(only([field({ key: 'a', module: 'input', type: 'text', template: 'x', provided_template: false })]).template).toBeNull();
  });
});

describe('compileViewSchema: visibility and editability (spec section 6)', () => {
  const guarded = field({ key: 'secret', module: 'input', type: 'text', roles: { see: ['r-see'], edit: ['r-edit'] } });

  it('null or empty role lists mean everyone', () => {
    const f = only([field({ key: 'a', module: 'input', type: 'text', roles: { see: [], edit: null } })]);
    expect([f.visible, f.editable, f.readOnlyReason]).toEqual([true, true, null]);
  });

  it('a caller without a listed role neither sees nor edits', () => {
    const f = only([guarded], { roles: ['other'] });
    expect([f.visible, f.editable, f.readOnlyReason]).toEqual([false, false, 'role']);
  });

  it('a caller with a listed role sees or edits; admins pass', () => {
    expect(only([guarded], { roles: ['r-see'] })).toMatchObject({ visible: true, editable: false, readOnlyReason: 'role' });
    expect(only([guarded], { roles: ['r-edit', 'r-see'] })).toMatchObject({ visible: true, editable: true });
    expect(only([guarded], { isAdmin: true })).toMatchObject({ visible: true, editable: true });
  });

  it('a protected field is never editable on model_edit, even for admins', () => {
    const p = field({ key: 'p', module: 'input', type: 'text', protected: true });
    expect(only([p], { isAdmin: true, page: 'model_edit' })).toMatchObject({ editable: false, readOnlyReason: 'protected', protected: true });
    expect(only([p], { page: 'model_create' })).toMatchObject({ editable: true, readOnlyReason: null });
  });
});

describe('compileViewSchema: groups, columns, rjsf schemas', () => {
  it("groups: 'general' first, then in first-use order", () => {
    const view = compile([
      field({ key: 'a', module: 'input', type: 'text', group: 'address', sortOrder: 0 }),
      field({ key: 'b', module: 'input', type: 'text', group: 'billing', sortOrder: 1 }),
      field({ key: 'c', module: 'input', type: 'text', sortOrder: 2 }),
      field({ key: 'd', module: 'input', type: 'text', group: 'address', sortOrder: 3 }),
    ]);
    expect(view.groups).toEqual([{ id: 'general', label: 'General' }, { id: 'address', label: 'address' }, { id: 'billing', label: 'billing' }]);
  });

  it('columns default to the visible fields, the virtual columns the model offers and the uuid last', () => {
    const fields = [field({ key: 'a', module: 'input', type: 'text' }), field({ key: 'hidden', module: 'input', type: 'text', roles: { see: ['x'], edit: null } })];
    const view = compile(fields, {}, { model: { events: [], disable: true, timestamps: true, cleanup_after: null } });
    expect(view.columns.map((c) => [c.key, c.virtual])).toEqual([['a', false], ['disabled_at', true], ['created_at', true], ['updated_at', true], ['uuid', true]]);
    const plain = compile(fields, {}, { model: { events: [], disable: false, timestamps: false, cleanup_after: null } });
    expect(plain.columns.map((c) => c.key)).toEqual(['a', 'uuid']);
  });

  it('columns follow list.fields when set, dropping virtual columns the model does not offer', () => {
    const view = compile([field({ key: 'a', module: 'input', type: 'text', label: { en_US: 'Alpha' } })], {}, {
      list: { fields: [
        { key: 'disabled_at', label: '', sortOrder: 0, formatter: null, provided_template_component: false, component_template: null },
        { key: 'a', label: '', sortOrder: 2, formatter: 'return value', provided_template_component: false, component_template: null },
        { key: 'created_at', label: { en_US: 'Made' }, sortOrder: 1, formatter: null, provided_template_component: false, component_template: null },
      ] },
    });
    expect(view.columns).toEqual([
      { key: 'created_at', label: 'Made', virtual: true, sortable: true, formatter: null },
      { key: 'a', label: 'Alpha', virtual: false, sortable: true, formatter: 'return value' },
    ]);
  });

  it('jsonSchema: types per field, enum for selects, required list', () => {
    const view = compile([
      field({ key: 'name', module: 'input', type: 'text', constraints: { required: true, length: { min: 2, max: 10 } } }),
      field({ key: 'status', module: 'select', type: 'text', constraints: { selectables: { items: ['a', 'b'] } } }),
      field({ key: 'n', module: 'input', type: 'number' }),
      field({ key: 'pw', module: 'input', type: 'password', constraints: { required: true } }),
    ]);
    const props = view.jsonSchema.properties as Record<string, Record<string, unknown>>;
    expect(props.name).toMatchObject({ type: 'string', minLength: 2, maxLength: 10 });
    expect(props.status).toMatchObject({ type: 'string', enum: ['a', 'b'] });
    expect(props.n).toMatchObject({ type: 'number' });
    expect(view.jsonSchema.required).toEqual(['name', 'pw']);
    const edit = compile([field({ key: 'pw', module: 'input', type: 'password', constraints: { required: true } })], { page: 'model_edit' });
    expect(edit.jsonSchema.required).toEqual([]);
  });

  it('uiSchema: widget = renderer key, hidden when invisible, readonly when not editable', () => {
    const view = compile([
      field({ key: 'a', module: 'checkbox', type: 'bool' }),
      field({ key: 'b', module: 'input', type: 'text', roles: { see: ['x'], edit: ['x'] } }),
    ]);
    expect(view.uiSchema.a).toMatchObject({ 'ui:widget': 'checkbox/bool' });
    expect(view.uiSchema.b).toMatchObject({ 'ui:widget': 'hidden', 'ui:readonly': true });
  });
});

describe('passwords', () => {
  it('compiles every password input as hashed, so it is never stored or answered in clear', () => {
    expect(only([field({ key: 'secret', module: 'input', type: 'password' })]).hashed).toBe(true);
    expect(only([field({ key: 'title', module: 'input', type: 'text' })]).hashed).toBe(false);
  });
});
