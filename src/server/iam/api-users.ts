// API users of the current project (docs/iam.md "API users"): a users row of kind 'api' with an
// active membership, roles, and secrets. A secret is 'luma_' + 32 random bytes (base64url); only
// its sha256 and last four characters are stored, and the token is answered once.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ApiSecretCreated, ApiSecretItem, ApiUserCreated, ApiUserItem } from '../../../runtime/api/iam';
import { insertApiUser, insertSecret, revokeSecret, secretsOf } from './api-users-sql';
import { findMember, grantRoles, insertMembership } from './members-sql';
import type { Database } from '../db/schema';
import type { ApiSecretRow } from '../db/schema-auth';
import { notFound } from '../platform/errors';
import { FieldErrors, checkName, checkUuidList, pathUuid, requireAdmin, requireProjectRoles, sha256 } from './access';
import { memberItem } from './members';
import type { Accountability } from '../auth/tenancy';

type Db = Kysely<Database>;

export const API_TOKEN_PREFIX = 'luma_';

export function newApiToken(): { token: string; hash: string; hint: string } {
  const token = API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  return { token, hash: sha256(token), hint: token.slice(-4) };
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

function toSecretItem(row: ApiSecretRow): ApiSecretItem {
  return { uuid: row.uuid, hint: row.hint, created_at: new Date(row.created_at).toISOString(), last_used_at: iso(row.last_used_at), revoked_at: iso(row.revoked_at) };
}

async function addSecret(db: Db, userUuid: string, createdBy: string): Promise<ApiSecretCreated> {
  const { token, hash, hint } = newApiToken();
  const row = await insertSecret(db, { userUuid, secretHash: hash, hint, createdBy });
  return { ...toSecretItem(row), token };
}

/** The API user of the project with this uuid (404 for persons and other projects' users). */
async function requireApiUser(db: Db, projectUuid: string, uuid: string): Promise<string> {
  const userUuid = pathUuid(uuid);
  const member = await findMember(db, projectUuid, userUuid);
  if (!member || member.kind !== 'api') throw notFound();
  return userUuid;
}

async function apiUserItem(db: Db, projectUuid: string, userUuid: string): Promise<ApiUserItem> {
  const [member, secrets] = await Promise.all([memberItem(db, projectUuid, userUuid), secretsOf(db, userUuid)]);
  return { ...member, secrets: secrets.map(toSecretItem) };
}

export async function createApiUser(db: Db, accountability: Accountability, body: Record<string, unknown>): Promise<ApiUserCreated> {
  const projectUuid = requireAdmin(accountability);
  const errors = new FieldErrors();
  const name = checkName(body.name, errors);
  const roleUuids = checkUuidList(body.role_uuids, errors);
  errors.throwIfAny();

  const { userUuid, secret } = await db.transaction().execute(async (tx) => {
    await requireProjectRoles(tx, projectUuid, roleUuids);
    const userUuid = await insertApiUser(tx, name);
    await insertMembership(tx, projectUuid, userUuid);
    await grantRoles(tx, userUuid, roleUuids);
    return { userUuid, secret: await addSecret(tx, userUuid, accountability.user.uuid) };
  });
  return { user: await apiUserItem(db, projectUuid, userUuid), secret };
}

export async function getApiUser(db: Db, accountability: Accountability, uuid: string): Promise<ApiUserItem> {
  const projectUuid = requireAdmin(accountability);
  return apiUserItem(db, projectUuid, await requireApiUser(db, projectUuid, uuid));
}

export async function createApiSecret(db: Db, accountability: Accountability, uuid: string): Promise<ApiSecretCreated> {
  const projectUuid = requireAdmin(accountability);
  const userUuid = await requireApiUser(db, projectUuid, uuid);
  return addSecret(db, userUuid, accountability.user.uuid);
}

export async function revokeApiSecret(db: Db, accountability: Accountability, uuid: string, secretUuid: string): Promise<ApiSecretItem> {
  const projectUuid = requireAdmin(accountability);
  const userUuid = await requireApiUser(db, projectUuid, uuid);
  const row = await revokeSecret(db, userUuid, pathUuid(secretUuid, 'secret'));
  if (!row) throw notFound();
  return toSecretItem(row);
}
