import { describe, expect, it } from 'vitest';
import { checkSettingsRules, defaultSettings, validateSettings } from '../../../runtime/components';
import { richSettings, field } from './fixtures';

const fieldsOf = (r: ReturnType<typeof validateSettings>) => (r.ok ? [] : r.errors.map((e) => e.field));
const messagesAt = (r: ReturnType<typeof validateSettings>, path: string) =>
  r.ok ? [] : (r.errors.find((e) => e.field === path)?.messages ?? []);

describe('validateSettings', () => {
  it('accepts defaultSettings as they are', () => {
    const result = validateSettings(defaultSettings('v1'));
    expect(result.ok).toBe(true);
  });

  it('fills every missing part with its default (so {version} alone equals defaultSettings)', () => {
    const result = validateSettings({ version: 'v1' });
    expect(result).toEqual({ ok: true, settings: defaultSettings('v1') });
  });

  it('accepts a rich valid model with many field modules, and it passes the rules too', () => {
    const model = richSettings();
    const result = validateSettings(model);
    expect(result.ok ? [] : result.errors).toEqual([]);
    expect(checkSettingsRules(model)).toEqual([]);
  });

  it("accepts a preset's list layout and refuses a malformed one (the settings update validates the same way)", () => {
    const withLayout = (layout: unknown) =>
      validateSettings({ version: 'v1', presets: [{ name: 'Lean', roles: null, context: { default: false, expr: null, filters: { dateField: 'created_at', layout } } }] });
    expect(withLayout({ order: ['title', 'uuid'], hidden: ['uuid'], widths: { title: 240 }, density: 'compact' }).ok).toBe(true);
    expect(withLayout({ order: ['title'], density: 'roomy' }).ok).toBe(false);
    expect(withLayout({ widths: { title: 5 } }).ok).toBe(false);
    expect(withLayout({ hidden: 'title' }).ok).toBe(false);
    expect(withLayout({ order: [], colour: 'red' }).ok).toBe(false);
  });

  it('never changes its input', () => {
    const input = { version: 'v1', fields: [{ name: 'A b', key: 'a_b', module: 'input', type: 'text' }] };
    const copy = structuredClone(input);
    validateSettings(input);
    expect(input).toEqual(copy);
  });

  it('rejects garbage with confNotValid and errors at JSON paths', () => {
    for (const garbage of [null, 42, 'x', [], {}]) {
      const result = validateSettings(garbage);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toBe('confNotValid');
    }
    expect(messagesAt(validateSettings({}), 'version')).toEqual(['identityField.requiredField']);
  });

  it('points at the failing paths', () => {
    const model = {
      ...defaultSettings('v1'),
      fields: [
        field({ name: 'ok field', module: 'input', type: 'text' }),
        { ...field({ name: 'bad pair', module: 'input', type: 'text' }), type: 'carousel' },
        { ...field({ name: 'no module', module: 'input', type: 'text' }), module: 'widget' },
        { ...field({ name: 'extra', module: 'input', type: 'text' }), surprise: true },
        { name: 'missing', module: 'input', type: 'text' },
        7,
      ],
      model: { events: [], disable: 'no', timestamps: true, cleanup_after: null },
      routes: { 'Has Upper': { code: '' } },
      unknownPart: 1,
    };
    const result = validateSettings(model);
    expect(result.ok).toBe(false);
    expect(messagesAt(result, 'fields.1.type')).toEqual(['invalidSelection']);
    expect(messagesAt(result, 'fields.2.module')).toEqual(['invalidSelection']);
    expect(messagesAt(result, 'fields.3.surprise')).toEqual(['invalidInput']);
    expect(messagesAt(result, 'fields.4.key')).toEqual(['identityField.requiredField']);
    expect(messagesAt(result, 'fields.5')).toEqual(['invalidInput']);
    expect(messagesAt(result, 'model.disable')).toEqual(['invalidInput']);
    expect(messagesAt(result, 'routes.Has Upper')).toEqual(['routePathRule']);
    expect(messagesAt(result, 'unknownPart')).toEqual(['invalidInput']);
    expect(fieldsOf(result)).not.toContain('fields.0.name');
  });

  it('rejects over-long names and a bad version name', () => {
    const long = 'x'.repeat(200);
    const result = validateSettings({ ...defaultSettings('v 1'), fields: [{ ...field({ name: 'ok', module: 'input', type: 'text' }), name: long }] });
    expect(messagesAt(result, 'version')).toEqual(['versionNameRule']);
    expect(messagesAt(result, 'fields.0.name')).toEqual(['cantBeMoreThenChars']);
    const action = validateSettings({ ...defaultSettings('v1'), actions: [{ name: 'An action name that is far too long', fields: [] }] });
    expect(messagesAt(action, 'actions.0.name')).toEqual(['cantBeMoreThenChars']);
  });

  it('checks custom_data by module and type', () => {
    const carousel = (custom_data: unknown) =>
      validateSettings({ ...defaultSettings('v1'), fields: [{ ...field({ name: 'pics', module: 'image', type: 'carousel' }), constraints: { custom_data } }] });
    expect(carousel(null).ok).toBe(true);
    expect(carousel({ width: 1024, max_images: 5 }).ok).toBe(true);
    expect(carousel({ width: 'wide' }).ok).toBe(false);
    expect(fieldsOf(carousel('nope'))).toContain('fields.0.constraints.custom_data');
    const external = (custom_data: unknown) =>
      validateSettings({ ...defaultSettings('v1'), fields: [{ ...field({ name: 'ext', module: 'select', type: 'external' }), constraints: { custom_data } }] });
    expect(external('return fetch()').ok).toBe(true);
    expect(external({ expr: 1 }).ok).toBe(false);
    const fieldset = validateSettings({
      ...defaultSettings('v1'),
      fields: [{ ...field({ name: 'rows', module: 'fieldset', type: 'default' }), constraints: { custom_data: [{ name: 'sub' }] } }],
    });
    expect(fieldsOf(fieldset)).toContain('fields.0.constraints.custom_data.0.key');
  });

  it('allows only input, select, radio, checkbox and picker in action fields', () => {
    const model = { ...defaultSettings('v1'), actions: [{ name: 'Go', fields: [field({ name: 'body', module: 'text', type: 'editor' })] }] };
    expect(fieldsOf(validateSettings(model))).toContain('actions.0.fields.0.module');
  });
});
