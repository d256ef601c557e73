// Query factories of the forge calls (runtime/client/forge.ts): one per read, one key each.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { forgeApi } from '../../runtime/client/forge';

export const forgeKeys = {
  all: ['forge'] as const,
  list: ['forge', 'list'] as const,
  workspace: ['forge', 'workspace'] as const,
  one: (id: string) => ['forge', 'one', id] as const,
  open: (id: string) => ['forge', 'open', id] as const,
  dist: (component: string, release: string) => ['forge', 'dist', component, release] as const,
  openDist: (component: string, release: string) => ['forge', 'open-dist', component, release] as const,
  templates: ['forge', 'templates'] as const,
};

export const forgeAppsQueryOptions = () => queryOptions({ queryKey: forgeKeys.list, queryFn: ({ signal }) => forgeApi.list(signal) });
export const forgeAppQueryOptions = (id: string) => queryOptions({ queryKey: forgeKeys.one(id), queryFn: ({ signal }) => forgeApi.get(id, signal) });
/** The forge apps of the caller's workspace with a live release: the home's forge-app tiles. */
export const workspaceForgeAppsQueryOptions = () => queryOptions({ queryKey: forgeKeys.workspace, queryFn: ({ signal }) => forgeApi.workspace(signal), staleTime: 30_000 });
/** A signed bundle URL (valid an hour): read again after 50 minutes. */
export const forgeOpenQueryOptions = (id: string) => queryOptions({ queryKey: forgeKeys.open(id), queryFn: ({ signal }) => forgeApi.open(id, signal), staleTime: 50 * 60_000, retry: false });
export const distOpenQueryOptions = (component: string, release: string) =>
  queryOptions({ queryKey: forgeKeys.openDist(component, release), queryFn: () => forgeApi.openDist(component, release), staleTime: 50 * 60_000, retry: false });
export const distQueryOptions = (component: string, release: string) => queryOptions({ queryKey: forgeKeys.dist(component, release), queryFn: ({ signal }) => forgeApi.dist(component, release, signal) });

/** The template picker's choices: the components with a distribution and their entrypoints. */
export const templateSourcesQueryOptions = () => queryOptions({ queryKey: forgeKeys.templates, queryFn: ({ signal }) => forgeApi.templates(signal), staleTime: 30_000 });

export function invalidateForge(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: forgeKeys.all });
}
