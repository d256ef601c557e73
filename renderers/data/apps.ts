// Query factories of the app calls (runtime/client/apps.ts): one per read, one key each.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { appsApi } from '../../runtime/client/apps';

export const appKeys = {
  all: ['apps'] as const,
  list: ['apps', 'list'] as const,
  workspace: ['apps', 'workspace'] as const,
  visible: ['apps', 'visible'] as const,
  one: (id: string, version: string | undefined) => ['apps', 'one', id, version ?? ''] as const,
};

export const appsQueryOptions = () => queryOptions({ queryKey: appKeys.list, queryFn: ({ signal }) => appsApi.list(signal) });

/** The apps of the caller's workspace its environment shows: the home's platform-app tiles. */
export const workspaceAppsQueryOptions = () => queryOptions({ queryKey: appKeys.workspace, queryFn: ({ signal }) => appsApi.workspace(signal), staleTime: 30_000 });

/** Every app of the project its environment shows (the gateway's all list): /app. */
export const allAppsQueryOptions = () => queryOptions({ queryKey: appKeys.visible, queryFn: ({ signal }) => appsApi.all(signal) });

export const appQueryOptions = (id: string, version?: string) => queryOptions({ queryKey: appKeys.one(id, version), queryFn: ({ signal }) => appsApi.get(id, version, signal) });

/** After any app write: lists, tiles and the app itself read again. */
export function invalidateApps(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: appKeys.all });
}
