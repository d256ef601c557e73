// The wire contract between the browser clients and the server hosts.
// Framework-free: imported by runtime/client (the clients) and src/server (hosts).

/** Base path of each host of spec section 7; every client is same-origin by default. */
export const HOST_PREFIX = {
  main: '/api',
  workflow: '/api/workflow',
  media: '/api/media',
  integration: '/api/integration',
  transaction: '/api/transaction',
  spark: '/api/spark',
  bus: '/api/bus',
  /** Spec section 7's base path /ratchet (docs/ratchet.md). */
  ratchet: '/api/ratchet',
} as const;
export type HostName = keyof typeof HOST_PREFIX;

/** Request timeouts of spec section 9, per host (ms). */
export const HOST_TIMEOUT_MS: Record<HostName | 'sandbox', number> = {
  main: 30_000,
  workflow: 30_000,
  media: 30_000,
  integration: 30_000,
  sandbox: 30_000,
  spark: 30_000,
  bus: 30_000,
  transaction: 10_000,
  ratchet: 15_000,
};

export const HEADER = {
  projectUuid: 'x-project-uuid',
  workspaceUuid: 'x-workspace-uuid',
  projectEnv: 'x-project-env',
  requestUuid: 'x-request-uuid',
  acceptLanguage: 'accept-language',
  /** The browser tab that writes (a random id per page load): its own record events are not news to it (docs/event-bus.md). */
  client: 'x-luma-client',
  /** The app a list is drawn in (its uuid): the list's default page size is 500 (spec section 5). */
  app: 'x-app',
} as const;

/** What an X-Luma-Client value may be: a tab's random id. */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

export const ENVIRONMENTS = ['dev', 'live'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];
export const DEFAULT_ENVIRONMENT: Environment = 'live';

/** One field's messages, as spec section 3 "Validator error" names it. */
export interface FieldError {
  field: string;
  /** Message keys. */
  messages: string[];
  /** Parameters of each message, by index ({max} of cantBeMoreThenChars); null where none. */
  values?: (Record<string, string | number> | null)[];
}

/**
 * The one JSON error shape every host answers with.
 * `message` is a message key of the catalogue (runtime/i18n) or a plain sentence the
 * spec names ('Login failed'); `errors` carries per-field messages (417).
 */
export interface ApiError {
  status: number;
  message: string;
  errors?: FieldError[];
  request_uuid?: string;
}

export function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiError).status === 'number' &&
    typeof (value as ApiError).message === 'string'
  );
}

/** Message keys the foundation's server answers with. */
export const ERROR_KEY = {
  badRequest: 'badRequest',
  loginFailed: 'Login failed',
  tooManyAttempts: 'tooManyAttempts',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'notFound',
  noProject: 'noProject',
  noWorkspace: 'noWorkspace',
  invalidEnvironment: 'invalidEnvironment',
  fieldsNotValid: 'fieldsNotValid',
  notImplemented: 'notAvailableYet',
  serverError: 'serverError',
  userSuspended: 'userSuspended',
  payloadTooLarge: 'payloadTooLarge',
  unsupportedMediaType: 'unsupportedMediaType',
  snapshotFormatNewer: 'snapshotFormatNewer',
} as const;

/** POST /api/v1/auth/login */
export interface LoginRequest {
  email: string;
  password: string;
}
export interface LoginResponse {
  two_factor: boolean;
}

/** GET /api/v1/user/claims */
/** Why a signed-in caller cannot open the console (spec section 4): no active project membership, roles in
 * the project but none in the current workspace, or no role in the project at all. */
export const NO_ACCESS_REASONS = ['noProject', 'noWorkspaceRole', 'noRoles'] as const;
export type NoAccessReason = (typeof NO_ACCESS_REASONS)[number];

export interface Claims {
  ProjectUUID: string | null;
  IsAdmin: boolean;
  /** Present only when the caller can open nothing: which of the three holds, decided by the server. */
  NoAccess?: NoAccessReason;
}

/** GET /api/v1/user/role/permissions */
export interface RolePermissions {
  is_admin: boolean;
  permissions: string[];
  /** The caller's role uuids in the project: field visibility (roles.see, roles.edit) is decided by them. */
  roles: string[];
}

export interface RoleSummary {
  uuid: string;
  name: string;
}

export interface BillingAddress {
  type?: 'person' | 'company';
  country?: string;
  firstname?: string;
  lastname?: string;
  address?: string;
  city?: string;
  zipcode?: string;
  state?: string;
  email?: string;
  vat_number?: string;
  main_number?: string;
  company?: string;
}

export interface UserSettings {
  timezone?: string;
  locale?: string;
  theme?: 'light' | 'dark';
  [key: string]: unknown;
}

/** GET /api/v1/user/model */
export interface UserModel {
  uuid: string;
  name: string;
  email: string;
  settings: UserSettings;
  billing_address: BillingAddress | null;
  login_at: string | null;
  status: 'active' | 'inactive' | 'pending' | 'banned';
  project_uuid: string | null;
  workspace_uuid: string | null;
  is_admin: boolean;
}

/** POST /api/v1/user/profile/edit */
export interface ProfileEditRequest {
  name: string;
  email: string;
  settings?: UserSettings;
  billing_address?: BillingAddress | null;
  password?: string;
  password_confirmation?: string;
}

export interface WorkspaceRef {
  uuid: string;
  project_uuid: string;
  name: string;
  environments: Environment[];
}

/** GET /api/v1/project/{uuid}, /project/info, items of /project/list */
export interface Project {
  uuid: string;
  name: string;
  workspaces: WorkspaceRef[];
  users: { user_uuid: string }[];
  account: { owner_uuid: string | null };
}

/** GET /api/v1/project/users */
export interface ProjectUser {
  user_uuid: string;
  name: string;
  email: string;
  status: UserModel['status'];
  is_owner: boolean;
  roles: RoleSummary[];
}

/** Config entity: path, data, project_uuid */
export interface ConfigEntry {
  path: string;
  data: unknown;
  project_uuid: string;
}
