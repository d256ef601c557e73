// The caller's accountability: who, in which project, workspace and environment, with which
// roles. Built on every request, so a changed role takes effect on the next one.
import type { Kysely } from 'kysely';
import { DEFAULT_ENVIRONMENT, ENVIRONMENTS, ERROR_KEY, type Environment } from '../../../runtime/api/contract';
import { firstProjectOf, firstWorkspaceOf, isProjectMember, isWorkspaceOfProject, rolesOfUser } from '../db/queries/tenancy';
import { findUserByUuid } from '../db/queries/users';
import type { Database, UserRow } from '../db/schema';
import { HttpError, badRequest, forbidden, unauthorized } from '../errors';
import { isUuid } from '../validate';
import type { ActiveSession } from './sessions';

export interface AccountabilityRole {
  uuid: string;
  name: string;
  is_admin: boolean;
  level: number;
}

export interface Accountability {
  user: UserRow;
  /** null only when the user belongs to no project at all. */
  project_uuid: string | null;
  workspace_uuid: string | null;
  env: Environment;
  roles: AccountabilityRole[];
  is_admin: boolean;
  permissions: string[];
}

export interface TenantHeaders {
  projectUuid?: string;
  workspaceUuid?: string;
  env?: string;
}

function parseEnv(value: string | undefined): Environment {
  if (value === undefined || value === '') return DEFAULT_ENVIRONMENT;
  const env = ENVIRONMENTS.find((candidate) => candidate === value.trim().toLowerCase());
  if (!env) throw new HttpError(400, ERROR_KEY.invalidEnvironment);
  return env;
}

export async function buildAccountability(db: Kysely<Database>, session: ActiveSession, headers: TenantHeaders): Promise<Accountability> {
  const env = parseEnv(headers.env);
  if (headers.projectUuid !== undefined && !isUuid(headers.projectUuid)) throw badRequest([{ field: 'x-project-uuid', messages: ['invalid'] }]);
  if (headers.workspaceUuid !== undefined && !isUuid(headers.workspaceUuid)) throw badRequest([{ field: 'x-workspace-uuid', messages: ['invalid'] }]);

  const user = await findUserByUuid(db, session.userUuid);
  if (!user) throw unauthorized();

  let projectUuid: string | null = null;
  if (headers.projectUuid !== undefined) {
    // Not a member and no such project answer alike, so project ids cannot be probed.
    if (!(await isProjectMember(db, user.uuid, headers.projectUuid))) throw forbidden();
    projectUuid = headers.projectUuid.toLowerCase();
  } else if (session.projectUuid && (await isProjectMember(db, user.uuid, session.projectUuid))) {
    projectUuid = session.projectUuid;
  } else {
    // Removed from the session's project since login: fall back to another membership.
    projectUuid = await firstProjectOf(db, user.uuid);
  }

  let workspaceUuid: string | null = null;
  if (headers.workspaceUuid !== undefined) {
    if (!projectUuid || !(await isWorkspaceOfProject(db, headers.workspaceUuid, projectUuid))) throw forbidden();
    workspaceUuid = headers.workspaceUuid.toLowerCase();
  } else if (projectUuid) {
    workspaceUuid = await firstWorkspaceOf(db, projectUuid);
  }

  const roles = projectUuid ? await rolesOfUser(db, user.uuid, projectUuid, workspaceUuid) : [];
  const permissions = new Set<string>();
  for (const role of roles) {
    for (const permission of Array.isArray(role.permissions) ? role.permissions : []) {
      if (typeof permission === 'string') permissions.add(permission);
    }
  }
  return {
    user,
    project_uuid: projectUuid,
    workspace_uuid: workspaceUuid,
    env,
    roles: roles.map(({ uuid, name, is_admin, level }) => ({ uuid, name, is_admin, level })),
    is_admin: roles.some((role) => role.is_admin),
    permissions: [...permissions].sort(),
  };
}

/** The accountability's project, for routes that need one (403 'noProject' otherwise). */
export function requireProject(accountability: Accountability): string {
  if (!accountability.project_uuid) throw forbidden(ERROR_KEY.noProject);
  return accountability.project_uuid;
}
