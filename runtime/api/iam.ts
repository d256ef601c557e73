// The wire shapes of IAM (docs/iam.md): sign-in steps, registration, password reset, invites,
// two-factor enrolment, sessions, users, roles, API users, projects and workspaces.
// Framework-free: imported by runtime/client (the clients) and src/server (hosts). Paths are under /api.
import type { RoleSummary, UserModel } from './contract';

export type MemberStatus = UserModel['status'];
export const MEMBER_STATUSES: readonly MemberStatus[] = ['active', 'inactive', 'pending', 'banned'];
/** Spec section 9: Active success, Inactive secondary, Pending warning, Banned danger. */
export const STATUS_BADGE: Record<MemberStatus, 'success' | 'secondary' | 'warning' | 'danger'> = {
  active: 'success',
  inactive: 'secondary',
  pending: 'warning',
  banned: 'danger',
};

/** Message keys IAM answers with (runtime/i18n has their texts in en_US and sr). */
export const IAM_MESSAGE = {
  invalidCode: 'invalidCode',
  twoFactorExpired: 'twoFactorExpired',
  resetLinkInvalid: 'resetLinkInvalid',
  inviteInvalid: 'inviteInvalid',
  inviteWrongAccount: 'inviteWrongAccount',
  loginRequired: 'loginRequired',
  registrationClosed: 'registrationClosed',
  emailAlreadyExists: 'email_already_exists',
  passwordNotValid: 'passwordNotValid',
  lastAdmin: 'lastAdmin',
  ownerOnly: 'ownerOnly',
  cannotChangeOwner: 'cannotChangeOwner',
  cannotChangeSelf: 'cannotChangeSelf',
  alreadyMember: 'alreadyMember',
  nameTaken: 'nameTaken',
  notAMember: 'notAMember',
} as const;

export const IAM_LIMITS = {
  inviteDays: 7,
  resetMinutes: 60,
  twoFactorChallengeMinutes: 5,
  /** Wrong codes before a sign-in challenge is dropped (sign in again). */
  twoFactorChallengeFailures: 5,
  rememberDeviceDays: 30,
  revokedSecretDays: 7,
  passwordMin: 8,
  passwordMax: 1024,
  nameMin: 2,
  nameMax: 100,
} as const;

export const COOKIE = {
  session: 'luma_session',
  twoFactor: 'luma_2fa',
  device: 'luma_device',
} as const;

// ---- Public (no session) -------------------------------------------------------------------

/** POST /v1/auth/login answers LoginResponse (contract.ts): two_factor true means a luma_2fa
 * challenge cookie was set and no session yet; go to /two-factor-auth. */

/** POST /v1/auth/two-factor (needs the luma_2fa cookie) -> LoginResponse {two_factor: false} and the session cookie. */
export interface TwoFactorRequest {
  code: string;
  /** Skip the code on this browser for 30 days (sets luma_device). */
  remember: boolean;
}

/** POST /v1/auth/register -> 201 RegisterResponse and the session cookie (a user with no project yet). */
export interface RegisterRequest {
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
}
export interface RegisterResponse {
  uuid: string;
}

/** POST /v1/auth/password/forgot -> 200 {} whether or not the account exists. */
export interface ForgotPasswordRequest {
  email: string;
}

/** POST /v1/auth/password/reset -> 200 {}; the link's uuid is `token`. Ends every session of the user. */
export interface ResetPasswordRequest {
  token: string;
  password: string;
  password_confirmation: string;
}

/** GET /v1/auth/invite/{token} -> InviteInfo, or 404 'inviteInvalid' (unknown, used or expired). */
export interface InviteInfo {
  project_name: string;
  email: string;
  /** An account with the invite's e-mail exists: sign in as it, then accept. */
  has_account: boolean;
  expires_at: string;
}

/** POST /v1/auth/invite/{token}/accept. With an account: the caller's session must be that account
 * (else 401 'loginRequired' or 403 'inviteWrongAccount'), body {}. Without: name and password create it
 * and sign in. Answers InviteAccepted and, when an account was created, the session cookie. */
export interface InviteAcceptRequest {
  name?: string;
  password?: string;
  password_confirmation?: string;
}
export interface InviteAccepted {
  project_uuid: string;
}

// ---- The caller's own account (session) ------------------------------------------------------

/** GET /v1/user/sessions -> SessionItem[] (newest first); DELETE /v1/user/sessions/{uuid};
 * POST /v1/user/sessions/end-others -> {ended: number}. */
export interface SessionItem {
  uuid: string;
  created_at: string;
  last_seen_at: string;
  ip: string | null;
  user_agent: string | null;
  current: boolean;
}

/** GET /v1/user/two-factor -> TwoFactorState. */
export interface TwoFactorState {
  enabled: boolean;
}
/** POST /v1/user/two-factor/setup -> TwoFactorSetup: a new pending secret (replaces an earlier pending one). */
export interface TwoFactorSetup {
  secret: string;
  otpauth_url: string;
  /** data:image/svg+xml;base64,... of the otpauth URL as a QR code. */
  qr: string;
}
/** POST /v1/user/two-factor/enable {code} and /disable {code} -> TwoFactorState; a wrong code is 417 fieldsNotValid [{field:'code', messages:['invalidCode']}]. */
export interface TwoFactorCode {
  code: string;
}

/** POST /v1/user/profile/edit (ProfileEditRequest) also takes `end_other_sessions: true` with a new password. */

// ---- Administration of the current project (admins only; 403 'forbidden' otherwise) ---------

export type UserKind = 'person' | 'api';

/** GET /v1/iam/users -> MemberItem[]; GET /v1/iam/users/{uuid} -> MemberItem. */
export interface MemberItem {
  uuid: string;
  kind: UserKind;
  name: string;
  /** '' for API users. */
  email: string;
  status: MemberStatus;
  is_owner: boolean;
  roles: RoleSummary[];
  login_at: string | null;
  created_at: string;
}

/** PUT /v1/iam/users/{uuid} -> MemberItem. Not for yourself (403 'cannotChangeSelf') nor the owner's status (403 'cannotChangeOwner').
 * Setting inactive or banned ends the member's sessions in this project at once. */
export interface MemberUpdate {
  status?: MemberStatus;
  role_uuids?: string[];
}
/** DELETE /v1/iam/users/{uuid} removes the membership (not the owner's, not your own). */

/** GET /v1/iam/invites -> InviteItem[] (open ones); POST /v1/iam/invites (InviteCreate) -> InviteCreated; DELETE /v1/iam/invites/{uuid}. */
export interface InviteCreate {
  email: string;
  role_uuids: string[];
}
export interface InviteItem {
  uuid: string;
  email: string;
  roles: RoleSummary[];
  created_at: string;
  expires_at: string;
}
export interface InviteCreated extends InviteItem {
  /** {public URL}/project/invite/{token}; also e-mailed to the invitee. */
  link: string;
}

/** GET /v1/iam/roles -> RoleItem[] (admin roles included here; /v1/user/role/list excludes them).
 * POST /v1/iam/roles (RoleInput) -> RoleItem; GET, PUT (RoleInput) and DELETE /v1/iam/roles/{uuid}.
 * A project keeps at least one admin role held by an active member: 409 'lastAdmin'. */
export interface RoleInput {
  name: string;
  is_admin: boolean;
  level: number;
  permissions: string[];
}
export interface RoleItem extends RoleInput {
  uuid: string;
  users: number;
}

/** GET /v1/iam/permissions -> string[]: every permission string assignable in the project. */

/** POST /v1/iam/api-users (ApiUserCreate) -> ApiUserCreated; GET /v1/iam/api-users/{uuid} -> ApiUserItem;
 * POST /v1/iam/api-users/{uuid}/secrets -> ApiSecretCreated; POST /v1/iam/api-users/{uuid}/secrets/{secret uuid}/revoke -> ApiSecretItem.
 * API users are listed by GET /v1/iam/users (kind 'api') and GET /v1/user/api-user. */
export interface ApiUserCreate {
  name: string;
  role_uuids: string[];
}
export interface ApiSecretItem {
  uuid: string;
  /** The token's last four characters. */
  hint: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}
export interface ApiSecretCreated extends ApiSecretItem {
  /** Shown once: 'luma_' + 43 base64url characters. Send as Authorization: Bearer {token}. */
  token: string;
}
export interface ApiUserItem extends MemberItem {
  secrets: ApiSecretItem[];
}
export interface ApiUserCreated {
  user: ApiUserItem;
  secret: ApiSecretCreated;
}

// ---- Projects and workspaces -----------------------------------------------------------------

/** POST /v1/project {name} -> Project (contract.ts): the caller owns it, holds its admin role, and it has a
 * workspace 'Main' with dev and live. Any signed-in person may create one. */
export interface ProjectInput {
  name: string;
}
/** PUT /v1/project/{uuid} {name} -> Project (admins of that project).
 * POST /v1/project/{uuid}/transfer (ProjectTransfer) -> Project: owner only (403 'ownerOnly'); the new owner must be an
 * active person member; they get ownership and the admin role, and the previous owner leaves the project.
 * POST /v1/project/{uuid}/leave (ProjectLeave) -> {}: a member leaves; the owner must name new_owner_uuid. */
export interface ProjectTransfer {
  user_uuid: string;
}
export interface ProjectLeave {
  new_owner_uuid?: string;
}

/** GET /v1/workspace/list -> WorkspaceItem[]; POST /v1/workspace {name} -> WorkspaceItem (dev and live created);
 * GET and PUT /v1/workspace/{uuid} {name} -> WorkspaceItem. Admins of the current project. */
export interface WorkspaceInput {
  name: string;
}
export interface WorkspaceItem {
  uuid: string;
  project_uuid: string;
  name: string;
  environments: ('dev' | 'live')[];
  created_at: string;
}
