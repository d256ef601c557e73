// Table types of user code (docs/user-code.md): global variables, global functions and their signing
// keys, and the script call counts.
import type { Generated, Selectable } from 'kysely';
import type { NullableTimestamp, Timestamp } from './schema-columns';

/** Global variables (migration 0009): `value` of a secret is never answered by any call. */
export interface VariablesTable {
  uuid: string;
  project_uuid: string;
  env: 'dev' | 'live';
  name: string;
  value: string;
  secret: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A project's global function (migrations/0010_functions). */
export interface GlobalFunctionsTable {
  uuid: string;
  project_uuid: string;
  name: string;
  description: Generated<string>;
  code: Generated<string>;
  public: Generated<boolean>;
  signed: Generated<boolean>;
  api_user_uuid: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface GlobalFunctionKeysTable {
  uuid: string;
  function_uuid: string;
  secret: string;
  hint: string;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
}

export interface ScriptCallsTable {
  scope: string;
  window_start: Timestamp;
  count: number;
}

export type GlobalFunctionRow = Selectable<GlobalFunctionsTable>;
export type GlobalFunctionKeyRow = Selectable<GlobalFunctionKeysTable>;
