// Query factories of the thunder calls (runtime/client/thunder.ts). While a build is queued or running
// the list and the set are read again every few seconds, so the status moves on its own.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { thunderApi, type ThunderDetail, type ThunderSet } from '../../../../runtime/client/thunder';

const BUILDING_POLL_MS = 2000;

export const thunderKeys = {
  all: ['thunder'] as const,
  one: (name: string) => ['thunder', name] as const,
  data: (name: string, builtAt: string | null = null) => ['thunder', name, 'data', builtAt] as const,
};

const building = (set: Pick<ThunderSet, 'queued' | 'status'>) => set.queued || set.status === 'building';

export const thunderSetsQueryOptions = () =>
  queryOptions({
    queryKey: thunderKeys.all,
    queryFn: ({ signal }) => thunderApi.list(signal),
    refetchInterval: (query) => ((query.state.data ?? []).some(building) ? BUILDING_POLL_MS : false),
  });

export const thunderSetQueryOptions = (name: string) =>
  queryOptions({
    queryKey: thunderKeys.one(name),
    queryFn: ({ signal }) => thunderApi.get(name, signal),
    refetchInterval: (query) => (query.state.data && building(query.state.data as ThunderDetail) ? BUILDING_POLL_MS : false),
  });

/** The stored result; `builtAt` in the key reads it again after each build. */
export const thunderDataQueryOptions = (name: string, builtAt: string | null = null) =>
  queryOptions({ queryKey: thunderKeys.data(name, builtAt), queryFn: ({ signal }) => thunderApi.data(name, signal), retry: false, placeholderData: keepPreviousData });

export const thunderHref = (name: string) => `/admin/thunder/${encodeURIComponent(name)}`;
