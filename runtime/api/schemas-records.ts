// The JSON Schemas of the component and record calls (docs/components.md, docs/records.md, docs/lists.md),
// re-exported by runtime/api/schemas.ts with the rest.
import { anyObjectSchema, arrayOf, closed, dateTimeSchema, judged, labelSchema, nullable, open, queryWholeNumber, stringListSchema, stringSchema, uuidSchema } from './schema-kit';

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
