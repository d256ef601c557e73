// The caller's accountability: who, in which project, workspace and environment, with which
// roles. Built on every request (one database round trip), so a changed role takes effect on the next one.
import type { Kysely } from 'kysely';
import { DEFAULT_ENVIRONMENT, ENVIRONMENTS, ERROR_KEY, type Environment } from '../../../runtime/api/contract';
import type { PrincipalRow } from './caller-sql';
import type { ComponentWithEnvVersion } from './route-component';
import type { Database, UserRow } from '../db/schema';
import { HttpError, badRequest, forbidden } from '../platform/errors';
import { isUuid } from '../platform/validate';

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
  /** The calling browser tab's id (X-Luma-Client), when it sent a well-formed one: its record events carry it. */
  client?: string;
  /** The component of the route's {ref}, found with the caller (one round trip), when the route asked for it. */
  component?: { ref: string; found: ComponentWithEnvVersion | null };
}

export interface TenantHeaders {
  projectUuid?: string;
  workspaceUuid?: string;
  env?: string;
}

function parseEnv(value: string | undefined): Environment {
  // Absent is the default; present but empty is a mistake like any other value (400, never taken as live).
  if (value === undefined) return DEFAULT_ENVIRONMENT;
  const env = ENVIRONMENTS.find((candidate) => candidate === value.trim().toLowerCase());
  if (!env) throw new HttpError(400, ERROR_KEY.invalidEnvironment);
  return env;
}

/** Checks the tenancy headers' shape (before any database work): env, and uuids where given. */
export function parseTenantHeaders(headers: TenantHeaders): { env: Environment; projectUuid: string | null; workspaceUuid: string | null } {
  const env = parseEnv(headers.env);
  if (headers.projectUuid !== undefined && !isUuid(headers.projectUuid)) throw badRequest([{ field: 'x-project-uuid', messages: ['invalid'] }]);
  if (headers.workspaceUuid !== undefined && !isUuid(headers.workspaceUuid)) throw badRequest([{ field: 'x-workspace-uuid', messages: ['invalid'] }]);
  return { env, projectUuid: headers.projectUuid?.toLowerCase() ?? null, workspaceUuid: headers.workspaceUuid?.toLowerCase() ?? null };
}

/**
 * The accountability of a principal found by auth/caller-sql (one round trip): a tenancy
 * header naming a project that is not one of the caller's active memberships, or a workspace not of
 * that project, is 403 (the same answer whether or not it exists, so ids cannot be probed).
 */
export function buildAccountability(principal: PrincipalRow, tenant: ReturnType<typeof parseTenantHeaders>, componentRef?: string): Accountability {
  if (tenant.projectUuid !== null && principal.project_uuid === null) throw forbidden();
  if (tenant.workspaceUuid !== null && principal.workspace_uuid === null) throw forbidden();
  const permissions = new Set<string>();
  for (const role of principal.roles) {
    for (const permission of Array.isArray(role.permissions) ? role.permissions : []) {
      if (typeof permission === 'string') permissions.add(permission);
    }
  }
  return {
    user: principal.user,
    project_uuid: principal.project_uuid,
    workspace_uuid: principal.project_uuid === null ? null : principal.workspace_uuid,
    env: tenant.env,
    roles: principal.roles.map(({ uuid, name, is_admin, level }) => ({ uuid, name, is_admin, level })),
    is_admin: principal.roles.some((role) => role.is_admin),
    permissions: [...permissions].sort(),
    ...(componentRef === undefined ? {} : { component: { ref: componentRef, found: principal.component } }),
  };
}

/** The accountability's project, for routes that need one (403 'noProject' otherwise). */
export function requireProject(accountability: Accountability): string {
  if (!accountability.project_uuid) throw forbidden(ERROR_KEY.noProject);
  return accountability.project_uuid;
}
