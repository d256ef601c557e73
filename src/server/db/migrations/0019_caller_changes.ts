// Every change to what a caller is found from (docs/iam.md "Who is calling") is said on the bus by
// the database itself: a row trigger on each of those tables sends a NOTIFY on the bus's channel
// ('caller.changed', the table and the row's key), after the commit and to every instance. Each
// instance's caller cache (auth/caller-cache.ts) drops what the key names. Being triggers, they
// cover every writer: the routes, housekeeping, a script, an operator's SQL.
//
// Keys: sessions by id_hash and api_secrets by secret_hash (the token a cache entry is found by);
// users, project_users and user_roles by the user; roles, workspaces and components by the project;
// component_versions by the component. A session's or secret's insert names no cached caller (its
// token is new), and a role's insert gives nobody anything until a user_roles row does: those are
// left out. A component's insert is not: a caller found with 'no such component' is dropped.
import { sql, type Kysely } from 'kysely';

const CHANNEL = 'luma_bus';

/** table, key column, operations */
export const CALLER_TABLES: readonly [string, string, string][] = [
  ['sessions', 'id_hash', 'update or delete'],
  ['api_secrets', 'secret_hash', 'update or delete'],
  ['users', 'uuid', 'update or delete'],
  ['project_users', 'user_uuid', 'insert or update or delete'],
  ['user_roles', 'user_uuid', 'insert or update or delete'],
  ['roles', 'project_uuid', 'update or delete'],
  ['workspaces', 'project_uuid', 'insert or update or delete'],
  ['components', 'project_uuid', 'insert or update or delete'],
  ['component_versions', 'component_uuid', 'insert or update or delete'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // The envelope is the bus's ({ i: sender, c: channel, p: payload }); the sender 'database' is no instance.
  await sql
    .raw(
      `create function luma_caller_changed() returns trigger language plpgsql as $$
declare
  old_key text;
  new_key text;
begin
  if tg_op <> 'INSERT' then old_key := to_jsonb(old) ->> tg_argv[0]; end if;
  if tg_op <> 'DELETE' then new_key := to_jsonb(new) ->> tg_argv[0]; end if;
  if old_key is not null then
    perform pg_notify('${CHANNEL}', json_build_object('i', 'database', 'c', 'caller.changed', 'p', json_build_object('t', tg_table_name, 'k', old_key))::text);
  end if;
  if new_key is not null and new_key is distinct from old_key then
    perform pg_notify('${CHANNEL}', json_build_object('i', 'database', 'c', 'caller.changed', 'p', json_build_object('t', tg_table_name, 'k', new_key))::text);
  end if;
  return null;
end
$$`,
    )
    .execute(db);
  for (const [table, key, operations] of CALLER_TABLES) {
    await sql
      .raw(`create trigger ${table}_caller_changed after ${operations} on ${table} for each row execute function luma_caller_changed('${key}')`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table] of CALLER_TABLES) await sql.raw(`drop trigger if exists ${table}_caller_changed on ${table}`).execute(db);
  await sql.raw('drop function if exists luma_caller_changed()').execute(db);
}
