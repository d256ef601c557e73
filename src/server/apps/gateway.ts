// The gateway's app lists (spec section 7): the apps of the caller's workspace, or of the whole
// project, that the caller's environment shows (its version set; spec section 4), for any member.
import type { Kysely } from 'kysely';
import type { GatewayApp } from '../../../runtime/api/apps';
import type { Database } from '../db/schema';
import type { AppRow } from '../db/schema-apps';
import { requireProject, type Accountability } from '../auth/tenancy';
import { appsOfProject, appsOfWorkspace } from './sql';

type Db = Kysely<Database>;

function visible(rows: AppRow[], env: Accountability['env']): GatewayApp[] {
  return rows.flatMap((row) => {
    const version = env === 'live' ? row.public_version : row.dev_version;
    if (!version) return [];
    return [{ uuid: row.uuid, name: row.name, label: row.label, icon: row.icon, version, onboarding: { required: row.onboarding_required, finished: row.onboarding_finished } }];
  });
}

export async function workspaceApps(db: Db, accountability: Accountability): Promise<GatewayApp[]> {
  const projectUuid = requireProject(accountability);
  if (!accountability.workspace_uuid) return [];
  return visible(await appsOfWorkspace(db, projectUuid, accountability.workspace_uuid), accountability.env);
}

export async function allApps(db: Db, accountability: Accountability): Promise<GatewayApp[]> {
  return visible(await appsOfProject(db, requireProject(accountability)), accountability.env);
}
