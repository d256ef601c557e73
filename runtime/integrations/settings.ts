// Judging an integration's settings against its JSON Schema (runtime/api/integrations.ts
// IntegrationSettingsSchema: the subset the catalogue uses). The server's PUT /integrate answers these
// messages (417 at settings.{key}); the settings form shows them before a save. Keys the schema does
// not declare ('__proto__' included) are refused, never ignored.
import type { FieldError } from '../api/contract';
import { INTEGRATION_MESSAGE, type IntegrationSettingSchema, type IntegrationSettingsSchema } from '../api/integrations';
import { COMPONENT_MESSAGE } from '../components/messageKeys';
import { isHttpUrl } from '../media/rules';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const own = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

/** The message of one value against its property schema, or null when it is valid. */
export function settingMessage(schema: IntegrationSettingSchema, value: unknown): string | null {
  switch (schema.type) {
    case 'boolean':
      return typeof value === 'boolean' ? null : COMPONENT_MESSAGE.invalidInput;
    case 'number':
    case 'integer':
      if (typeof value !== 'number' || !Number.isFinite(value) || (schema.type === 'integer' && !Number.isInteger(value))) return 'invalidNumber';
      if (schema.minimum !== undefined && value < schema.minimum) return 'cantBeLessThen';
      if (schema.maximum !== undefined && value > schema.maximum) return 'cantBeMoreThen';
      return null;
    case 'string':
      if (typeof value !== 'string') return COMPONENT_MESSAGE.invalidInput;
      if (value.includes('\u0000')) return COMPONENT_MESSAGE.invalidInput;
      if (schema.enum && !schema.enum.includes(value)) return COMPONENT_MESSAGE.invalidSelection;
      if (value.length > (schema.maxLength ?? 1000)) return COMPONENT_MESSAGE.cantBeMoreThenChars;
      if (schema.pattern && !new RegExp(schema.pattern).test(value)) return COMPONENT_MESSAGE.invalidInput;
      if (schema.format === 'uri' && !isHttpUrl(value)) return COMPONENT_MESSAGE.invalidInput;
      if (schema.format === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return 'invalidEmail';
      return null;
  }
}

/**
 * The settings as stored (only declared keys; null or '' clears a setting) and the errors, each at
 * settings.{key}. A required setting missing is an error only with `complete` (onboarding asks for it;
 * a save of part of them is allowed).
 */
export function judgeSettings(schema: IntegrationSettingsSchema, value: unknown, complete = false): { settings: Record<string, unknown>; errors: FieldError[] } {
  if (!isRecord(value)) return { settings: {}, errors: [{ field: 'settings', messages: [COMPONENT_MESSAGE.invalidInput] }] };
  const errors: FieldError[] = [];
  const settings: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const property = own(schema.properties, key) ? schema.properties[key] : undefined;
    const item = value[key];
    if (!property) errors.push({ field: `settings.${key}`, messages: [INTEGRATION_MESSAGE.settingUnknown] });
    else if (item === null || item === '') continue;
    else {
      const message = settingMessage(property, item);
      if (message) errors.push({ field: `settings.${key}`, messages: [message] });
      else settings[key] = item;
    }
  }
  if (complete) {
    for (const key of schema.required ?? []) {
      if (!own(settings, key)) errors.push({ field: `settings.${key}`, messages: [COMPONENT_MESSAGE.requiredField] });
    }
  }
  return { settings, errors };
}

/**
 * The keys of an entry's secret settings: those marked `writeOnly` (JSON Schema's own keyword). The
 * one rule the settings form (a password input) and the project snapshot (never exported, kept on
 * apply) both read.
 */
export function secretSettingKeys(schema: IntegrationSettingsSchema): string[] {
  return Object.keys(schema.properties).filter((key) => schema.properties[key]!.writeOnly === true);
}

/** The secret settings that hold a value: what an answer says instead of the values (`Integration.secrets_set`). */
export function secretsSet(schema: IntegrationSettingsSchema, settings: Record<string, unknown>): string[] {
  return secretSettingKeys(schema).filter((key) => own(settings, key) && settings[key] !== undefined && settings[key] !== null && settings[key] !== '');
}

/**
 * A save's settings with the stored secrets kept (secrets are write-only: the form never has them). A
 * secret the save leaves out or sends as '' keeps its stored value; a new value replaces it; `null`
 * clears it, refused (requiredField) when the schema requires it. The other settings are as sent (a
 * save replaces them). The result is judged by judgeSettings after this; a value not an object is
 * returned as it is for judgeSettings to refuse.
 */
export function keepSecrets(schema: IntegrationSettingsSchema, stored: Record<string, unknown>, sent: unknown): { value: unknown; errors: FieldError[] } {
  if (!isRecord(sent)) return { value: sent, errors: [] };
  const value: Record<string, unknown> = { ...sent };
  const errors: FieldError[] = [];
  for (const key of secretSettingKeys(schema)) {
    const given = own(sent, key) ? sent[key] : undefined;
    if (given === null && (schema.required ?? []).includes(key)) errors.push({ field: `settings.${key}`, messages: [COMPONENT_MESSAGE.requiredField] });
    else if ((given === undefined || given === '') && own(stored, key)) value[key] = stored[key];
  }
  return { value, errors };
}

/** Settings without their secrets (a snapshot's copy, an answer's: not the value, not a hash, not the key). */
export function withoutSecrets(schema: IntegrationSettingsSchema, settings: Record<string, unknown>): Record<string, unknown> {
  const secrets = new Set(secretSettingKeys(schema));
  return Object.fromEntries(Object.entries(settings).filter(([key]) => !secrets.has(key)));
}

/** Whether a setting's name reads like a secret (an API key, a password, a token, a PAC): such a setting must be marked `writeOnly`. */
export function looksSecret(key: string): boolean {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase().split(/[^a-z0-9]+/);
  return words.some((word) => ['key', 'apikey', 'secret', 'password', 'passwd', 'passphrase', 'token', 'pac', 'pin', 'credential', 'credentials'].includes(word));
}
