// The snapshot document of GET /v3/system/snapshot (docs/snapshots.md): a project's configuration,
// format 2 (format 1 is still read). Settings, graphs and definitions are each capability's own stored JSON (their schemas are
// in components.ts, workflows.ts, apps.ts and widgets.ts); this names the document's own frame.
import { arrayOf, closed, labelSchema, nullable, stringSchema, uuidSchema } from './schema-kit';

const anyJson = { description: "the capability's stored JSON, as it is stored" } as const;
const versions = <const K extends string>(key: K) => arrayOf(closed({ name: stringSchema, [key]: anyJson } as { name: typeof stringSchema } & Record<K, typeof anyJson>, ['name']));
const versionPointers = { dev_version: nullable(stringSchema), public_version: nullable(stringSchema) } as const;

export const snapshotQuery = {
  type: 'object',
  properties: { records: { type: 'string', enum: ['0', '1'], description: '1: include the records, per component and environment, as the import takes them' } },
  additionalProperties: false,
} as const;

/** What a template's install created, by part (docs/templates.md "Install"): an uninstall removes exactly that. */
const ledgerPart = arrayOf(uuidSchema);
const templateLedger = closed(
  { components: ledgerPart, workflows: ledgerPart, functions: ledgerPart, sparks: ledgerPart, widgets: ledgerPart, apps: ledgerPart, records: ledgerPart },
  ['components', 'workflows', 'functions', 'sparks', 'widgets', 'apps', 'records'],
);

/** An installed integration (docs/snapshots.md "Integrations"): its state and its settings without the writeOnly (secret) ones. */
const integrationItem = (required: ('id' | 'disabled' | 'onboarded' | 'settings')[]) =>
  closed(
    {
      id: { type: 'string', minLength: 1, description: 'the catalogue id (GET /integrations/explore)' },
      disabled: { type: 'boolean' },
      onboarded: { type: 'boolean' },
      settings: { type: 'object', description: 'its settings without the secret (writeOnly) ones; a document carrying one is refused' },
    },
    required,
  );

export const snapshotSchema = closed(
  {
    format: { type: 'integer', const: 2 },
    luma: { type: 'string', description: 'the version of Luma that wrote it' },
    project: closed({ name: stringSchema }, ['name']),
    components: arrayOf(
      closed(
        {
          uuid: uuidSchema,
          scope: nullable(stringSchema),
          name: stringSchema,
          tag: nullable(stringSchema),
          label: labelSchema,
          icon: nullable(stringSchema),
          sort: { type: 'integer' },
          is_public: { type: 'boolean' },
          is_active: { type: 'boolean' },
          is_custom: { type: 'boolean' },
          props: { type: 'object' },
          ...versionPointers,
          versions: versions('settings'),
          workspaces: arrayOf(stringSchema),
        },
        ['uuid', 'name', 'versions'],
      ),
    ),
    workflows: arrayOf(closed({ uuid: uuidSchema, name: stringSchema, component_uuid: uuidSchema, ...versionPointers, versions: versions('nodes') }, ['uuid', 'name', 'versions'])),
    functions: arrayOf(
      closed({ uuid: uuidSchema, name: stringSchema, description: stringSchema, code: stringSchema, public: { type: 'boolean' }, signed: { type: 'boolean' } }, ['uuid', 'name', 'code']),
    ),
    sparks: arrayOf(
      closed(
        {
          uuid: uuidSchema,
          name: stringSchema,
          description: stringSchema,
          code: stringSchema,
          dev_version: nullable({ type: 'integer' }),
          live_version: nullable({ type: 'integer' }),
          releases: arrayOf(closed({ version: { type: 'integer' }, code: stringSchema, note: stringSchema }, ['version', 'code'])),
        },
        ['uuid', 'name', 'releases'],
      ),
    ),
    widgets: arrayOf(closed({ uuid: uuidSchema, name: stringSchema, kind: { type: 'string', enum: ['number', 'table', 'chart'] }, component_uuid: uuidSchema, settings: anyJson }, ['uuid', 'name', 'kind'])),
    widget_places: { type: 'object', additionalProperties: arrayOf(uuidSchema), description: "each place's widget uuids, in order" },
    apps: arrayOf(
      closed(
        { uuid: uuidSchema, name: stringSchema, label: stringSchema, icon: nullable(stringSchema), onboarding_required: { type: 'boolean' }, ...versionPointers, versions: versions('definition'), workspaces: arrayOf(stringSchema) },
        ['uuid', 'name', 'versions'],
      ),
    ),
    templates: { ...arrayOf(closed({ workspace: stringSchema, template: stringSchema, ledger: templateLedger }, ['workspace', 'template', 'ledger'])), description: 'the workspace templates installed (docs/templates.md), by workspace name, with what each install created' },
    integrations: { ...arrayOf(integrationItem(['id', 'disabled', 'onboarded', 'settings'])), description: 'the installed integrations by id, never their secret settings (format 2)' },
    records: arrayOf(closed({ component_uuid: uuidSchema, env: stringSchema, rows: arrayOf({ type: 'object', description: 'a record: its uuid and its data' }) }, ['component_uuid', 'env', 'rows'])),
  },
  ['format', 'luma', 'project', 'components', 'workflows', 'functions', 'sparks', 'widgets', 'widget_places', 'apps', 'templates', 'integrations'],
);

const objects = arrayOf({ type: 'object', description: 'as in the snapshot; an item without a uuid is matched by its name' });
/**
 * The body of POST /v3/system/snapshot/diff: a snapshot document, its parts read loosely (items without
 * uuids are matched by name). A newer format is refused 417 before this is checked (the route's
 * preValidation), so a newer document's new keys do not make it a 400.
 */
export const snapshotDiffBody = closed(
  {
    format: { type: 'integer', minimum: 1, description: 'the format of the document; a newer one than the server reads is 417 snapshotFormatNewer' },
    luma: stringSchema,
    project: { type: 'object' },
    components: objects,
    workflows: objects,
    functions: objects,
    sparks: objects,
    widgets: objects,
    widget_places: { type: 'object', additionalProperties: arrayOf(stringSchema) },
    apps: objects,
    templates: arrayOf(closed({ workspace: stringSchema, template: stringSchema, ledger: templateLedger }, ['workspace', 'template', 'ledger'])),
    integrations: { ...arrayOf(integrationItem(['id'])), description: 'format 2; left out (format 1), the integrations stay as they are' },
    records: arrayOf({ type: 'object', description: 'records are not compared' }),
  },
  ['format'],
);

const diffEntry = closed(
  {
    kind: { type: 'string', enum: ['component', 'component_version', 'workflow', 'workflow_version', 'function', 'spark', 'spark_release', 'widget', 'app', 'app_version', 'widget_places', 'template', 'integration'] },
    id: stringSchema,
    name: stringSchema,
    fields: arrayOf(stringSchema),
  },
  ['kind', 'id', 'name'],
);

/** The reply of POST /v3/system/snapshot/diff: what applying the document would create, change and remove. */
export const snapshotDiffSchema = closed({ create: arrayOf(diffEntry), change: arrayOf(diffEntry), remove: arrayOf(diffEntry) }, ['create', 'change', 'remove']);

/** The reply of POST /v3/system/snapshot/apply: what it did, the document uuids it replaced, the records it created. */
export const snapshotApplySchema = closed(
  {
    diff: snapshotDiffSchema,
    ids: { type: 'object', additionalProperties: uuidSchema, description: "document uuids another project of this instance holds, and the project's uuid each became" },
    records: arrayOf(closed({ component_uuid: uuidSchema, env: stringSchema, uuids: arrayOf(uuidSchema) }, ['component_uuid', 'env', 'uuids'])),
  },
  ['diff', 'ids', 'records'],
);

/** Message keys of the snapshot calls besides ERROR_KEY.snapshotFormatNewer. */
export const SNAPSHOT_MESSAGE = { applyIncomplete: 'snapshotApplyIncomplete', secretSetting: 'snapshotSecretSetting' } as const;
