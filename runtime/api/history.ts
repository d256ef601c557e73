// Record history (docs/history.md): the wire types and route schemas of a record's revisions and
// their restore. Framework-free.
import { arrayOf, closed, dateTimeSchema, judged, nullable, queryWholeNumber, stringSchema, uuidSchema } from './schema-kit';

export const REVISION_ACTIONS = ['create', 'update', 'delete', 'restore', 'bulk', 'import'] as const;
export type RevisionAction = (typeof REVISION_ACTIONS)[number];
export const REVISION_ACTOR_KINDS = ['user', 'api', 'workflow', 'import'] as const;
export type RevisionActorKind = (typeof REVISION_ACTOR_KINDS)[number];

export const HISTORY_LIMITS = { pageDefault: 20, pageMax: 100 } as const;

/** One changed field: its earlier and new value (no `before` when no earlier value is kept), or only that a hashed field changed. */
export type RevisionChange = { field: string; before?: unknown; after: unknown } | { field: string; hashed: true };

export interface RevisionActor {
  kind: RevisionActorKind;
  /** The member or API user (a workflow run's: the user whose write started it). */
  user: string | null;
  /** The workflow run, when one wrote it. */
  run: string | null;
}

export interface Revision {
  /** The revision's id (digits), increasing with time. */
  id: string;
  /** The record's __version__ after the write. */
  version: number;
  action: RevisionAction;
  /** A bulk action's kind (delete, disable, enable), an import's (create, update), or the revision a restore restored. */
  detail: string | null;
  actor: RevisionActor;
  at: string;
  changes: RevisionChange[];
}

export interface RevisionPage {
  items: Revision[];
  /** Pass as `before` for the next (older) page; null: none older. */
  next: string | null;
}

// ---- Route schemas ------------------------------------------------------------------------------

const changeSchema = {
  type: 'object',
  properties: { field: stringSchema, before: judged('the earlier value (any JSON)'), after: judged('the new value (any JSON)'), hashed: { type: 'boolean', const: true } },
  required: ['field'],
  additionalProperties: false,
} as const;
export const revisionSchema = closed(
  {
    id: { type: 'string', pattern: '^[0-9]+$' },
    version: { type: 'integer' },
    action: { type: 'string', enum: REVISION_ACTIONS },
    detail: nullable(stringSchema),
    actor: closed({ kind: { type: 'string', enum: REVISION_ACTOR_KINDS }, user: nullable(uuidSchema), run: nullable(uuidSchema) }, ['kind', 'user', 'run']),
    at: dateTimeSchema,
    changes: arrayOf(changeSchema),
  },
  ['id', 'version', 'action', 'detail', 'actor', 'at', 'changes'],
);
export const revisionPageSchema = closed({ items: arrayOf(revisionSchema), next: nullable({ type: 'string' }) }, ['items', 'next']);
export const revisionsQuery = {
  type: 'object',
  description: 'docs/history.md',
  properties: {
    limit: queryWholeNumber(`revisions per page (1 to ${HISTORY_LIMITS.pageMax}, default ${HISTORY_LIMITS.pageDefault})`),
    before: { type: 'string', pattern: '^[0-9]{1,18}$', description: 'the `next` of the page before: older revisions only' },
  },
  additionalProperties: false,
} as const;
export const restoreBody = {
  description: '{version}: the record\'s __version__ now (the restore is an update of it)',
  properties: { version: judged('integer: the __version__ the restore is based on') },
  additionalProperties: false,
} as const;
