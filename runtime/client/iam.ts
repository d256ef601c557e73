// Administration calls of docs/iam.md (runtime/api/iam.ts has the wire shapes): members, invites,
// roles, permissions, API users and their secrets, projects and workspaces. Plain typed calls over the
// main client; their query factories and keys are in renderers/data/iam.ts.
import type { Project } from '../api/contract';
import type {
  ApiSecretCreated,
  ApiSecretItem,
  ApiUserCreate,
  ApiUserCreated,
  ApiUserItem,
  InviteCreate,
  InviteCreated,
  InviteItem,
  MemberItem,
  MemberUpdate,
  ProjectInput,
  ProjectLeave,
  ProjectTransfer,
  RoleInput,
  RoleItem,
  WorkspaceInput,
  WorkspaceItem,
} from '../api/iam';
import { mainClient } from './clients';

const seg = encodeURIComponent;

export const iamApi = {
  users: (signal?: AbortSignal) => mainClient.get<MemberItem[]>('/v1/iam/users', { signal }),
  user: (uuid: string, signal?: AbortSignal) => mainClient.get<MemberItem>(`/v1/iam/users/${seg(uuid)}`, { signal }),
  updateUser: (uuid: string, body: MemberUpdate) => mainClient.put<MemberItem>(`/v1/iam/users/${seg(uuid)}`, body),
  removeUser: (uuid: string) => mainClient.delete<unknown>(`/v1/iam/users/${seg(uuid)}`),

  invites: (signal?: AbortSignal) => mainClient.get<InviteItem[]>('/v1/iam/invites', { signal }),
  createInvite: (body: InviteCreate) => mainClient.post<InviteCreated>('/v1/iam/invites', body),
  revokeInvite: (uuid: string) => mainClient.delete<unknown>(`/v1/iam/invites/${seg(uuid)}`),

  roles: (signal?: AbortSignal) => mainClient.get<RoleItem[]>('/v1/iam/roles', { signal }),
  role: (uuid: string, signal?: AbortSignal) => mainClient.get<RoleItem>(`/v1/iam/roles/${seg(uuid)}`, { signal }),
  createRole: (body: RoleInput) => mainClient.post<RoleItem>('/v1/iam/roles', body),
  updateRole: (uuid: string, body: RoleInput) => mainClient.put<RoleItem>(`/v1/iam/roles/${seg(uuid)}`, body),
  deleteRole: (uuid: string) => mainClient.delete<unknown>(`/v1/iam/roles/${seg(uuid)}`),

  permissions: (signal?: AbortSignal) => mainClient.get<string[]>('/v1/iam/permissions', { signal }),

  createApiUser: (body: ApiUserCreate) => mainClient.post<ApiUserCreated>('/v1/iam/api-users', body),
  apiUser: (uuid: string, signal?: AbortSignal) => mainClient.get<ApiUserItem>(`/v1/iam/api-users/${seg(uuid)}`, { signal }),
  createSecret: (uuid: string) => mainClient.post<ApiSecretCreated>(`/v1/iam/api-users/${seg(uuid)}/secrets`),
  revokeSecret: (uuid: string, secretUuid: string) =>
    mainClient.post<ApiSecretItem>(`/v1/iam/api-users/${seg(uuid)}/secrets/${seg(secretUuid)}/revoke`),
};

export const projectApi = {
  create: (body: ProjectInput) => mainClient.post<Project>('/v1/project', body),
  rename: (uuid: string, body: ProjectInput) => mainClient.put<Project>(`/v1/project/${seg(uuid)}`, body),
  transfer: (uuid: string, body: ProjectTransfer) => mainClient.post<Project>(`/v1/project/${seg(uuid)}/transfer`, body),
  leave: (uuid: string, body: ProjectLeave) => mainClient.post<unknown>(`/v1/project/${seg(uuid)}/leave`, body),
};

export const workspaceApi = {
  list: (signal?: AbortSignal) => mainClient.get<WorkspaceItem[]>('/v1/workspace/list', { signal }),
  get: (uuid: string, signal?: AbortSignal) => mainClient.get<WorkspaceItem>(`/v1/workspace/${seg(uuid)}`, { signal }),
  create: (body: WorkspaceInput) => mainClient.post<WorkspaceItem>('/v1/workspace', body),
  update: (uuid: string, body: WorkspaceInput) => mainClient.put<WorkspaceItem>(`/v1/workspace/${seg(uuid)}`, body),
};
