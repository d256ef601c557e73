// Config entries (spec section 3 "Config": path, data, project_uuid; section 7 "Main API") and the
// project's resources, over the main client. A project entry not set yet answers 404 on get.
import type { ConfigEntry } from '../api/contract';
import type { ProjectResources } from '../api/resources';
import { mainClient } from './clients';
import { isApiRequestError } from './errors';

export const configApi = {
  /** POST /v1/config/get: one project entry (404 while unset). */
  project: (path: string, signal?: AbortSignal) => mainClient.post<ConfigEntry>('/v1/config/get', { path }, { signal }),
  projectList: (signal?: AbortSignal) => mainClient.get<ConfigEntry[]>('/v1/config/', { signal }),
  /** PUT /v1/config/: writes a project entry (admins). */
  putProject: (entry: ConfigEntry) => mainClient.put<ConfigEntry>('/v1/config/', entry),
  user: (path: string, signal?: AbortSignal) => mainClient.get<ConfigEntry>(`/v1/config/user?path=${encodeURIComponent(path)}`, { signal }),
  userList: (signal?: AbortSignal) => mainClient.get<ConfigEntry[]>('/v1/config/user', { signal }),
  putUser: (entry: ConfigEntry) => mainClient.put<ConfigEntry>('/v1/config/user', entry),
};

/** An entry's data, or undefined while it is unset (the read answered 404); other failures throw. */
export async function entryDataOrUnset(read: Promise<ConfigEntry>): Promise<unknown> {
  try {
    return (await read).data;
  } catch (error) {
    if (isApiRequestError(error) && error.status === 404) return undefined;
    throw error;
  }
}

export const resourcesApi = {
  /** GET /v1/system/resources (admins). */
  get: (signal?: AbortSignal) => mainClient.get<ProjectResources>('/v1/system/resources', { signal }),
};
