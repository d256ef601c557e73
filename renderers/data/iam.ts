// Query factories of the administration calls (runtime/client/iam.ts): one per read, with the same
// key everywhere, and what each kind of change makes stale.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { iamApi, workspaceApi } from '../../runtime/client/iam';
import { queryKeys } from './queries';

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
