// First start: an empty database gets the project "Luma", the workspace "Main" with dev and
// live environments, an admin role and the admin user. Never runs again once a user exists,
// so a restart never changes the admin's password.
import { sql, type Kysely } from 'kysely';
import type { Config } from '../platform/config';
import { generatePassword, hashPassword } from './passwords';
import { toJson } from '../db/json';
import { countUsers } from './users-sql';
import type { Database } from '../db/schema';

export interface SeedResult {
  seeded: boolean;
  adminEmail: string;
  /** Set only when the password was generated (LUMA_ADMIN_PASSWORD unset): print it once. */
  generatedPassword: string | null;
}

// Serialises concurrent first starts of several instances on one PostgreSQL database.
const SEED_LOCK_KEY = 7_240_101;

export async function seed(db: Kysely<Database>, config: Pick<Config, 'adminEmail' | 'adminPassword'>): Promise<SeedResult> {
  const result: SeedResult = { seeded: false, adminEmail: config.adminEmail, generatedPassword: null };
  if ((await countUsers(db)) > 0) return result;

  const password = config.adminPassword ?? generatePassword();
  const passwordHash = await hashPassword(password);

  const seeded = await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(tx);
    if ((await countUsers(tx)) > 0) return false;

    const userUuid = crypto.randomUUID();
    const projectUuid = crypto.randomUUID();
    const workspaceUuid = crypto.randomUUID();
    const roleUuid = crypto.randomUUID();
    await tx
      .insertInto('users')
      .values({ uuid: userUuid, name: 'Administrator', email: config.adminEmail, password_hash: passwordHash, status: 'active' })
      .execute();
    await tx.insertInto('projects').values({ uuid: projectUuid, name: 'Luma', owner_uuid: userUuid, account: toJson({}) }).execute();
    await tx.insertInto('workspaces').values({ uuid: workspaceUuid, project_uuid: projectUuid, name: 'Main' }).execute();
    await tx
      .insertInto('environments')
      .values([
        { workspace_uuid: workspaceUuid, name: 'dev', settings: toJson({}) },
        { workspace_uuid: workspaceUuid, name: 'live', settings: toJson({}) },
      ])
      .execute();
    await tx
      .insertInto('roles')
      .values({ uuid: roleUuid, project_uuid: projectUuid, name: 'Administrator', is_admin: true, level: 100, permissions: toJson([]) })
      .execute();
    await tx.insertInto('project_users').values({ project_uuid: projectUuid, user_uuid: userUuid, is_owner: true }).execute();
    await tx.insertInto('user_roles').values({ user_uuid: userUuid, role_uuid: roleUuid, workspace_uuid: null }).execute();
    return true;
  });

  if (!seeded) return result;
  return { seeded: true, adminEmail: config.adminEmail, generatedPassword: config.adminPassword ? null : password };
}
