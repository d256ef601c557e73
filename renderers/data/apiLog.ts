// Query factories of Scout's API call log (runtime/client/apiLog.ts).
import { queryOptions } from '@tanstack/react-query';
import { apiLogApi, type ApiLogListQuery } from '../../runtime/client/apiLog';

export const apiLogKeys = {
  all: ['apiLog'] as const,
  list: (query: ApiLogListQuery) => ['apiLog', 'list', query] as const,
  one: (uuid: string) => ['apiLog', 'one', uuid] as const,
  settings: ['apiLog', 'settings'] as const,
};

export const apiCallsQueryOptions = (query: ApiLogListQuery) => queryOptions({ queryKey: apiLogKeys.list(query), queryFn: ({ signal }) => apiLogApi.list(query, signal) });
export const apiCallQueryOptions = (uuid: string) => queryOptions({ queryKey: apiLogKeys.one(uuid), queryFn: ({ signal }) => apiLogApi.get(uuid, signal) });
export const apiLogSettingsQueryOptions = () => queryOptions({ queryKey: apiLogKeys.settings, queryFn: ({ signal }) => apiLogApi.settings(signal) });
