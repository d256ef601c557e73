// Query factories of the public app calls (runtime/client/public-apps.ts). Every write also touches the
// app's own queries (renderers/data/apps.ts): its versions are the app calls'.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { publicAppsApi } from '../../runtime/client/public-apps';
import { invalidateApps } from './apps';

/** Under the apps' key, so the version calls' invalidateApps (AppVersions) reads these again too. */
export const publicAppKeys = {
  all: ['apps', 'public'] as const,
  list: ['apps', 'public', 'list'] as const,
  one: (id: string) => ['apps', 'public', 'one', id] as const,
};

export const publicAppsQueryOptions = () => queryOptions({ queryKey: publicAppKeys.list, queryFn: ({ signal }) => publicAppsApi.list(signal) });
export const publicAppQueryOptions = (id: string) => queryOptions({ queryKey: publicAppKeys.one(id), queryFn: ({ signal }) => publicAppsApi.get(id, signal) });

export function invalidatePublicApps(client: QueryClient): Promise<void> {
  return invalidateApps(client);
}
