// The self-tuning indexes' admin calls (docs/lists.md "Self-tuning indexes"), under /v3/system/component/{ref}:
//   GET  /indexes           each index of the component's records, why it exists, its size; the fields an admin may mark
//   POST /indexes/drop      {name}: drop an index built for slow queries or asked for (not rebuilt for its shape)
//   POST /indexes/always    {field}: keep the field indexed whatever the queries do; built at once by a job
import { arrayOf, closed, dateTimeSchema, nullable, stringSchema } from './schema-kit';

/** Message keys the calls answer with (catalogue: runtime/i18n/components.*.ts). */
export const INDEX_MESSAGE = {
  indexNotFound: 'indexNotFound',
  indexDeclared: 'indexDeclared',
  fieldNotFound: 'indexFieldNotFound',
  fieldNotIndexable: 'indexFieldNotIndexable',
} as const;

/** How the database keeps it: a btree on the field's expression, a trigram GIN, or a partial index of one choice item. */
export type IndexKind = 'btree' | 'trigram' | 'partial';
export type IndexReason = 'declared' | 'auto' | 'always';
export type IndexStatus = 'built' | 'building' | 'failed';

export interface ComponentIndex {
  name: string;
  field: string;
  kind: IndexKind;
  /** choice: the item the partial index holds. */
  value: string | null;
  reason: IndexReason;
  /** auto: the query shape it was built for, and its slow queries then. */
  shape: string | null;
  slowCount: number;
  status: IndexStatus;
  error: string | null;
  builtAt: string | null;
  lastUsedAt: string | null;
  /** Bytes on disk; null while it is not built. */
  size: number | null;
}

export interface IndexableField {
  key: string;
  always: boolean;
}

export interface ComponentIndexes {
  indexes: ComponentIndex[];
  fields: IndexableField[];
  /** How many indexes slow queries may build for this component (LUMA_INDEX_AUTO_MAX). */
  autoMax: number;
}

const nullableString = nullable(stringSchema);
const indexSchema = closed(
  {
    name: stringSchema,
    field: stringSchema,
    kind: { type: 'string', enum: ['btree', 'trigram', 'partial'] },
    value: nullableString,
    reason: { type: 'string', enum: ['declared', 'auto', 'always'] },
    shape: nullableString,
    slowCount: { type: 'integer', minimum: 0 },
    status: { type: 'string', enum: ['built', 'building', 'failed'] },
    error: nullableString,
    builtAt: nullable(dateTimeSchema),
    lastUsedAt: nullable(dateTimeSchema),
    size: nullable({ type: 'integer', minimum: 0 }),
  },
  ['name', 'field', 'kind', 'value', 'reason', 'shape', 'slowCount', 'status', 'error', 'builtAt', 'lastUsedAt', 'size'],
);

export const componentIndexesSchema = closed(
  {
    indexes: arrayOf(indexSchema),
    fields: arrayOf(closed({ key: stringSchema, always: { type: 'boolean' } }, ['key', 'always'])),
    autoMax: { type: 'integer', minimum: 0 },
  },
  ['indexes', 'fields', 'autoMax'],
);
export const indexDropBody = closed({ name: { type: 'string', maxLength: 200 } }, ['name']);
export const indexAlwaysBody = closed({ field: { type: 'string', maxLength: 200 } }, ['field']);
