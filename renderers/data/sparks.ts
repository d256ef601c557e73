// Query factories of the spark calls (runtime/client/sparks.ts): one per read, one key each.
import { queryOptions } from '@tanstack/react-query';
import { sparksApi } from '../../runtime/client/sparks';

/** The live log view polls while the page is visible (the realtime bus arrives later). */
export const SPARK_LOG_REFRESH_MS = 3000;

export const sparkKeys = {
  all: ['sparks'] as const,
  list: ['sparks', 'list'] as const,
  names: ['sparks', 'names'] as const,
  one: (id: string) => ['sparks', 'one', id] as const,
  logs: (id: string, page: number) => ['sparks', 'logs', id, page] as const,
};

export const sparksQueryOptions = () => queryOptions({ queryKey: sparkKeys.list, queryFn: ({ signal }) => sparksApi.list(signal) });

export const sparkNamesQueryOptions = () => queryOptions({ queryKey: sparkKeys.names, queryFn: ({ signal }) => sparksApi.names(signal), staleTime: 30_000 });

export const sparkQueryOptions = (id: string) => queryOptions({ queryKey: sparkKeys.one(id), queryFn: ({ signal }) => sparksApi.get(id, signal) });

export const sparkLogsQueryOptions = (id: string, page: number) =>
  queryOptions({
    queryKey: sparkKeys.logs(id, page),
    queryFn: ({ signal }) => sparksApi.logs(id, page, signal),
    // TanStack Query stops polling while the tab is hidden (refetchIntervalInBackground is false).
    refetchInterval: SPARK_LOG_REFRESH_MS,
  });
