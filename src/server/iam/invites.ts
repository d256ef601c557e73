// Invites (docs/iam.md "Invites"): an admin invites an e-mail with roles of the project; the
// invitee opens {public URL}/project/invite/{token} and accepts, signed in as the invited account
// or creating it. The token is a random uuid stored as its sha256, valid 7 days, single-use.
import type { Kysely } from 'kysely';
import { IAM_LIMITS, IAM_MESSAGE, type InviteAccepted, type InviteCreated, type InviteInfo, type InviteItem } from '../../../runtime/api/iam';
import type { RoleSummary } from '../../../runtime/api/contract';
import type { Config } from '../platform/config';
import {
  claimInvite,
  deleteInvite,
  deleteOpenInvitesOf,
  findOpenInvite,
  insertInvite,
  insertInvitedUser,
  listOpenInvites,
  setInviteAcceptedBy,
  type OpenInvite,
} from './invites-sql';
import { grantRoles, insertMembership, isEmailMember, lockProject, rolesInProject } from './members-sql';
import { requireUserRoom, type LimitsConfig } from '../billing/limits';
import { findProject } from '../auth/tenancy-sql';
import { findUserByEmail, setLoginAt } from '../auth/users-sql';
import type { Database } from '../db/schema';
import type { InviteRow } from '../db/schema-auth';
import { HttpError, notFound } from '../platform/errors';
import { isEmail, isPlainObject, isUuid } from '../platform/validate';
import { FieldErrors, checkName, checkUuidList, pathUuid, requireAdmin, requireProjectRoles, sha256 } from './access';
import { publicLink, type Mailer } from '../platform/mail';
import { hashPassword } from '../auth/passwords';
import { createSession, resolveSession } from '../auth/sessions';
import type { Accountability } from '../auth/tenancy';

type Db = Kysely<Database>;

const inviteInvalid = () => new HttpError(404, IAM_MESSAGE.inviteInvalid);

function roleUuidsOf(row: InviteRow): string[] {
  return Array.isArray(row.role_uuids) ? row.role_uuids.filter(isUuid) : [];
}

function toInviteItem(row: InviteRow, roles: RoleSummary[]): InviteItem {
  const wanted = roleUuidsOf(row);
  return {
    uuid: row.uuid,
    email: row.email,
    roles: roles.filter((role) => wanted.includes(role.uuid)).map(({ uuid, name }) => ({ uuid, name })),
    created_at: new Date(row.created_at).toISOString(),
    expires_at: new Date(row.expires_at).toISOString(),
  };
}

/** Open invites of the current project, newest first; roles deleted since are left out. */
export async function inviteItems(db: Db, accountability: Accountability): Promise<InviteItem[]> {
  const projectUuid = requireAdmin(accountability);
  const rows = await listOpenInvites(db, projectUuid);
  const roles = await rolesInProject(db, projectUuid, [...new Set(rows.flatMap(roleUuidsOf))]);
  return rows.map((row) => toInviteItem(row, roles));
}

export interface InviteMailer {
  mailer: Mailer;
  config: Pick<Config, 'publicUrl'> & LimitsConfig;
  /** Where a failed delivery is reported; the invite stands and its link is answered anyway. */
  onMailError(error: unknown): void;
}

export async function createInvite(db: Db, accountability: Accountability, body: Record<string, unknown>, mail: InviteMailer): Promise<InviteCreated> {
  const projectUuid = requireAdmin(accountability);
  const errors = new FieldErrors();
  const email = typeof body.email === 'string' ? body.email.trim() : body.email;
  if (email === undefined || email === null || email === '') errors.add('email', 'identityField.requiredField');
  else if (typeof email !== 'string' || !isEmail(email)) errors.add('email', 'invalidEmail');
  const roleUuids = checkUuidList(body.role_uuids, errors);
  errors.throwIfAny();
  const address = email as string;

  const token = crypto.randomUUID();
  const { row, roles } = await db.transaction().execute(async (tx) => {
    const roles = await requireProjectRoles(tx, projectUuid, roleUuids);
    if (await isEmailMember(tx, projectUuid, address)) throw new HttpError(409, IAM_MESSAGE.alreadyMember);
    await lockProject(tx, projectUuid);
    await requireUserRoom(tx, projectUuid, mail.config);
    // A newer invite of the same e-mail replaces the open ones.
    await deleteOpenInvitesOf(tx, projectUuid, address);
    const row = await insertInvite(tx, { tokenHash: sha256(token), projectUuid, email: address, roleUuids, invitedBy: accountability.user.uuid, days: IAM_LIMITS.inviteDays });
    return { row, roles };
  });

  const link = publicLink(mail.config, `/project/invite/${token}`);
  const project = await findProject(db, projectUuid);
  try {
    await mail.mailer.send({
      to: address,
      subject: `You are invited to ${project?.name ?? 'a project'}`.replace(/\s+/g, ' '),
      text: [
        `${accountability.user.name} invites you to the project "${project?.name ?? ''}".`,
        '',
        'Open this link to accept the invitation:',
        link,
        '',
        `The link is valid for ${IAM_LIMITS.inviteDays} days.`,
      ].join('\n'),
    });
  } catch (error) {
    mail.onMailError(error);
  }
  return { ...toInviteItem(row, roles), link };
}

export async function cancelInvite(db: Db, accountability: Accountability, uuid: string): Promise<Record<string, never>> {
  const projectUuid = requireAdmin(accountability);
  if (!(await deleteInvite(db, projectUuid, pathUuid(uuid)))) throw notFound();
  return {};
}

// ---- Public: the invitee ------------------------------------------------------------------------

async function openInvite(db: Db, token: string): Promise<OpenInvite> {
  if (!isUuid(token)) throw inviteInvalid();
  const invite = await findOpenInvite(db, sha256(token.toLowerCase()));
  if (!invite) throw inviteInvalid();
  return invite;
}

export async function inviteInfo(db: Db, token: string): Promise<InviteInfo> {
  const invite = await openInvite(db, token);
  const account = await findUserByEmail(db, invite.email);
  return {
    project_name: invite.project_name,
    email: invite.email,
    has_account: account !== undefined,
    expires_at: new Date(invite.expires_at).toISOString(),
  };
}

export interface AcceptContext {
  config: Pick<Config, 'sessionIdleMs' | 'sessionAbsoluteMs'> & LimitsConfig;
  /** The caller's session cookie, if any. */
  sessionToken: string | undefined;
  ip: string;
  userAgent: string | null;
}

export interface AcceptResult {
  body: InviteAccepted;
  /** Set when the account was created: the new session to put in the cookie. */
  session: { token: string; expiresAt: Date } | null;
}

/** Membership (active) with the invite's roles that still are roles of its project, while the project's user limit has room. */
async function joinProject(tx: Db, invite: InviteRow, userUuid: string, config: LimitsConfig): Promise<void> {
  await lockProject(tx, invite.project_uuid);
  await requireUserRoom(tx, invite.project_uuid, config);
  if (!(await insertMembership(tx, invite.project_uuid, userUuid))) return;
  const roles = await rolesInProject(tx, invite.project_uuid, roleUuidsOf(invite));
  await grantRoles(tx, userUuid, roles.map((role) => role.uuid));
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** Only name, password and password_confirmation are read; anything else in the body is ignored. */
export async function acceptInvite(db: Db, token: string, body: unknown, context: AcceptContext): Promise<AcceptResult> {
  const invite = await openInvite(db, token);
  const account = await findUserByEmail(db, invite.email);

  if (account) {
    const session = await resolveSession(db, context.config, context.sessionToken);
    if (!session) throw new HttpError(401, IAM_MESSAGE.loginRequired);
    if (session.userUuid !== account.uuid) throw new HttpError(403, IAM_MESSAGE.inviteWrongAccount);
    await db.transaction().execute(async (tx) => {
      const claimed = await claimInvite(tx, invite.uuid, account.uuid);
      if (!claimed) throw inviteInvalid();
      await joinProject(tx, claimed, account.uuid, context.config);
    });
    return { body: { project_uuid: invite.project_uuid }, session: null };
  }

  const input = isPlainObject(body) ? body : {};
  const errors = new FieldErrors();
  const name = checkName(input.name, errors);
  const password = input.password;
  if (typeof password !== 'string' || password.length < IAM_LIMITS.passwordMin || password.length > IAM_LIMITS.passwordMax) {
    errors.add('password', IAM_MESSAGE.passwordNotValid);
  } else if (input.password_confirmation !== password) {
    errors.add('password_confirmation', IAM_MESSAGE.passwordNotValid);
  }
  errors.throwIfAny();

  const passwordHash = await hashPassword(password as string);
  const userUuid = crypto.randomUUID();
  try {
    await db.transaction().execute(async (tx) => {
      // Claimed first: a concurrent accept waits here, then finds the invite used.
      const claimed = await claimInvite(tx, invite.uuid, null);
      if (!claimed) throw inviteInvalid();
      await insertInvitedUser(tx, { uuid: userUuid, name, email: invite.email, passwordHash });
      await setInviteAcceptedBy(tx, invite.uuid, userUuid);
      await joinProject(tx, claimed, userUuid, context.config);
    });
  } catch (error) {
    // The e-mail got an account meanwhile (registration): sign in as it, then accept.
    if (isUniqueViolation(error)) throw new HttpError(401, IAM_MESSAGE.loginRequired);
    throw error;
  }
  await setLoginAt(db, userUuid);
  const session = await createSession(db, context.config, { userUuid, projectUuid: invite.project_uuid, ip: context.ip, userAgent: context.userAgent });
  return { body: { project_uuid: invite.project_uuid }, session };
}
