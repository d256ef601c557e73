// Administration calls of docs/iam.md (runtime/api/iam.ts has the wire shapes): members, invites,
// roles, permissions, API users and their secrets, projects and workspaces. Plain call functions
// (mutations) and one query-options factory per read, with the same key everywhere.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Project } from '../../../runtime/api/contract';
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
} from '../../../runtime/api/iam';
import { mainClient } from './clients';
import { queryKeys } from './queries';

const seg = encodeURIComponent;

export const iamKeys = {
  all: ['iam'] as const,
  users: ['iam', 'users'] as const,
  user: (uuid: string) => ['iam', 'users', uuid] as const,
  apiUser: (uuid: string) => ['iam', 'api-users', uuid] as const,
  invites: ['iam', 'invites'] as const,
  roles: ['iam', 'roles'] as const,
  role: (uuid: string) => ['iam', 'roles', uuid] as const,
  permissions: ['iam', 'permissions'] as const,
  workspaces: ['workspace', 'list'] as const,
  workspace: (uuid: string) => ['workspace', uuid] as const,
};

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

export const membersQueryOptions = () =>
  queryOptions({ queryKey: iamKeys.users, queryFn: ({ signal }) => iamApi.users(signal) });

export const memberQueryOptions = (uuid: string) =>
  queryOptions({ queryKey: iamKeys.user(uuid), queryFn: ({ signal }) => iamApi.user(uuid, signal) });

export const invitesQueryOptions = () =>
  queryOptions({ queryKey: iamKeys.invites, queryFn: ({ signal }) => iamApi.invites(signal) });

export const rolesQueryOptions = () =>
  queryOptions({ queryKey: iamKeys.roles, queryFn: ({ signal }) => iamApi.roles(signal) });

/** The form keeps its own copy: a background refetch must not replace what the user is editing. */
export const roleQueryOptions = (uuid: string) =>
  queryOptions({ queryKey: iamKeys.role(uuid), queryFn: ({ signal }) => iamApi.role(uuid, signal), staleTime: Infinity });

export const permissionsQueryOptions = () =>
  queryOptions({ queryKey: iamKeys.permissions, queryFn: ({ signal }) => iamApi.permissions(signal), staleTime: 60_000 });

export const apiUserQueryOptions = (uuid: string) =>
  queryOptions({ queryKey: iamKeys.apiUser(uuid), queryFn: ({ signal }) => iamApi.apiUser(uuid, signal) });

export const workspacesQueryOptions = () =>
  queryOptions({ queryKey: iamKeys.workspaces, queryFn: ({ signal }) => workspaceApi.list(signal) });

export const workspaceQueryOptions = (uuid: string) =>
  queryOptions({ queryKey: iamKeys.workspace(uuid), queryFn: ({ signal }) => workspaceApi.get(uuid, signal), staleTime: Infinity });

/** Members, API users and invites (a member change may change any of them). */
export function invalidateMembers(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: iamKeys.users }),
    queryClient.invalidateQueries({ queryKey: ['iam', 'api-users'] }),
    queryClient.invalidateQueries({ queryKey: iamKeys.invites }),
  ]).then(() => undefined);
}

/** Roles and what shows them: members' role chips, the role list of other screens (/v1/user/role/list). */
export function invalidateRoles(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: iamKeys.roles }),
    queryClient.invalidateQueries({ queryKey: iamKeys.users }),
    queryClient.invalidateQueries({ queryKey: ['user', 'role'] }),
  ]).then(() => undefined);
}

/** The project reads (info, list, one project) and the workspaces. */
export function invalidateProjects(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.projectInfo }),
    queryClient.invalidateQueries({ queryKey: queryKeys.projectList }),
    queryClient.invalidateQueries({ queryKey: ['project'] }),
    queryClient.invalidateQueries({ queryKey: ['workspace'] }),
  ]).then(() => undefined);
}
