// Table types of the self-tuning indexes (migration 0024_record_index_tuning; docs/lists.md "Self-tuning indexes").
import type { ColumnType } from 'kysely';
import type { Json, NullableTimestamp, Timestamp } from './schema-columns';

export interface RecordQueryShapesTable {
  component_uuid: string;
  env: string;
  /** The shape's key: its fields and what the query does with each ('sort:price;range:qty'). */
  shape: string;
  filtered: Json<string[]>;
  searched: Json<string[]>;
  sorted: Json<string[]>;
  /** The indexes the shape would use (records/query-shapes.ts IndexNeed). */
  needs: Json<unknown[]>;
  count: ColumnType<number, number | undefined, number>;
  slow_count: ColumnType<number, number | undefined, number>;
  total_ms: ColumnType<number, number | undefined, number>;
  max_ms: ColumnType<number, number | undefined, number>;
  last_seen: Timestamp;
}

export interface RecordIndexStateTable {
  component_uuid: string;
  name: string;
  field: string;
  /** records/field-indexes-sql FieldIndexKind. */
  kind: string;
  value: string | null;
  /** 'auto' (built after slow queries of `shape`) or 'always' (an administrator's word). */
  reason: string;
  shape: string | null;
  slow_count: ColumnType<number, number | undefined, number>;
  always: ColumnType<boolean, boolean | undefined, boolean>;
  built_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
  /** Dropped by an administrator: not built again for its shape. */
  dropped_at: NullableTimestamp;
  /** Why the build failed (a stored value the expression cannot take): not tried again. */
  error: string | null;
  created_at: Timestamp;
}
