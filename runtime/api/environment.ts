// The wire shapes and route schemas of global variables (docs/user-code.md "context.env"):
// /api/v1/system/environment/variables (admins) and /api/v1/system/environment/script-env (members).
// A secret's value is write-only: no reply ever carries it, only `secret: true` and a mask.
import { arrayOf, closed, dateTimeSchema, judged, nullable, stringSchema, uuidSchema } from './schemas';

export type VariableEnv = 'dev' | 'live';

/** One variable as every reply shows it. */
export interface VariableItem {
  uuid: string;
  name: string;
  env: VariableEnv;
  secret: boolean;
  /** The value, or null for a secret (never sent once written). */
  value: string | null;
  /** VARIABLE_MASK for a secret, null otherwise. */
  mask: string | null;
  created_at: string;
  updated_at: string;
}

export interface VariableCreateBody {
  name: string;
  value: string;
  secret?: boolean;
}

/** Every property optional; a secret made non-secret needs a new value in the same call. */
export interface VariableUpdateBody {
  name?: string;
  value?: string;
  secret?: boolean;
}

/** GET /v1/system/environment/script-env: the non-secret variables of the env, for browser scripts. */
export interface ScriptEnvAnswer {
  env: Record<string, string>;
}

/** What a secret shows instead of its value (fixed, so it tells nothing of the length). */
export const VARIABLE_MASK = '••••••••';

export const VARIABLE_MESSAGE = {
  nameTaken: 'variableNameExists',
  nameInvalid: 'variableNameInvalid',
  nameReserved: 'variableNameReserved',
  limitReached: 'variableLimitReached',
  secretNeedsValue: 'variableSecretNeedsValue',
} as const;

export const VARIABLES_PATH = '/v1/system/environment/variables';
export const SCRIPT_ENV_PATH = '/v1/system/environment/script-env';

const variableProperties = {
  uuid: uuidSchema,
  name: stringSchema,
  env: { type: 'string', enum: ['dev', 'live'] },
  secret: { type: 'boolean' },
  value: { ...nullable(stringSchema), description: 'null for a secret: its value is never answered' },
  mask: { ...nullable(stringSchema), description: 'the mask shown for a secret' },
  created_at: dateTimeSchema,
  updated_at: dateTimeSchema,
} as const;

export const variableItemSchema = closed(variableProperties, ['uuid', 'name', 'env', 'secret', 'value', 'mask', 'created_at', 'updated_at']);
export const variableListSchema = arrayOf(variableItemSchema);
export const variableCreateBody = {
  type: 'object',
  description: '{name, value, secret?}: judged by runtime/environment/rules (417 with field messages)',
  properties: { name: judged('an identifier: a letter or _ then letters, digits, _; 1..64'), value: judged('text, at most 8192 characters, no NUL'), secret: judged('boolean; a secret is never answered again') },
  additionalProperties: false,
} as const;
export const variableUpdateBody = {
  type: 'object',
  description: '{name?, value?, secret?}: a secret\'s value may be replaced, never read',
  properties: variableCreateBody.properties,
  additionalProperties: false,
} as const;
export const scriptEnvSchema = closed({ env: { type: 'object', additionalProperties: stringSchema } }, ['env']);
