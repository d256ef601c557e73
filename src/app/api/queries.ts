// One query-options factory per call; the same key everywhere (route guards, screens).
import { queryOptions } from '@tanstack/react-query';
import type { Claims, Project, RolePermissions, UserModel } from '../../../runtime/api/contract';
import { mainClient } from './clients';

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
    queryFn: ({ signal }) => mainClient.get<Claims>('/v1/user/claims', { signal }),
    staleTime: 60_000,
    retry: false,
  });

export const userModelQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.userModel,
    queryFn: ({ signal }) => mainClient.get<UserModel>('/v1/user/model', { signal }),
  });

export const rolePermissionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.rolePermissions,
    queryFn: ({ signal }) => mainClient.get<RolePermissions>('/v1/user/role/permissions', { signal }),
  });

export const projectInfoQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.projectInfo,
    queryFn: ({ signal }) => mainClient.get<Project>('/v1/project/info', { signal }),
  });

export const projectListQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.projectList,
    queryFn: ({ signal }) => mainClient.get<Project[]>('/v1/project/list', { signal }),
  });

export const projectQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: queryKeys.project(uuid),
    queryFn: ({ signal }) => mainClient.get<Project>(`/v1/project/${encodeURIComponent(uuid)}`, { signal }),
  });
