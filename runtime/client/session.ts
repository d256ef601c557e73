// Who the caller is and where they work: claims, user model, role permissions, projects. Plain typed
// calls over the main client; their query factories and keys are in renderers/data/queries.ts.
import type { Claims, Project, RolePermissions, UserModel } from '../api/contract';
import { mainClient } from './clients';

export const sessionApi = {
  claims: (signal?: AbortSignal) => mainClient.get<Claims>('/v1/user/claims', { signal }),
  userModel: (signal?: AbortSignal) => mainClient.get<UserModel>('/v1/user/model', { signal }),
  rolePermissions: (signal?: AbortSignal) => mainClient.get<RolePermissions>('/v1/user/role/permissions', { signal }),
  projectInfo: (signal?: AbortSignal) => mainClient.get<Project>('/v1/project/info', { signal }),
  projectList: (signal?: AbortSignal) => mainClient.get<Project[]>('/v1/project/list', { signal }),
  project: (uuid: string, signal?: AbortSignal) => mainClient.get<Project>(`/v1/project/${encodeURIComponent(uuid)}`, { signal }),
};
