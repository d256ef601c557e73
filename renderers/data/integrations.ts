// Query factories of the integration calls (runtime/client/integrations.ts): one per read, one key each.
// The widgets ask integrationActiveQueryOptions(id) whether to offer the library and device sources.
import { queryOptions } from '@tanstack/react-query';
import { integrationsApi, satellitesApi } from '../../runtime/client/integrations';
import { isIntegrationActive } from '../../runtime/integrations/isIntegrationActive';

export const integrationKeys = {
  all: ['integrations'] as const,
  list: ['integrations', 'list'] as const,
  explore: ['integrations', 'explore'] as const,
  satellites: ['integrations', 'satellites'] as const,
  satellitesExplore: ['integrations', 'satellites', 'explore'] as const,
};

export const integrationsQueryOptions = () =>
  queryOptions({ queryKey: integrationKeys.list, queryFn: ({ signal }) => integrationsApi.list(signal), staleTime: 30_000 });

export const integrationCatalogueQueryOptions = () => queryOptions({ queryKey: integrationKeys.explore, queryFn: ({ signal }) => integrationsApi.explore(signal) });

/** The same cached list, answered as "is {id} active" (false until it is known). */
export const integrationActiveQueryOptions = (id: string) => queryOptions({ ...integrationsQueryOptions(), select: (list) => isIntegrationActive(list, id) });

/** The processes that take jobs, read again every 5 s while shown (their heartbeats move). */
export const satellitesQueryOptions = () =>
  queryOptions({ queryKey: integrationKeys.satellites, queryFn: ({ signal }) => satellitesApi.list(signal), refetchInterval: 5_000, retry: false });

export const satellitesExploreQueryOptions = () =>
  queryOptions({ queryKey: integrationKeys.satellitesExplore, queryFn: ({ signal }) => satellitesApi.explore(signal), staleTime: 60_000, retry: false });
