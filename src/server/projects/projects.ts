// Projects the caller belongs to, shaped as the contract's Project and ProjectUser, and the
// project writes of docs/iam.md "Projects and workspaces": create, rename, transfer and leave.
import type { Kysely } from 'kysely';
import type { Environment, Project, ProjectUser, RoleSummary } from '../../../runtime/api/contract';
import { IAM_MESSAGE } from '../../../runtime/api/iam';
import { deleteMembership, findMember, grantRoles, holdsAdminRole, insertMembership } from '../iam/members-sql';
import { adminRoleOf, insertRole, roleGrantsOfProject } from '../iam/roles-sql';
import { environmentsOfWorkspaces, insertWorkspace } from '../iam/workspaces-sql';
import { insertProject, membersOfProjects, projectsOfUser, renameProject, setProjectOwner, workspacesOfProjects } from './projects-sql';
import { findProject, isProjectMember } from '../auth/tenancy-sql';
import type { Database, ProjectRow } from '../db/schema';
import { badRequest, fieldsNotValid, forbidden } from '../platform/errors';
import { isPlainObject, isUuid } from '../platform/validate';
import { FieldErrors, checkName, iamForbidden, withAdminGuard } from '../iam/access';
import { requireProject, type Accountability } from '../auth/tenancy';

type Db = Kysely<Database>;

async function shapeProjects(db: Db, rows: ProjectRow[]): Promise<Project[]> {
  const uuids = rows.map((row) => row.uuid);
  const [workspaces, members] = await Promise.all([workspacesOfProjects(db, uuids), membersOfProjects(db, uuids)]);
  const environments = await environmentsOfWorkspaces(db, workspaces.map((workspace) => workspace.uuid));
  return rows.map((row) => ({
    uuid: row.uuid,
    name: row.name,
    workspaces: workspaces
      .filter((workspace) => workspace.project_uuid === row.uuid)
      .map((workspace) => ({
        ...workspace,
        environments: environments.filter((env) => env.workspace_uuid === workspace.uuid).map((env) => env.name as Environment),
      })),
    users: members.filter((member) => member.project_uuid === row.uuid).map((member) => ({ user_uuid: member.user_uuid })),
    account: { ...(isPlainObject(row.account) ? row.account : {}), owner_uuid: row.owner_uuid },
  }));
}

export async function listProjects(db: Db, accountability: Accountability): Promise<Project[]> {
  return shapeProjects(db, await projectsOfUser(db, accountability.user.uuid));
}

/** A project by uuid, for members only; a stranger's project and a missing one both answer 403. */
export async function getProject(db: Db, accountability: Accountability, uuid: string): Promise<Project> {
  if (!isUuid(uuid)) throw badRequest([{ field: 'uuid', messages: ['invalid'] }]);
  if (!(await isProjectMember(db, accountability.user.uuid, uuid))) throw forbidden();
  const row = await findProject(db, uuid);
  if (!row) throw forbidden();
  const [project] = await shapeProjects(db, [row]);
  if (!project) throw forbidden();
  return project;
}

export function currentProject(db: Db, accountability: Accountability): Promise<Project> {
  return getProject(db, accountability, requireProject(accountability));
}

export async function projectUsers(db: Db, accountability: Accountability): Promise<ProjectUser[]> {
  const projectUuid = requireProject(accountability);
  const [members, grants] = await Promise.all([membersOfProjects(db, [projectUuid]), roleGrantsOfProject(db, projectUuid)]);
  return members.map((member) => {
    const roles: RoleSummary[] = [];
    for (const grant of grants) {
      if (grant.user_uuid === member.user_uuid && !roles.some((role) => role.uuid === grant.uuid)) roles.push({ uuid: grant.uuid, name: grant.name });
    }
    return { user_uuid: member.user_uuid, name: member.name, email: member.email, status: member.status, is_owner: member.is_owner, roles };
  });
}

// ---- Writes -------------------------------------------------------------------------------------

/** The administrator role every new project starts with. */
export const ADMIN_ROLE = { name: 'Administrator', is_admin: true, level: 100, permissions: [] as string[] };

function projectUuidParam(uuid: string): string {
  if (!isUuid(uuid)) throw badRequest([{ field: 'uuid', messages: ['invalid'] }]);
  return uuid.toLowerCase();
}

function checkProjectInput(body: Record<string, unknown>): string {
  const errors = new FieldErrors();
  const name = checkName(body.name, errors);
  errors.throwIfAny();
  return name;
}

async function shapeOne(db: Db, uuid: string): Promise<Project> {
  const row = await findProject(db, uuid);
  if (!row) throw forbidden();
  const [project] = await shapeProjects(db, [row]);
  return project!;
}

/** POST /v1/project: any signed-in person, even one with no project yet. */
export async function createProject(db: Db, accountability: Accountability, body: Record<string, unknown>): Promise<Project> {
  if (accountability.user.kind !== 'person') throw forbidden();
  const name = checkProjectInput(body);
  const ownerUuid = accountability.user.uuid;
  const uuid = await db.transaction().execute(async (tx) => {
    const projectUuid = await insertProject(tx, name, ownerUuid);
    const roleUuid = await insertRole(tx, projectUuid, ADMIN_ROLE);
    await insertMembership(tx, projectUuid, ownerUuid, true);
    await grantRoles(tx, ownerUuid, [roleUuid]);
    await insertWorkspace(tx, projectUuid, 'Main');
    return projectUuid;
  });
  return shapeOne(db, uuid);
}

/** The caller's active membership of the project; 403 'forbidden' for anyone else (and for no such project). */
async function requireActiveMember(db: Db, projectUuid: string, userUuid: string) {
  const member = await findMember(db, projectUuid, userUuid);
  if (!member || member.status !== 'active') throw forbidden();
  return member;
}

/** PUT /v1/project/{uuid}: admins of that project. */
export async function updateProject(db: Db, accountability: Accountability, uuid: string, body: Record<string, unknown>): Promise<Project> {
  const projectUuid = projectUuidParam(uuid);
  await requireActiveMember(db, projectUuid, accountability.user.uuid);
  if (!(await holdsAdminRole(db, projectUuid, accountability.user.uuid))) throw forbidden();
  const name = checkProjectInput(body);
  await renameProject(db, projectUuid, name);
  return shapeOne(db, projectUuid);
}

const notAMember = (field: string) => fieldsNotValid([{ field, messages: [IAM_MESSAGE.notAMember] }]);

/**
 * Moves ownership inside a transaction holding the project lock: the new owner (an active person
 * member other than the owner) gets is_owner and the project's admin role; the previous owner's
 * membership and their roles in the project are removed.
 */
async function transferWithin(tx: Db, projectUuid: string, fromUuid: string, target: unknown, field: string): Promise<void> {
  if (target === undefined || target === null || target === '') throw fieldsNotValid([{ field, messages: ['identityField.requiredField'] }]);
  if (!isUuid(target)) throw fieldsNotValid([{ field, messages: ['invalid'] }]);
  const toUuid = target.toLowerCase();
  const member = toUuid === fromUuid ? undefined : await findMember(tx, projectUuid, toUuid);
  if (!member || member.status !== 'active' || member.kind !== 'person') throw notAMember(field);
  let adminRole = (await adminRoleOf(tx, projectUuid))?.uuid;
  adminRole ??= await insertRole(tx, projectUuid, ADMIN_ROLE);
  await grantRoles(tx, toUuid, [adminRole]);
  await setProjectOwner(tx, projectUuid, toUuid);
  await deleteMembership(tx, projectUuid, fromUuid);
}

/** POST /v1/project/{uuid}/transfer: the owner only (403 'ownerOnly' for other members). */
export async function transferProject(db: Db, accountability: Accountability, uuid: string, body: unknown): Promise<Project> {
  const projectUuid = projectUuidParam(uuid);
  const input = body === undefined ? {} : body;
  if (!isPlainObject(input)) throw badRequest();
  const callerUuid = accountability.user.uuid;
  await withAdminGuard(db, projectUuid, async (tx) => {
    const caller = await requireActiveMember(tx, projectUuid, callerUuid);
    if (!caller.is_owner) throw iamForbidden(IAM_MESSAGE.ownerOnly);
    await transferWithin(tx, projectUuid, callerUuid, input.user_uuid, 'user_uuid');
  });
  return shapeOne(db, projectUuid);
}

/** POST /v1/project/{uuid}/leave: a member leaves; the owner names the new owner first. */
export async function leaveProject(db: Db, accountability: Accountability, uuid: string, body: unknown): Promise<Record<string, never>> {
  const projectUuid = projectUuidParam(uuid);
  const input = body === undefined || body === null ? {} : body;
  if (!isPlainObject(input)) throw badRequest();
  const callerUuid = accountability.user.uuid;
  await withAdminGuard(db, projectUuid, async (tx) => {
    const caller = await requireActiveMember(tx, projectUuid, callerUuid);
    if (caller.is_owner) await transferWithin(tx, projectUuid, callerUuid, input.new_owner_uuid, 'new_owner_uuid');
    else await deleteMembership(tx, projectUuid, callerUuid);
  });
  return {};
}
