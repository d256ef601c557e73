// Workspaces of the current project (GET /v1/workspace/list, POST /v1/workspace, GET and PUT
// /v1/workspace/{uuid}), for admins of that project. Each new workspace gets dev and live.
import type { Kysely } from 'kysely';
import type { Environment } from '../../../runtime/api/contract';
import type { WorkspaceItem } from '../../../runtime/api/iam';
import { environmentsOfWorkspaces } from './workspaces-sql';
import { findWorkspace, insertWorkspace, listWorkspaces, renameWorkspace, type WorkspaceRow } from './workspaces-sql';
import type { Database } from '../db/schema';
import { notFound } from '../platform/errors';
import { FieldErrors, checkName, pathUuid, requireAdmin } from './access';
import type { Accountability } from '../auth/tenancy';

type Db = Kysely<Database>;

async function shapeWorkspaces(db: Db, rows: WorkspaceRow[]): Promise<WorkspaceItem[]> {
  const environments = await environmentsOfWorkspaces(db, rows.map((row) => row.uuid));
  return rows.map((row) => ({
    uuid: row.uuid,
    project_uuid: row.project_uuid,
    name: row.name,
    environments: environments.filter((env) => env.workspace_uuid === row.uuid).map((env) => env.name as Environment),
    created_at: new Date(row.created_at).toISOString(),
  }));
}

async function workspaceItem(db: Db, projectUuid: string, uuid: string): Promise<WorkspaceItem> {
  const row = await findWorkspace(db, projectUuid, uuid);
  if (!row) throw notFound();
  const [item] = await shapeWorkspaces(db, [row]);
  return item!;
}

function checkWorkspaceInput(body: Record<string, unknown>): string {
  const errors = new FieldErrors();
  const name = checkName(body.name, errors);
  errors.throwIfAny();
  return name;
}

export async function workspaceItems(db: Db, accountability: Accountability): Promise<WorkspaceItem[]> {
  const projectUuid = requireAdmin(accountability);
  return shapeWorkspaces(db, await listWorkspaces(db, projectUuid));
}

export function getWorkspace(db: Db, accountability: Accountability, uuid: string): Promise<WorkspaceItem> {
  return workspaceItem(db, requireAdmin(accountability), pathUuid(uuid));
}

export async function createWorkspace(db: Db, accountability: Accountability, body: Record<string, unknown>): Promise<WorkspaceItem> {
  const projectUuid = requireAdmin(accountability);
  const name = checkWorkspaceInput(body);
  const uuid = await db.transaction().execute((tx) => insertWorkspace(tx, projectUuid, name));
  return workspaceItem(db, projectUuid, uuid);
}

export async function editWorkspace(db: Db, accountability: Accountability, uuid: string, body: Record<string, unknown>): Promise<WorkspaceItem> {
  const projectUuid = requireAdmin(accountability);
  const workspaceUuid = pathUuid(uuid);
  const name = checkWorkspaceInput(body);
  if (!(await findWorkspace(db, projectUuid, workspaceUuid))) throw notFound();
  await renameWorkspace(db, projectUuid, workspaceUuid, name);
  return workspaceItem(db, projectUuid, workspaceUuid);
}
