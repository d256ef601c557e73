// Who is calling, in one round trip (docs/iam.md "Who is calling"): the principal (a session's user,
// or an API user by its secret), the project it acts in (the header's, else the session's, else its
// first; active memberships only), the workspace (the header's, else the project's first) and its roles
// there. Nothing is cached between requests, so a changed role, status or revocation applies to the
// caller's next request.
import { sql, type Kysely } from 'kysely';
import type { Database, UserRow } from '../schema';

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
}

export interface PrincipalLookup {
  by: 'session' | 'bearer';
  /** sha256 hex of the cookie token or the bearer secret. */
  tokenHash: string;
  projectUuid: string | null;
  workspaceUuid: string | null;
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
] as const;

export async function findPrincipal(db: Db, lookup: PrincipalLookup): Promise<PrincipalRow | null> {
  const principal =
    lookup.by === 'session'
      ? sql`select u.*, s.id_hash as p_session_id_hash, s.uuid as p_session_uuid, s.project_uuid as p_session_project,
            s.last_seen_at as p_session_last_seen_at, s.expires_at as p_session_expires_at,
            null::uuid as p_secret_uuid, null::timestamptz as p_secret_last_used_at, now() as p_now
          from sessions s join users u on u.uuid = s.user_uuid
          where s.id_hash = ${lookup.tokenHash} and u.kind = 'person'`
      : sql`select u.*, null::text as p_session_id_hash, null::uuid as p_session_uuid, null::uuid as p_session_project,
            null::timestamptz as p_session_last_seen_at, null::timestamptz as p_session_expires_at,
            a.uuid as p_secret_uuid, a.last_used_at as p_secret_last_used_at, now() as p_now
          from api_secrets a join users u on u.uuid = a.user_uuid
          where a.secret_hash = ${lookup.tokenHash} and a.revoked_at is null and u.kind = 'api'`;
  const result = await sql<Record<string, unknown>>`
    with principal as (${principal}),
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
        (select w.uuid from workspaces w, chosen_project c where w.project_uuid = c.uuid order by w.created_at, w.uuid limit 1)
      end as uuid
    )
    select p.*, c.uuid as p_project, w.uuid as p_workspace,
      (select coalesce(json_agg(json_build_object('uuid', r.uuid, 'name', r.name, 'is_admin', r.is_admin, 'level', r.level,
          'permissions', r.permissions) order by r.level desc, r.name), '[]'::json)
        from roles r
        where r.project_uuid = c.uuid and exists (
          select 1 from user_roles ur
          where ur.role_uuid = r.uuid and ur.user_uuid = p.uuid
            and (ur.workspace_uuid is null or ur.workspace_uuid = w.uuid))) as p_roles
    from principal p, chosen_project c, chosen_workspace w`.execute(db);
  const row = result.rows[0];
  if (!row) return null;
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
  };
}

export async function touchApiSecret(db: Db, secretUuid: string): Promise<void> {
  await db.updateTable('api_secrets').set({ last_used_at: sql<Date>`now()` }).where('uuid', '=', secretUuid).execute();
}
