// Calls of the public auth screens (two-factor, register, forgotten password, reset, invites) and of the
// caller's own account (profile, two-factor enrolment, sessions, a first project). Wire shapes:
// runtime/api/iam.ts; the query factories of the reads are in renderers/data/account.ts.
import type { LoginResponse, ProfileEditRequest, Project, UserModel } from '../api/contract';
import type {
  ForgotPasswordRequest,
  InviteAccepted,
  InviteAcceptRequest,
  InviteInfo,
  ProjectInput,
  RegisterRequest,
  RegisterResponse,
  ResetPasswordRequest,
  SessionItem,
  TwoFactorRequest,
  TwoFactorSetup,
  TwoFactorState,
} from '../api/iam';
import { mainClient } from './clients';

const seg = (value: string) => encodeURIComponent(value);

// ---- Public ------------------------------------------------------------------------------------

/** The second sign-in step: needs the luma_2fa cookie set by POST /v1/auth/login. */
export const verifyTwoFactor = (body: TwoFactorRequest): Promise<LoginResponse> =>
  mainClient.post<LoginResponse>('/v1/auth/two-factor', body);

/** A new account with no project; answers the session cookie too. */
export const register = (body: RegisterRequest): Promise<RegisterResponse> =>
  mainClient.post<RegisterResponse>('/v1/auth/register', body);

/** Always 200, whether or not the account exists. */
export const forgotPassword = (body: ForgotPasswordRequest): Promise<unknown> =>
  mainClient.post<unknown>('/v1/auth/password/forgot', body);

export const resetPassword = (body: ResetPasswordRequest): Promise<unknown> =>
  mainClient.post<unknown>('/v1/auth/password/reset', body);

/** 404 'inviteInvalid' for an unknown, used or expired link. */
export const inviteInfo = (token: string, signal?: AbortSignal): Promise<InviteInfo> =>
  mainClient.get<InviteInfo>(`/v1/auth/invite/${seg(token)}`, { signal });

export const acceptInvite = (token: string, body: InviteAcceptRequest): Promise<InviteAccepted> =>
  mainClient.post<InviteAccepted>(`/v1/auth/invite/${seg(token)}/accept`, body);

// ---- The caller's own account ------------------------------------------------------------------

export interface ProfileSave extends ProfileEditRequest {
  /** With a new password: end every other session of the caller. */
  end_other_sessions?: boolean;
}

export const saveProfile = (body: ProfileSave): Promise<UserModel> => mainClient.post<UserModel>('/v1/user/profile/edit', body);

export const sessions = (signal?: AbortSignal): Promise<SessionItem[]> => mainClient.get<SessionItem[]>('/v1/user/sessions', { signal });

export const endSession = (uuid: string): Promise<unknown> => mainClient.delete<unknown>(`/v1/user/sessions/${seg(uuid)}`);

export const endOtherSessions = (): Promise<{ ended: number }> => mainClient.post<{ ended: number }>('/v1/user/sessions/end-others');

export const twoFactorState = (signal?: AbortSignal): Promise<TwoFactorState> => mainClient.get<TwoFactorState>('/v1/user/two-factor', { signal });

/** A new pending secret; it replaces an earlier pending one. */
export const setupTwoFactor = (): Promise<TwoFactorSetup> => mainClient.post<TwoFactorSetup>('/v1/user/two-factor/setup');

export const enableTwoFactor = (code: string): Promise<TwoFactorState> => mainClient.post<TwoFactorState>('/v1/user/two-factor/enable', { code });

export const disableTwoFactor = (code: string): Promise<TwoFactorState> => mainClient.post<TwoFactorState>('/v1/user/two-factor/disable', { code });

/** Any signed-in person may create a project: they own it and hold its admin role. */
export const createProject = (body: ProjectInput): Promise<Project> => mainClient.post<Project>('/v1/project', body);
