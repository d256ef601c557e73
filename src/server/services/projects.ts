// Projects the caller belongs to, shaped as the contract's Project and ProjectUser.
import type { Kysely } from 'kysely';
import type { Environment, Project, ProjectUser, RoleSummary } from '../../../runtime/api/contract';
import { environmentsOfWorkspaces, findProject, membersOfProjects, projectsOfUser, roleGrantsOfProject, workspacesOfProjects } from '../db/queries/projects';
import { isProjectMember } from '../db/queries/tenancy';
import type { Database, ProjectRow } from '../db/schema';
import { badRequest, forbidden } from '../errors';
import { isPlainObject, isUuid } from '../validate';
import { requireProject, type Accountability } from './tenancy';

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
