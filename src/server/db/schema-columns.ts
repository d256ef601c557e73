// The column types every table type of the schema (schema.ts, schema-*.ts) is written with.
import type { ColumnType } from 'kysely';

/** timestamptz: read as Date, written as Date or ISO text, defaulted by the database. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** jsonb: read parsed; written as JSON text (pg would turn JS arrays into Postgres arrays). */
export type Json<T> = ColumnType<T, string, string>;
export type JsonWithDefault<T> = ColumnType<T, string | undefined, string>;
