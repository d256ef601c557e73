// Global functions (docs/user-code.md "Global functions"): project-level user code, public or not,
// run with an API user's rights; their signing keys; and the per-minute call counters every entry
// point of user code shares (usercode/rate.ts), kept here so that several instances on one
// database count together.
import { sql, type Kysely } from 'kysely';

const statements = [
  `create table global_functions (
    uuid uuid primary key,
    project_uuid uuid not null references projects(uuid) on delete cascade,
    name text not null,
    description text not null default '',
    code text not null default '',
    public boolean not null default false,
    signed boolean not null default false,
    api_user_uuid uuid references users(uuid) on delete set null,
    created_by uuid,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (project_uuid, name)
  )`,
  // A key is an HMAC-SHA256 secret: the server must hold it to check a signature, like a TOTP secret.
  `create table global_function_keys (
    uuid uuid primary key,
    function_uuid uuid not null references global_functions(uuid) on delete cascade,
    secret text not null,
    hint text not null,
    created_at timestamptz not null default now(),
    last_used_at timestamptz
  )`,
  `create index global_function_keys_function_idx on global_function_keys (function_uuid)`,
  // One fixed one-minute window per scope ('<project>:<entry point>', or a public function's
  // '<function>:<address>'); an upsert counts atomically across instances.
  `create table script_calls (
    scope text not null,
    window_start timestamptz not null,
    count integer not null default 0,
    primary key (scope, window_start)
  )`,
  `create index script_calls_window_idx on script_calls (window_start)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['script_calls', 'global_function_keys', 'global_functions']) await sql.raw(`drop table if exists ${table}`).execute(db);
}
