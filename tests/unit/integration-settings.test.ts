// The rules every integration's settings meet on both sides (runtime/integrations/settings.ts), the
// activation codes of paid integrations (src/server/integrations/activation.ts) and required
// onboarding (runtime/integrations/onboarding.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Integration, IntegrationSettingsSchema } from '../../runtime/api/integrations';
import { INTEGRATION_CATALOGUE } from '../../runtime/integrations/catalogue';
import { isOnboardingPaused, requiredOnboarding } from '../../runtime/integrations/onboarding';
import { judgeSettings, keepSecrets, looksSecret, secretSettingKeys, secretsSet, withoutSecrets } from '../../runtime/integrations/settings';
import { activationCodeFor, isValidActivationCode } from '../../src/server/integrations/activation';
import { issueActivationCode } from '../../src/server/integrations/activation-code';

const schema: IntegrationSettingsSchema = {
  type: 'object',
  properties: { url: { type: 'string', title: 'URL', format: 'uri' }, n: { type: 'integer', title: 'N', minimum: 1, maximum: 9 }, on: { type: 'boolean', title: 'On' } },
  required: ['url'],
  additionalProperties: false,
};

describe('judgeSettings', () => {
  it('keeps declared valid values, drops null and empty, refuses the rest at settings.{key}', () => {
    expect(judgeSettings(schema, { url: 'https://x.test', n: 3, on: false, ignored: undefined }).errors).toEqual([{ field: 'settings.ignored', messages: ['integrationSettingUnknown'] }]);
    expect(judgeSettings(schema, { url: '', n: null })).toEqual({ settings: {}, errors: [] });
    expect(judgeSettings(schema, { url: 'javascript:alert(1)', n: 2.5, on: 'yes' }).errors.map((e) => e.messages[0])).toEqual(['invalidInput', 'invalidNumber', 'invalidInput']);
    expect(judgeSettings(schema, JSON.parse('{"__proto__": 1}')).errors).toEqual([{ field: 'settings.__proto__', messages: ['integrationSettingUnknown'] }]);
    expect(judgeSettings(schema, {}, true).errors).toEqual([{ field: 'settings.url', messages: ['identityField.requiredField'] }]);
    expect(judgeSettings(schema, []).errors).toEqual([{ field: 'settings', messages: ['invalidInput'] }]);
  });

  it('every catalogue entry declares a closed schema whose required keys are properties', () => {
    for (const entry of INTEGRATION_CATALOGUE) {
      expect(entry.settings_schema.additionalProperties, entry.id).toBe(false);
      for (const key of entry.settings_schema.required ?? []) expect(Object.keys(entry.settings_schema.properties), entry.id).toContain(key);
    }
  });
});

describe('secret settings (writeOnly)', () => {
  it('a setting whose name reads like a secret is marked writeOnly in every catalogue entry, so a new entry cannot forget it', () => {
    const unmarked = INTEGRATION_CATALOGUE.flatMap((entry) =>
      Object.entries(entry.settings_schema.properties)
        .filter(([key, property]) => looksSecret(key) && property.writeOnly !== true)
        .map(([key]) => `${entry.id}.${key}`),
    );
    expect(unmarked).toEqual([]);
    expect(INTEGRATION_CATALOGUE.flatMap((entry) => secretSettingKeys(entry.settings_schema).map((key) => `${entry.id}.${key}`))).toEqual(['luma-fiscal.pac', 'luma-assistant.api_key']);
  });

  it('reads secret names by their words, not by a piece of a word', () => {
    for (const key of ['api_key', 'apiKey', 'secret', 'webhook_secret', 'password', 'smtpPassword', 'access_token', 'pac', 'pin', 'client_credentials', 'private-key']) expect(looksSecret(key), key).toBe(true);
    for (const key of ['max_tokens', 'monkey', 'keyboard_layout', 'company', 'secretary', 'vat_number', 'spacing', 'pinned']) expect(looksSecret(key), key).toBe(false);
  });

  it('withoutSecrets leaves out exactly the writeOnly keys', () => {
    const secretive: IntegrationSettingsSchema = { type: 'object', properties: { url: { type: 'string', title: 'URL' }, api_key: { type: 'string', title: 'Key', writeOnly: true } }, additionalProperties: false };
    expect(withoutSecrets(secretive, { url: 'https://x.test', api_key: 'sk-1' })).toEqual({ url: 'https://x.test' });
    expect(secretSettingKeys(schema)).toEqual([]);
  });

  it('keepSecrets: a secret left out or sent empty keeps the stored one, a new one replaces it, null clears an optional one and is refused for a required one', () => {
    const secretive: IntegrationSettingsSchema = {
      type: 'object',
      properties: { url: { type: 'string', title: 'URL' }, api_key: { type: 'string', title: 'Key', writeOnly: true }, pin: { type: 'string', title: 'PIN', writeOnly: true } },
      required: ['api_key'],
      additionalProperties: false,
    };
    const stored = { url: 'https://old.test', api_key: 'sk-1', pin: '1234' };
    expect(keepSecrets(secretive, stored, { url: 'https://x.test' })).toEqual({ value: { url: 'https://x.test', api_key: 'sk-1', pin: '1234' }, errors: [] });
    expect(keepSecrets(secretive, stored, { api_key: '', pin: 'new' })).toEqual({ value: { api_key: 'sk-1', pin: 'new' }, errors: [] });
    expect(keepSecrets(secretive, stored, { pin: null }).value).toEqual({ api_key: 'sk-1', pin: null });
    expect(keepSecrets(secretive, stored, { api_key: null }).errors).toEqual([{ field: 'settings.api_key', messages: ['identityField.requiredField'] }]);
    expect(keepSecrets(secretive, {}, { url: 'https://x.test' }).value).toEqual({ url: 'https://x.test' });
    expect(keepSecrets(secretive, stored, 'not an object').value).toBe('not an object');
    expect(secretsSet(secretive, { url: 'u', api_key: 'sk-1', pin: '' })).toEqual(['api_key']);
  });
});

describe('activation codes', () => {
  it('a code is valid for its integration and project only, however it is typed; without a secret none is', () => {
    const code = activationCodeFor('s', 'luma-invoicing', 'P');
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$/);
    expect(isValidActivationCode('s', 'luma-invoicing', 'p', code.toLowerCase().replace(/-/g, ' '))).toBe(true);
    expect(isValidActivationCode('s', 'luma-fiscal', 'p', code)).toBe(false);
    expect(isValidActivationCode('s', 'luma-invoicing', 'q', code)).toBe(false);
    expect(isValidActivationCode(null, 'luma-invoicing', 'p', code)).toBe(false);
  });

  it('npm run activation-code issues the code a paid integration accepts, and says why it will not', () => {
    const project = '0190a3c2-1111-7000-8000-000000000001';
    const issued = issueActivationCode(['luma-invoicing', project], { LUMA_ACTIVATION_SECRET: 's' });
    expect(issued).toEqual({ code: activationCodeFor('s', 'luma-invoicing', project) });
    expect(issueActivationCode(['luma-invoicing', project], {})).toEqual({ error: 'LUMA_ACTIVATION_SECRET is not set.' });
    expect(issueActivationCode(['luma-media', project], { LUMA_ACTIVATION_SECRET: 's' })).toMatchObject({ error: expect.stringContaining('free') });
    expect(issueActivationCode(['nope', project], { LUMA_ACTIVATION_SECRET: 's' })).toMatchObject({ error: expect.stringContaining('not an integration') });
    expect(issueActivationCode(['luma-invoicing', 'x'], { LUMA_ACTIVATION_SECRET: 's' })).toMatchObject({ error: expect.stringContaining('project uuid') });
  });

  it('no random text is a valid code (property)', () => {
    fc.assert(fc.property(fc.string({ maxLength: 40 }), (text) => !isValidActivationCode('s', 'luma-invoicing', 'p', text) || text.replace(/[\s-]/g, '').length === 20));
  });
});

describe('required onboarding', () => {
  const integration = (id: string, onboarding_required: boolean) => ({ id, name: id, onboarding_required }) as Integration;
  it('covers integrations not onboarded and apps with required, unfinished onboarding', () => {
    const apps = [
      { uuid: 'a', label: 'A', onboarding: { required: true, finished: false } },
      { uuid: 'b', label: 'B', onboarding: { required: true, finished: true } },
      { uuid: 'c', label: 'C', onboarding: { required: false, finished: false } },
    ];
    expect(requiredOnboarding([integration('luma-invoicing', true), integration('luma-media', false)], apps).map((item) => item.id)).toEqual(['luma-invoicing', 'a']);
    expect(requiredOnboarding(undefined, undefined)).toEqual([]);
    expect([isOnboardingPaused({ paused: true }), isOnboardingPaused({ paused: 'true' }), isOnboardingPaused(null)]).toEqual([true, false, false]);
  });
});
