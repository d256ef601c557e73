// SQL for invites (docs/iam.md "Invites"). Rows hold the sha256 of the token, never the token.
// An invite is open while it is not accepted and not expired, by the database clock.
import { sql, type Kysely } from 'kysely';
import { toJson } from '../db/json';
import type { Database } from '../db/schema';
import type { InviteRow } from '../db/schema-auth';
import { clockNow } from '../db/now';

type Db = Kysely<Database>;

export interface NewInvite {
  tokenHash: string;
  projectUuid: string;
  email: string;
  roleUuids: string[];
  invitedBy: string;
  days: number;
}

export function insertInvite(db: Db, invite: NewInvite): Promise<InviteRow> {
  const at = clockNow();
  return db
    .insertInto('invites')
    .values({
      token_hash: invite.tokenHash,
      project_uuid: invite.projectUuid,
      email: invite.email,
      role_uuids: toJson(invite.roleUuids),
      invited_by: invite.invitedBy,
      created_at: at,
      expires_at: sql<Date>`${at} + ${invite.days} * interval '1 day'`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function listOpenInvites(db: Db, projectUuid: string): Promise<InviteRow[]> {
  return db
    .selectFrom('invites')
    .selectAll()
    .where('project_uuid', '=', projectUuid)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', clockNow())
    .orderBy('created_at', 'desc')
    .orderBy('uuid')
    .execute();
}

/** Drops the project's open invites of an e-mail (a newer invite replaces them). */
export async function deleteOpenInvitesOf(db: Db, projectUuid: string, email: string): Promise<void> {
  await db
    .deleteFrom('invites')
    .where('project_uuid', '=', projectUuid)
    .where('accepted_at', 'is', null)
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .execute();
}

/** Deletes an invite of the project that is not accepted yet; answers whether one was deleted. */
export async function deleteInvite(db: Db, projectUuid: string, uuid: string): Promise<boolean> {
  const result = await db
    .deleteFrom('invites')
    .where('project_uuid', '=', projectUuid)
    .where('uuid', '=', uuid)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export type OpenInvite = InviteRow & { project_name: string };

/** The open invite of a token hash, with its project's name. */
export function findOpenInvite(db: Db, tokenHash: string): Promise<OpenInvite | undefined> {
  return db
    .selectFrom('invites')
    .innerJoin('projects', 'projects.uuid', 'invites.project_uuid')
    .selectAll('invites')
    .select('projects.name as project_name')
    .where('invites.token_hash', '=', tokenHash)
    .where('invites.accepted_at', 'is', null)
    .where('invites.expires_at', '>', clockNow())
    .executeTakeFirst();
}

/**
 * Marks the invite accepted if it still is open: one statement, so of two concurrent accepts
 * exactly one gets the row back (the other waits for the first, then finds it accepted).
 */
export function claimInvite(db: Db, uuid: string, userUuid: string | null): Promise<InviteRow | undefined> {
  return db
    .updateTable('invites')
    .set({ accepted_at: clockNow(), accepted_by: userUuid })
    .where('uuid', '=', uuid)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', clockNow())
    .returningAll()
    .executeTakeFirst();
}

export async function setInviteAcceptedBy(db: Db, uuid: string, userUuid: string): Promise<void> {
  await db.updateTable('invites').set({ accepted_by: userUuid }).where('uuid', '=', uuid).execute();
}

/** The account an invite creates: a person, active, with the invite's e-mail. */
export async function insertInvitedUser(db: Db, user: { uuid: string; name: string; email: string; passwordHash: string }): Promise<void> {
  await db
    .insertInto('users')
    .values({ uuid: user.uuid, name: user.name, email: user.email, password_hash: user.passwordHash, status: 'active', kind: 'person' })
    .execute();
}
