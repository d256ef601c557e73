// One query-options factory per session call (runtime/client/session.ts); the same key everywhere (route guards, screens).
import { queryOptions } from '@tanstack/react-query';
import { sessionApi } from '../../runtime/client/session';

export const queryKeys = {
  claims: ['user', 'claims'] as const,
  userModel: ['user', 'model'] as const,
  rolePermissions: ['user', 'role', 'permissions'] as const,
  projectInfo: ['project', 'info'] as const,
  projectList: ['project', 'list'] as const,
  project: (uuid: string) => ['project', uuid] as const,
};

export const claimsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.claims,
    queryFn: ({ signal }) => sessionApi.claims(signal),
    staleTime: 60_000,
    retry: false,
  });

export const userModelQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.userModel,
    queryFn: ({ signal }) => sessionApi.userModel(signal),
  });

export const rolePermissionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.rolePermissions,
    queryFn: ({ signal }) => sessionApi.rolePermissions(signal),
  });

export const projectInfoQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.projectInfo,
    queryFn: ({ signal }) => sessionApi.projectInfo(signal),
  });

export const projectListQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.projectList,
    queryFn: ({ signal }) => sessionApi.projectList(signal),
  });

export const projectQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: queryKeys.project(uuid),
    queryFn: ({ signal }) => sessionApi.project(uuid, signal),
  });
