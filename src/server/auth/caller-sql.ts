// Who is calling, in one round trip (docs/iam.md "Who is calling"): the principal (a session's user,
// or an API user by its secret), the project it acts in (the header's, else the session's, else its
// first; active memberships only), the workspace (the header's, else the first the person has a role in,
// else the project's first) and its roles
// there. The session hook keeps what this finds in the caller cache (auth/caller-cache.ts), which
// every change to these rows empties on every instance; the event-bus sockets call it directly.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { clockNow } from '../db/now';
import { PREPARE } from '../db/database';
import type { ComponentRow, Database, UserRow } from '../db/schema';
import type { ComponentWithEnvVersion } from './route-component';

type Db = Kysely<Database>;

export interface PrincipalRole {
  uuid: string;
  name: string;
  is_admin: boolean;
  level: number;
  permissions: unknown;
}

export interface PrincipalRow {
  user: UserRow;
  /** The session (cookie) or null for an API user. */
  session: { id_hash: string; uuid: string; project_uuid: string | null; last_seen_at: Date; expires_at: Date } | null;
  /** The API secret (bearer) or null for a session. */
  secret: { uuid: string; last_used_at: Date | null } | null;
  now: Date;
  /** The project the caller acts in; null when the header's project is not one of its active memberships, or it has none. */
  project_uuid: string | null;
  /** The workspace; null when the header's workspace is not of that project, or the project has none. */
  workspace_uuid: string | null;
  roles: PrincipalRole[];
  /** The component asked for in the lookup (in the chosen project, with its env version's settings), or null. */
  component: ComponentWithEnvVersion | null;
}

export interface PrincipalLookup {
  by: 'session' | 'bearer';
  /** sha256 hex of the cookie token or the bearer secret. */
  tokenHash: string;
  projectUuid: string | null;
  workspaceUuid: string | null;
  /** A component the route works on, looked up in the chosen project in the same statement. */
  component?: { by: { uuid: string } | { scope: string | null; name: string }; env: 'dev' | 'live' };
}

const EXTRA_COLUMNS = [
  'p_session_id_hash',
  'p_session_uuid',
  'p_session_project',
  'p_session_last_seen_at',
  'p_session_expires_at',
  'p_secret_uuid',
  'p_secret_last_used_at',
  'p_now',
  'p_project',
  'p_workspace',
  'p_roles',
  'p_component',
] as const;

/** json timestamps arrive as text; the component row's are Dates everywhere else. */
function componentFrom(value: unknown): ComponentWithEnvVersion | null {
  const parsed = typeof value === 'string' ? JSON.parse(value) : value;
  if (!parsed || typeof parsed !== 'object') return null;
  const { row, settings, version_updated_at } = parsed as { row: Record<string, unknown>; settings: unknown; version_updated_at: string | null };
  return {
    row: { ...row, created_at: new Date(row.created_at as string), updated_at: new Date(row.updated_at as string) } as unknown as ComponentRow,
    settings: settings && typeof settings === 'object' ? (settings as Record<string, unknown>) : null,
    versionUpdatedAt: version_updated_at === null ? null : new Date(version_updated_at),
  };
}

// Named, not u.*: the statement is prepared once per connection, and a column added to users by a
// newer instance's migration must not change its result type under a running one.
const USER_COLUMNS = sql.raw(
  [
    'uuid', 'name', 'email', 'password_hash', 'settings', 'billing_address', 'status', 'login_at', 'created_at', 'updated_at',
    'kind', 'totp_secret', 'totp_pending_secret', 'totp_last_step', 'password_changed_at',
  ]
    .map((column) => `u.${column}`)
    .join(', '),
);

/** The caller's user with its session (cookie) or its API secret (bearer), and the database's time. */
function principalSql(lookup: PrincipalLookup): RawBuilder<unknown> {
  return lookup.by === 'session'
    ? sql`select ${USER_COLUMNS}, s.id_hash as p_session_id_hash, s.uuid as p_session_uuid, s.project_uuid as p_session_project,
          s.last_seen_at as p_session_last_seen_at, s.expires_at as p_session_expires_at,
          null::uuid as p_secret_uuid, null::timestamptz as p_secret_last_used_at, ${clockNow()} as p_now
        from sessions s join users u on u.uuid = s.user_uuid
        where s.id_hash = ${lookup.tokenHash} and u.kind = 'person'`
    : sql`select ${USER_COLUMNS}, null::text as p_session_id_hash, null::uuid as p_session_uuid, null::uuid as p_session_project,
          null::timestamptz as p_session_last_seen_at, null::timestamptz as p_session_expires_at,
          a.uuid as p_secret_uuid, a.last_used_at as p_secret_last_used_at, ${clockNow()} as p_now
        from api_secrets a join users u on u.uuid = a.user_uuid
        where a.secret_hash = ${lookup.tokenHash} and a.revoked_at is null and u.kind = 'api'`;
}

/** The component the lookup asks for, and the column naming its environment's version. */
function componentSql(wanted: PrincipalLookup['component']): { match: RawBuilder<unknown>; versionColumn: RawBuilder<unknown> } {
  const match =
    wanted === undefined
      ? sql`false`
      : 'uuid' in wanted.by
        ? sql`c.uuid = ${wanted.by.uuid}::uuid`
        : sql`coalesce(c.scope, '') = ${wanted.by.scope ?? ''} and c.name = ${wanted.by.name}`;
  return { match, versionColumn: wanted?.env === 'dev' ? sql.ref('c.dev_version') : sql.ref('c.public_version') };
}

export async function findPrincipal(db: Db, lookup: PrincipalLookup): Promise<PrincipalRow | null> {
  const component = componentSql(lookup.component);
  const result = await sql<Record<string, unknown>>`${sql.raw(PREPARE)}
    with principal as (${principalSql(lookup)}),
    chosen_project as (
      select case when ${lookup.projectUuid}::uuid is not null then
        (select pu.project_uuid from project_users pu, principal p
          where pu.user_uuid = p.uuid and pu.project_uuid = ${lookup.projectUuid}::uuid and pu.status = 'active')
      else coalesce(
        (select pu.project_uuid from project_users pu, principal p
          where pu.user_uuid = p.uuid and pu.project_uuid = p.p_session_project and pu.status = 'active'),
        (select pu.project_uuid from project_users pu, principal p
          where pu.user_uuid = p.uuid and pu.status = 'active' order by pu.created_at, pu.project_uuid limit 1))
      end as uuid
    ),
    chosen_workspace as (
      select case when ${lookup.workspaceUuid}::uuid is not null then
        (select w.uuid from workspaces w, chosen_project c where w.uuid = ${lookup.workspaceUuid}::uuid and w.project_uuid = c.uuid)
      else
        -- No workspace asked for: the first one the person holds a role in (a project-wide role counts
        -- in every workspace), else the first. Someone whose only role is in a later workspace lands
        -- where they can work instead of on 'no role in this workspace'.
        (select w.uuid from workspaces w, chosen_project c, principal p where w.project_uuid = c.uuid
          order by exists (
            select 1 from user_roles ur join roles r on r.uuid = ur.role_uuid
            where ur.user_uuid = p.uuid and r.project_uuid = c.uuid and (ur.workspace_uuid is null or ur.workspace_uuid = w.uuid)) desc,
          w.created_at, w.uuid limit 1)
      end as uuid
    ),
    chosen_component as (
      select row_to_json(c) as row, v.settings as settings, v.updated_at as version_updated_at
      from chosen_project cp
      join components c on c.project_uuid = cp.uuid
      left join component_versions v on v.component_uuid = c.uuid and v.name = ${component.versionColumn}
      where ${component.match}
    )
    select p.*, c.uuid as p_project, w.uuid as p_workspace,
      (select row_to_json(cc) from chosen_component cc) as p_component,
      (select coalesce(json_agg(json_build_object('uuid', r.uuid, 'name', r.name, 'is_admin', r.is_admin, 'level', r.level,
          'permissions', r.permissions) order by r.level desc, r.name), '[]'::json)
        from roles r
        where r.project_uuid = c.uuid and exists (
          select 1 from user_roles ur
          where ur.role_uuid = r.uuid and ur.user_uuid = p.uuid
            and (ur.workspace_uuid is null or ur.workspace_uuid = w.uuid))) as p_roles
    from principal p, chosen_project c, chosen_workspace w`.execute(db);
  const row = result.rows[0];
  return row ? principalFrom(row) : null;
}

/** The statement's row as the principal: the user's own columns, the session or secret, the project, workspace, roles and component. */
function principalFrom(row: Record<string, unknown>): PrincipalRow {
  const user = { ...row } as Record<string, unknown>;
  for (const column of EXTRA_COLUMNS) delete user[column];
  const roles = typeof row.p_roles === 'string' ? JSON.parse(row.p_roles) : row.p_roles;
  return {
    user: user as unknown as UserRow,
    session:
      row.p_session_id_hash === null
        ? null
        : {
            id_hash: row.p_session_id_hash as string,
            uuid: row.p_session_uuid as string,
            project_uuid: (row.p_session_project as string | null) ?? null,
            last_seen_at: row.p_session_last_seen_at as Date,
            expires_at: row.p_session_expires_at as Date,
          },
    secret: row.p_secret_uuid === null ? null : { uuid: row.p_secret_uuid as string, last_used_at: (row.p_secret_last_used_at as Date | null) ?? null },
    now: row.p_now as Date,
    project_uuid: (row.p_project as string | null) ?? null,
    workspace_uuid: (row.p_workspace as string | null) ?? null,
    roles: Array.isArray(roles) ? (roles as PrincipalRole[]) : [],
    component: componentFrom(row.p_component),
  };
}

export async function touchApiSecret(db: Db, secretUuid: string): Promise<void> {
  await db.updateTable('api_secrets').set({ last_used_at: clockNow() }).where('uuid', '=', secretUuid).execute();
}
