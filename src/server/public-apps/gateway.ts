// The gateway's public-app lists (spec section 7): the project's public apps the caller's environment
// serves (its version set; spec section 4) with their hostnames, and every public app's onboarding
// state (the App entity of spec section 3), for any member of the project.
import type { Kysely } from 'kysely';
import type { GatewayPublicApp, PublicAppOnboardingItem } from '../../../runtime/api/public-apps';
import type { Database } from '../db/schema';
import { requireProject, type Accountability } from '../auth/tenancy';
import { hostnamesOf, publicAppsOfProject, settingsOf } from './sql';

type Db = Kysely<Database>;

export async function allPublicApps(db: Db, accountability: Accountability): Promise<GatewayPublicApp[]> {
  const rows = await publicAppsOfProject(db, requireProject(accountability));
  const uuids = rows.map((row) => row.uuid);
  const [hostnames, settings] = await Promise.all([hostnamesOf(db, uuids), settingsOf(db, uuids)]);
  return rows.flatMap((row) => {
    const version = accountability.env === 'live' ? row.public_version : row.dev_version;
    if (!version) return [];
    return [{ uuid: row.uuid, name: row.name, label: row.label, icon: row.icon, version, hostnames: hostnames.get(row.uuid) ?? [], portal: settings.get(row.uuid)?.portal ?? false }];
  });
}

export async function publicAppsOnboarding(db: Db, accountability: Accountability): Promise<PublicAppOnboardingItem[]> {
  const rows = await publicAppsOfProject(db, requireProject(accountability));
  return rows.map((row) => ({
    uuid: row.uuid,
    name: row.name,
    dev_version: row.dev_version,
    public_version: row.public_version,
    onboarding: { required: row.onboarding_required, finished: row.onboarding_finished },
  }));
}
