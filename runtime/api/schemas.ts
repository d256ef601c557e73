// The JSON Schemas of every call's params, query, body and replies (docs/api.md), beside the wire types
// of contract.ts, iam.ts, components.ts and import.ts. The server's routes declare them (Fastify validates
// requests with them, tests check replies against them, @fastify/swagger makes /api/openapi.json of them);
// json-schema-to-ts derives the handlers' types from them. Framework-free, like the rest of runtime/api.
//
// Request bodies whose fields have 417 rules (spec section 8) name their fields without a type (judged):
// the service judges the values and answers the field messages. Every body and query is closed all the
// same (additionalProperties: false): a key the call does not take is 400 unknownField, never dropped.
import type { JSONSchema } from 'json-schema-to-ts';
import { API_ERROR_ID, apiErrorSchema } from '../../schemas/apiError.schema';

export { API_ERROR_ID, apiErrorSchema };

type Schema = Exclude<JSONSchema, boolean>;

/** An object schema that allows exactly the listed properties. */
export function closed<const P extends Record<string, JSONSchema>, const R extends readonly (keyof P & string)[]>(properties: P, required: R) {
  return { type: 'object', properties, required, additionalProperties: false } as const;
}

/** An object schema whose further properties are open-ended (record data, settings, props). */
export function open<const P extends Record<string, JSONSchema>, const R extends readonly (keyof P & string)[]>(properties: P, required: R) {
  return { type: 'object', properties, required, additionalProperties: true } as const;
}

export const arrayOf = <const S extends JSONSchema>(items: S) => ({ type: 'array', items }) as const;
export const nullable = <const S extends Schema>(schema: S) => ({ anyOf: [schema, { type: 'null' }] }) as const;
/** A body field the service checks (417 rules); the schema only documents it. */
export const judged = <const D extends string>(description: D) => ({ description }) as const;

// ---- Scalars -------------------------------------------------------------------------------------

export const uuidSchema = { type: 'string', format: 'uuid' } as const;
export const dateTimeSchema = { type: 'string', format: 'date-time' } as const;
export const stringSchema = { type: 'string' } as const;
export const anyObjectSchema = { type: 'object', additionalProperties: true } as const;
export const emptySchema = { type: 'object', properties: {}, additionalProperties: false } as const;
export const stringListSchema = arrayOf(stringSchema);
/** A whole number in a query string (query values are text: nothing is coerced); '' is the default. */
export const queryWholeNumber = <const D extends string>(description: D) => ({ type: 'string', pattern: '^[0-9]{0,9}$', description }) as const;
/** A time in a query string: epoch milliseconds, or an ISO 8601 date or date-time ('' is no bound). */
export const queryTimeSchema = {
  type: 'string',
  pattern: '^([0-9]{1,15}|[0-9]{4}-[0-9]{2}-[0-9]{2}([T ][0-9]{2}:[0-9]{2}(:[0-9]{2}([.][0-9]{1,9})?)?(Z|[+-][0-9]{2}(:?[0-9]{2})?)?)?)?$',
} as const;
const memberStatus = { type: 'string', enum: ['active', 'inactive', 'pending', 'banned'] } as const;
const labelSchema = { type: 'object', additionalProperties: { type: 'string' } } as const;

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

export const claimsResponse = closed({ ProjectUUID: nullable(uuidSchema), IsAdmin: { type: 'boolean' } }, ['ProjectUUID', 'IsAdmin']);
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

// ---- Components (docs/components.md) -------------------------------------------------------------

const componentProperties = {
  uuid: uuidSchema,
  name: stringSchema,
  scope: nullable(stringSchema),
  tag: nullable(stringSchema),
  ref: { type: 'string', description: 'scope/name, or the uuid' },
  label: labelSchema,
  displayName: stringSchema,
  icon: nullable(stringSchema),
  sort: { type: 'number' },
  is_public: { type: 'boolean' },
  is_active: { type: 'boolean' },
  is_custom: { type: 'boolean' },
  public_version: nullable(stringSchema),
  dev_version: nullable(stringSchema),
  versions: stringListSchema,
  dependencies: arrayOf(closed({ kind: { type: 'string', enum: ['component', 'workflow'] }, uuid: uuidSchema, name: stringSchema, ref: stringSchema }, ['kind', 'uuid', 'name', 'ref'])),
  props: anyObjectSchema,
  workspaces: arrayOf(closed({ uuid: uuidSchema, name: stringSchema }, ['uuid', 'name'])),
  CreatedAt: dateTimeSchema,
  UpdatedAt: dateTimeSchema,
} as const;
const componentRequired = [
  'uuid', 'name', 'scope', 'tag', 'ref', 'label', 'displayName', 'icon', 'sort', 'is_public', 'is_active', 'is_custom',
  'public_version', 'dev_version', 'versions', 'dependencies', 'props', 'workspaces', 'CreatedAt', 'UpdatedAt',
] as const;
export const componentSchema = closed(componentProperties, componentRequired);
export const componentModelSchema = closed(
  { ...componentProperties, settings: { type: 'object', additionalProperties: true, description: 'the version\'s settings (schemas/componentSettings)' } },
  [...componentRequired, 'settings'],
);
export const menuItemSchema = closed(
  {
    uuid: uuidSchema,
    name: stringSchema,
    scope: nullable(stringSchema),
    ref: stringSchema,
    label: labelSchema,
    displayName: stringSchema,
    icon: nullable(stringSchema),
    sort: { type: 'number' },
    is_active: { type: 'boolean' },
  },
  ['uuid', 'name', 'scope', 'ref', 'label', 'displayName', 'icon', 'sort', 'is_active'],
);
export const componentCreatedResponse = closed({ uuid: uuidSchema, version: stringSchema }, ['uuid', 'version']);
export const componentClonedResponse = closed({ uuid: uuidSchema }, ['uuid']);
/** Component bodies are judged by runtime/components (417 with field paths); the schema only documents them. */
export const componentCreateBody = {
  description: 'schemas/componentCreate: name, label, scope, tag',
  properties: { name: judged('string'), label: judged('object of locale -> text'), scope: judged('string or null'), tag: judged('string or null') },
  additionalProperties: false,
} as const;
const asRead = judged('as GET settings answered it; not written');
/**
 * The component model as GET settings answers it, with its changes: name, label, scope, tag and settings
 * are written (judged: 417 with field paths); the other keys of the model are taken back as read and not written.
 */
export const componentSettingsBody = {
  description: 'the component model (GET settings) with its changes: name, label, scope, tag and settings (schemas/componentSettings) are written',
  properties: {
    ...(Object.fromEntries(Object.keys(componentProperties).map((key) => [key, asRead])) as Record<keyof typeof componentProperties, typeof asRead>),
    name: judged('string'),
    label: judged('object of locale -> text'),
    scope: judged('string or null'),
    tag: judged('string or null'),
    settings: judged("the version's whole settings object (schemas/componentSettings)"),
  },
  additionalProperties: false,
} as const;
const componentRef = judged('the component: its uuid, or scope/name');
const versionName = judged('a version name');
export const componentCloneBody = { properties: { ref: componentRef, name: judged('the new component name') }, additionalProperties: false } as const;
export const versionForkBody = { properties: { ref: componentRef, name: judged('the new version name'), from: judged('the version copied (default: an empty version)') }, additionalProperties: false } as const;
export const versionForkSchemaBody = {
  properties: { ref: componentRef, version: judged('the new version name'), schema: judged('the settings object, or its JSON text (schemas/componentSettings)') },
  additionalProperties: false,
} as const;
export const versionRemoveBody = { properties: { ref: componentRef, version: versionName }, additionalProperties: false } as const;
export const versionPublishBody = { properties: { ref: componentRef, version: versionName, env: judged("'dev' or 'live'") }, additionalProperties: false } as const;

// ---- Records and lists (docs/records.md, docs/lists.md) ------------------------------------------

export const recordSchema = open(
  {
    uuid: uuidSchema,
    __version__: { type: 'integer' },
    created_by: nullable(uuidSchema),
    created_at: dateTimeSchema,
    updated_by: nullable(uuidSchema),
    updated_at: dateTimeSchema,
    deleted_at: nullable(dateTimeSchema),
    disabled_at: nullable(dateTimeSchema),
  },
  ['uuid', '__version__', 'created_by', 'created_at', 'updated_by', 'updated_at', 'deleted_at', 'disabled_at'],
);
export const recordWriteBody = {
  description: '{data: {field key: value}} to create; {version, data} to update (version: the __version__ read)',
  properties: { data: judged('object: field key -> value'), version: judged('integer: the __version__ the change is based on (update)') },
  additionalProperties: false,
} as const;
/** A boolean in a query string: '1', 'true', '0', 'false' or '' (the default). */
const queryFlag = { type: 'string', enum: ['', '0', '1', 'true', 'false'] } as const;
/** The list filter's parameters (docs/lists.md), shared by the list, the export and bulk by filter. */
const listFilterProperties = {
  filter: { type: 'string', description: 'search text (ILIKE on the filterOn fields)' },
  filterOn: { type: 'string', description: 'comma-separated field keys searched (default: the visible text fields)' },
  disabled: { ...queryFlag, description: "'1' or 'true': the disabled records instead" },
  dateFrom: { type: 'string', description: 'a date or ISO 8601 time: at or after' },
  dateTo: { type: 'string', description: 'a date (the whole day) or ISO 8601 time: at or before' },
  dateField: { type: 'string', description: 'the date field of the range (default created_at)' },
  $adv: { type: 'string', description: 'JSON text of an advanced filter (docs/lists.md)' },
} as const;
/** The list call's query: every value is text (nothing is coerced); a key the call does not take is 400. */
export const listQuery = {
  type: 'object',
  description: 'docs/lists.md',
  properties: {
    offset: queryWholeNumber('records skipped (offset + limit stay within 5000)'),
    limit: { type: 'string', pattern: '^(-1|[0-9]{0,9})$', description: 'page size (-1: up to the cap)' },
    sortBy: { type: 'string', description: 'a field key or a system column' },
    sortDesc: { ...queryFlag, enum: [...queryFlag.enum, '-1'], description: "'1' or 'true': descending" },
    ...listFilterProperties,
    $aggregate: { type: 'string', description: 'JSON text of an aggregation (docs/lists.md)' },
  },
  additionalProperties: false,
} as const;
/** The export's query: the list's, with the file format. */
export const exportQuery = {
  ...listQuery,
  properties: { ...listQuery.properties, format: { type: 'string', enum: ['csv', 'json'], description: 'the file format (default csv)' } },
} as const;
export const listAnswerSchema = closed(
  { items: arrayOf(anyObjectSchema), total: { type: 'integer', minimum: 0 }, pages: { type: 'integer', minimum: 0 } },
  ['items', 'total', 'pages'],
);
/** Bulk actions: {items} (at once, 200) or {filter} (a job, 202); filterOn may also be an array, disabled a boolean, $adv the filter object. */
export const bulkBody = {
  type: 'object',
  description: '{items: record uuids} acts at once (200); {filter: the list filter} starts a job (202)',
  properties: {
    items: { type: 'array', items: { type: 'string' }, description: 'the record uuids acted on' },
    filter: {
      type: 'object',
      description: 'the list filter (docs/lists.md) without paging or sorting: every matching record',
      properties: {
        ...listFilterProperties,
        filterOn: { anyOf: [stringSchema, stringListSchema], description: 'field keys searched: comma-separated text or a list' },
        disabled: { anyOf: [{ type: 'boolean' }, { type: 'integer' }, stringSchema], description: 'true, 1 or "1": the disabled records' },
        $adv: { description: 'an advanced filter: the object or its JSON text' },
      },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
} as const;
export const bulkDoneSchema = closed({ affected: { type: 'integer', minimum: 0 } }, ['affected']);
export const bulkStartedSchema = closed({ job: uuidSchema }, ['job']);
export const jobStateSchema = closed(
  {
    status: { type: 'string', enum: ['running', 'done', 'failed'] },
    processed: { type: 'integer', minimum: 0 },
    total: { type: 'integer', minimum: 0 },
    affected: { type: 'integer', minimum: 0 },
    refused: { type: 'integer', minimum: 0, description: 'records a Before::Delete workflow refused (left as they were)' },
    error: nullable(stringSchema),
  },
  ['status', 'processed', 'total', 'affected', 'refused', 'error'],
);
export const importResultSchema = closed(
  { created: { type: 'integer', minimum: 0 }, updated: { type: 'integer', minimum: 0 }, total: { type: 'integer', minimum: 0 } },
  ['created', 'updated', 'total'],
);

// ---- Replies -------------------------------------------------------------------------------------

export const errorRef = { $ref: API_ERROR_ID } as const;

/** The replies of a call: its success answers and, for every 4xx and 5xx, the error shape. */
export function replies<const R extends Record<number, JSONSchema>>(success: R) {
  return { ...success, '4xx': errorRef, '5xx': errorRef } as const;
}
