// Component and global functions (docs/user-code.md "Functions"): wire types and the route schemas.
// Bodies with 417 rules are declared permissive (the service judges them and answers field messages).
import { arrayOf, closed, dateTimeSchema, judged, nullable, stringSchema, uuidSchema } from './schemas';

export const FUNCTION_LIMITS = {
  nameMin: 2,
  nameMax: 64,
  descriptionMax: 1000,
  codeMax: 100_000,
} as const;

/** A global function's name: a letter, then letters, digits, '_' or '-' (it is a URL segment). */
export const GLOBAL_FUNCTION_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

/** Header of a signed call to a public function: `t=<unix seconds>,k=<key uuid>,s=<hex HMAC-SHA256>`. */
export const SIGNATURE_HEADER = 'x-luma-signature';
/** A signature older or newer than this (seconds) is refused, so a captured call cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export interface ScriptLogLine {
  level: 'log' | 'info' | 'warn' | 'error' | 'debug';
  message: string;
}

/** What a function call answers: the output, and the console lines when include_logs was asked. */
export interface FunctionCallAnswer {
  output: unknown;
  logs?: ScriptLogLine[];
}

export interface FunctionCallBody {
  data?: unknown;
  options?: { expression?: string; config?: unknown; include_logs?: boolean };
}

export interface GlobalFunctionKey {
  uuid: string;
  /** The key's last four characters. */
  hint: string;
  created_at: string;
  last_used_at: string | null;
}

export interface GlobalFunctionKeyCreated extends GlobalFunctionKey {
  /** Shown once. */
  key: string;
}

export interface GlobalFunction {
  uuid: string;
  name: string;
  description: string;
  code: string;
  public: boolean;
  /** A public call must carry a signature made with one of `keys`. */
  signed: boolean;
  api_user_uuid: string | null;
  api_user_name: string | null;
  keys: GlobalFunctionKey[];
  /** Where a public function is called (under /api). */
  public_path: string;
  created_at: string;
  updated_at: string;
}

export interface GlobalFunctionWrite {
  name?: string;
  description?: string;
  code?: string;
  public?: boolean;
  signed?: boolean;
  api_user_uuid?: string | null;
}

export const publicFunctionPath = (projectUuid: string, name: string) => `/v1/public/function/${projectUuid}/${encodeURIComponent(name)}`;

// ---- Schemas --------------------------------------------------------------------------------------

const logSchema = closed({ level: { type: 'string', enum: ['log', 'info', 'warn', 'error', 'debug'] }, message: stringSchema }, ['level', 'message']);

export const functionCallAnswerSchema = closed({ output: { description: 'the JSON the function returned' }, logs: arrayOf(logSchema) }, ['output']);

export const functionCallBodySchema = {
  type: 'object',
  properties: {
    data: { description: 'the argument `data`' },
    options: judged('{expression?: code to run instead of the saved one, config?: replaces the component config, include_logs?: boolean}'),
  },
  additionalProperties: false,
} as const;

/** A public call's body: any JSON, the function's `data` as sent; a body that is exactly `{"data": ...}` is unwrapped (docs/user-code.md). */
export const publicCallBodySchema = { description: 'the argument `data`: any JSON body as sent; a body whose only key is `data` gives that value' } as const;

export const componentFunctionParams = closed({ a: { type: 'string', description: 'the component uuid (or name)' }, name: { type: 'string', description: 'the function name' } }, ['a', 'name']);
export const globalFunctionParams = closed({ id: { type: 'string', description: 'the function uuid' } }, ['id']);
export const signatureParams = closed({ x: { type: 'string', description: 'the function uuid' }, y: { type: 'string', description: 'the key uuid' } }, ['x', 'y']);
export const publicFunctionParams = closed({ project: { type: 'string', description: 'the project uuid' }, name: { type: 'string', description: 'the function name' } }, ['project', 'name']);

const keySchema = closed({ uuid: uuidSchema, hint: stringSchema, created_at: dateTimeSchema, last_used_at: nullable(dateTimeSchema) }, ['uuid', 'hint', 'created_at', 'last_used_at']);
export const globalFunctionKeyCreatedSchema = closed(
  { uuid: uuidSchema, hint: stringSchema, created_at: dateTimeSchema, last_used_at: nullable(dateTimeSchema), key: stringSchema },
  ['uuid', 'hint', 'created_at', 'last_used_at', 'key'],
);

export const globalFunctionSchema = closed(
  {
    uuid: uuidSchema,
    name: stringSchema,
    description: stringSchema,
    code: stringSchema,
    public: { type: 'boolean' },
    signed: { type: 'boolean' },
    api_user_uuid: nullable(uuidSchema),
    api_user_name: nullable(stringSchema),
    keys: arrayOf(keySchema),
    public_path: stringSchema,
    created_at: dateTimeSchema,
    updated_at: dateTimeSchema,
  },
  ['uuid', 'name', 'description', 'code', 'public', 'signed', 'api_user_uuid', 'api_user_name', 'keys', 'public_path', 'created_at', 'updated_at'],
);

export const globalFunctionWriteSchema = {
  type: 'object',
  properties: {
    name: judged(`required, ${FUNCTION_LIMITS.nameMin}..${FUNCTION_LIMITS.nameMax} characters, a letter then letters, digits, _ or -; unique in the project`),
    description: judged('text'),
    code: judged('the body of the function (args data, context)'),
    public: judged('boolean: callable without a session'),
    signed: judged('boolean: a public call must be signed with one of its keys'),
    api_user_uuid: judged('the API user whose rights the function runs with, or null (no record access)'),
  },
  additionalProperties: false,
} as const;
