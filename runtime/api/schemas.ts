// The JSON Schemas of every call's params, query, body and replies (docs/api.md), beside the wire types
// of contract.ts, iam.ts, components.ts and import.ts. The server's routes declare them (Fastify validates
// requests with them, tests check replies against them, @fastify/swagger makes /api/openapi.json of them);
// json-schema-to-ts derives the handlers' types from them. Framework-free, like the rest of runtime/api.
//
// Request bodies whose fields have 417 rules (spec section 8) name their fields without a type (judged):
// the service judges the values and answers the field messages. Every body and query is closed all the
// same (additionalProperties: false): a key the call does not take is 400 unknownField, never dropped.
import { arrayOf, closed, dateTimeSchema, judged, nullable, replies, stringListSchema, stringSchema, uuidSchema } from './schema-kit';

export * from './schema-kit';
export * from './schemas-records';

const memberStatus = { type: 'string', enum: ['active', 'inactive', 'pending', 'banned'] } as const;

// ---- Params --------------------------------------------------------------------------------------

/** Path params: declared as strings; a malformed uuid is judged by the service (400 or 404, as before). */
export const uuidParams = closed({ uuid: { type: 'string', description: 'a uuid' } }, ['uuid']);
export const tokenParams = closed({ token: { type: 'string', description: 'the invite token from the link' } }, ['token']);
export const secretParams = closed({ uuid: { type: 'string' }, secret: { type: 'string', description: 'the secret uuid' } }, ['uuid', 'secret']);
const refA = { type: 'string', description: 'the component uuid, or its scope when the next segment is the name' } as const;
const refB = { type: 'string', description: 'the component name (with a scope in the segment before)' } as const;
/** {ref} in one segment (uuid) */
export const refParams = closed({ a: refA }, ['a']);
/** {ref} in two segments (scope/name) */
export const scopedRefParams = closed({ a: refA, b: refB }, ['a', 'b']);
export const refIdParams = closed({ a: refA, id: { type: 'string', description: 'the record uuid' } }, ['a', 'id']);
export const scopedRefIdParams = closed({ a: refA, b: refB, id: { type: 'string', description: 'the record uuid' } }, ['a', 'b', 'id']);
export const refJobParams = closed({ a: refA, job: { type: 'string', description: 'the job uuid' } }, ['a', 'job']);
export const scopedRefJobParams = closed({ a: refA, b: refB, job: { type: 'string', description: 'the job uuid' } }, ['a', 'b', 'job']);
/** settings/{a}, settings/{a}/{b} (uuid + version, or scope/name), settings/{a}/{b}/{c} (scope/name + version) */
export const settingsParams1 = refParams;
export const settingsParams2 = closed(
  { a: refA, b: { type: 'string', description: 'a version when a is a uuid, else the component name' } },
  ['a', 'b'],
);
export const settingsParams3 = closed({ a: refA, b: refB, c: { type: 'string', description: 'the version' } }, ['a', 'b', 'c']);

/** The tenancy headers every call with a session or bearer secret may send (docs/iam.md). */
export const tenantHeaders = {
  type: 'object',
  properties: {
    'x-project-uuid': { type: 'string', description: 'the project acted in (default: the session\'s project)' },
    'x-workspace-uuid': { type: 'string', description: 'the workspace acted in (default: the project\'s first)' },
    'x-project-env': {
      type: 'string',
      pattern: '^\\s*([dD][eE][vV]|[lL][iI][vV][eE])\\s*$',
      description: "'dev' or 'live' (default 'live' when the header is absent); anything else, '' too, is 400 invalidEnvironment",
    },
    'x-luma-client': { type: 'string', description: "the calling browser tab's random id; record events of the write carry it as `client` (a tab leaves out its own)" },
  },
} as const;

// ---- Auth (public) -------------------------------------------------------------------------------

export const loginBody = closed(
  { email: { type: 'string', minLength: 1, maxLength: 254 }, password: { type: 'string', minLength: 1, maxLength: 1024 } },
  ['email', 'password'],
);
export const loginResponse = closed({ two_factor: { type: 'boolean' } }, ['two_factor']);
export const twoFactorBody = { type: 'object', required: ['code'], properties: { code: { type: 'string', maxLength: 64 }, remember: { type: 'boolean' } }, additionalProperties: false } as const;
export const registerBody = {
  type: 'object',
  properties: {
    name: judged('string, 2-100 characters'),
    email: judged('an e-mail address'),
    password: judged('string, 8-1024 characters'),
    password_confirmation: judged('equal to password'),
  },
  additionalProperties: false,
} as const;
export const registerResponse = closed({ uuid: uuidSchema }, ['uuid']);
export const forgotBody = { type: 'object', required: ['email'], properties: { email: { type: 'string', maxLength: 254 } }, additionalProperties: false } as const;
export const resetBody = {
  type: 'object',
  properties: { token: judged('the uuid of the reset link'), password: judged('string, 8-1024 characters'), password_confirmation: judged('equal to password') },
  additionalProperties: false,
} as const;
export const inviteInfoResponse = closed(
  { project_name: stringSchema, email: stringSchema, has_account: { type: 'boolean' }, expires_at: dateTimeSchema },
  ['project_name', 'email', 'has_account', 'expires_at'],
);
export const inviteAcceptBody = {
  description: 'With an account: {} (signed in as the invitee). Without: name, password and password_confirmation create it.',
  properties: { name: judged('string, 2-100 characters'), password: judged('string, 8-1024 characters'), password_confirmation: judged('equal to password') },
  additionalProperties: false,
} as const;
export const inviteAcceptedResponse = closed({ project_uuid: uuidSchema }, ['project_uuid']);

// ---- The caller's account ------------------------------------------------------------------------

export const claimsResponse = closed(
  { ProjectUUID: nullable(uuidSchema), IsAdmin: { type: 'boolean' }, NoAccess: { type: 'string', enum: ['noProject', 'noWorkspaceRole', 'noRoles'] } },
  ['ProjectUUID', 'IsAdmin'],
);
export const rolePermissionsResponse = closed(
  { is_admin: { type: 'boolean' }, permissions: stringListSchema, roles: arrayOf(uuidSchema) },
  ['is_admin', 'permissions', 'roles'],
);
export const roleSummarySchema = closed({ uuid: uuidSchema, name: stringSchema }, ['uuid', 'name']);
const billingAddressSchema = {
  type: 'object',
  properties: {
    type: { type: 'string', enum: ['person', 'company'] },
    country: stringSchema,
    firstname: stringSchema,
    lastname: stringSchema,
    address: stringSchema,
    city: stringSchema,
    zipcode: stringSchema,
    state: stringSchema,
    email: stringSchema,
    vat_number: stringSchema,
    main_number: stringSchema,
    company: stringSchema,
  },
  additionalProperties: false,
} as const;
export const userModelResponse = closed(
  {
    uuid: uuidSchema,
    name: stringSchema,
    email: stringSchema,
    settings: { type: 'object', additionalProperties: true, description: 'timezone, locale, theme and any other preference' },
    billing_address: nullable(billingAddressSchema),
    login_at: nullable(dateTimeSchema),
    status: memberStatus,
    project_uuid: nullable(uuidSchema),
    workspace_uuid: nullable(uuidSchema),
    is_admin: { type: 'boolean' },
  },
  ['uuid', 'name', 'email', 'settings', 'billing_address', 'login_at', 'status', 'project_uuid', 'workspace_uuid', 'is_admin'],
);
export const profileEditBody = {
  type: 'object',
  properties: {
    name: judged('string, 2-100 characters'),
    email: judged('an e-mail address'),
    settings: judged('object: timezone, locale, theme, ...'),
    billing_address: judged('object or null'),
    password: judged('a new password (optional)'),
    password_confirmation: judged('equal to password'),
    end_other_sessions: judged('boolean: with a new password, end the other sessions'),
  },
  additionalProperties: false,
} as const;
export const sessionItemSchema = closed(
  { uuid: uuidSchema, created_at: dateTimeSchema, last_seen_at: dateTimeSchema, ip: nullable(stringSchema), user_agent: nullable(stringSchema), current: { type: 'boolean' } },
  ['uuid', 'created_at', 'last_seen_at', 'ip', 'user_agent', 'current'],
);
export const endedResponse = closed({ ended: { type: 'integer', minimum: 0 } }, ['ended']);
export const twoFactorStateResponse = closed({ enabled: { type: 'boolean' } }, ['enabled']);
export const twoFactorSetupResponse = closed({ secret: stringSchema, otpauth_url: stringSchema, qr: stringSchema }, ['secret', 'otpauth_url', 'qr']);
export const codeBody = { type: 'object', required: ['code'], properties: { code: { type: 'string', maxLength: 64 } }, additionalProperties: false } as const;

// ---- Projects, workspaces, config ----------------------------------------------------------------

const environments = arrayOf({ type: 'string', enum: ['dev', 'live'] });
export const workspaceRefSchema = closed(
  { uuid: uuidSchema, project_uuid: uuidSchema, name: stringSchema, environments },
  ['uuid', 'project_uuid', 'name', 'environments'],
);
export const projectResponse = closed(
  {
    uuid: uuidSchema,
    name: stringSchema,
    workspaces: arrayOf(workspaceRefSchema),
    users: arrayOf(closed({ user_uuid: uuidSchema }, ['user_uuid'])),
    account: closed({ owner_uuid: nullable(uuidSchema) }, ['owner_uuid']),
  },
  ['uuid', 'name', 'workspaces', 'users', 'account'],
);
export const projectUserSchema = closed(
  { user_uuid: uuidSchema, name: stringSchema, email: stringSchema, status: memberStatus, is_owner: { type: 'boolean' }, roles: arrayOf(roleSummarySchema) },
  ['user_uuid', 'name', 'email', 'status', 'is_owner', 'roles'],
);
export const nameBody = { type: 'object', properties: { name: judged('string, 2-100 characters') }, additionalProperties: false } as const;
/** Transfer and leave also take no body at all (then {}), so the schema does not require an object. */
export const projectTransferBody = { properties: { user_uuid: judged('the new owner: an active person member') }, additionalProperties: false } as const;
export const projectLeaveBody = { properties: { new_owner_uuid: judged('required when the owner leaves') }, additionalProperties: false } as const;
export const workspaceItemSchema = closed(
  { uuid: uuidSchema, project_uuid: uuidSchema, name: stringSchema, environments, created_at: dateTimeSchema },
  ['uuid', 'project_uuid', 'name', 'environments', 'created_at'],
);
export const configEntrySchema = closed(
  { path: stringSchema, data: { description: 'any JSON value' }, project_uuid: uuidSchema },
  ['path', 'data', 'project_uuid'],
);
export const configGetBody = { description: '{path}', properties: { path: judged('the config path') }, additionalProperties: false } as const;
export const configPutBody = {
  type: 'object',
  properties: { path: judged('the config path'), data: judged('any JSON value'), project_uuid: judged('the project') },
  additionalProperties: false,
} as const;
export const configUserQuery = {
  type: 'object',
  properties: { path: { type: 'string', description: 'one entry by path (404 when absent); without it, all of them' } },
  additionalProperties: false,
} as const;

// ---- Administration (IAM) ------------------------------------------------------------------------

export const memberItemSchema = closed(
  {
    uuid: uuidSchema,
    kind: { type: 'string', enum: ['person', 'api'] },
    name: stringSchema,
    email: { type: 'string', description: "'' for API users" },
    status: memberStatus,
    is_owner: { type: 'boolean' },
    roles: arrayOf(roleSummarySchema),
    login_at: nullable(dateTimeSchema),
    created_at: dateTimeSchema,
  },
  ['uuid', 'kind', 'name', 'email', 'status', 'is_owner', 'roles', 'login_at', 'created_at'],
);
export const memberUpdateBody = {
  type: 'object',
  properties: { status: judged("'active' | 'inactive' | 'pending' | 'banned'"), role_uuids: judged('role uuids of the project') },
  additionalProperties: false,
} as const;
const inviteItemProperties = { uuid: uuidSchema, email: stringSchema, roles: arrayOf(roleSummarySchema), created_at: dateTimeSchema, expires_at: dateTimeSchema } as const;
export const inviteItemSchema = closed(inviteItemProperties, ['uuid', 'email', 'roles', 'created_at', 'expires_at']);
export const inviteCreatedSchema = closed({ ...inviteItemProperties, link: stringSchema }, ['uuid', 'email', 'roles', 'created_at', 'expires_at', 'link']);
export const inviteCreateBody = {
  type: 'object',
  properties: { email: judged('an e-mail address'), role_uuids: judged('role uuids of the project') },
  additionalProperties: false,
} as const;
export const roleItemSchema = closed(
  { uuid: uuidSchema, name: stringSchema, is_admin: { type: 'boolean' }, level: { type: 'number' }, permissions: stringListSchema, users: { type: 'integer', minimum: 0 } },
  ['uuid', 'name', 'is_admin', 'level', 'permissions', 'users'],
);
export const roleInputBody = {
  type: 'object',
  properties: { name: judged('string'), is_admin: judged('boolean'), level: judged('number'), permissions: judged('permission strings of /v1/iam/permissions') },
  additionalProperties: false,
} as const;
const apiSecretProperties = {
  uuid: uuidSchema,
  hint: { type: 'string', description: "the token's last four characters" },
  created_at: dateTimeSchema,
  last_used_at: nullable(dateTimeSchema),
  revoked_at: nullable(dateTimeSchema),
} as const;
const apiSecretRequired = ['uuid', 'hint', 'created_at', 'last_used_at', 'revoked_at'] as const;
export const apiSecretItemSchema = closed(apiSecretProperties, apiSecretRequired);
export const apiSecretCreatedSchema = closed(
  { ...apiSecretProperties, token: { type: 'string', description: "shown once; send as 'Authorization: Bearer {token}'" } },
  [...apiSecretRequired, 'token'],
);
export const apiUserItemSchema = closed(
  { ...memberItemSchema.properties, secrets: arrayOf(apiSecretItemSchema) },
  [...memberItemSchema.required, 'secrets'],
);
export const apiUserCreatedSchema = closed({ user: apiUserItemSchema, secret: apiSecretCreatedSchema }, ['user', 'secret']);
export const apiUserCreateBody = {
  type: 'object',
  properties: { name: judged('string'), role_uuids: judged('role uuids of the project') },
  additionalProperties: false,
} as const;
