// Query factories of the global function calls (runtime/client/functions.ts).
import { queryOptions } from '@tanstack/react-query';
import { functionsApi } from '../../../../runtime/client/functions';

export const functionKeys = {
  all: ['functions'] as const,
  one: (uuid: string) => ['functions', uuid] as const,
  apiUsers: ['functions', 'api-users'] as const,
};

export const functionsQueryOptions = () => queryOptions({ queryKey: functionKeys.all, queryFn: ({ signal }) => functionsApi.list(signal) });

/** The editor keeps its own copy: a background refetch must not replace what is being edited. */
export const functionQueryOptions = (uuid: string) =>
  queryOptions({ queryKey: functionKeys.one(uuid), queryFn: ({ signal }) => functionsApi.get(uuid, signal), staleTime: Infinity });

export const apiUsersQueryOptions = () => queryOptions({ queryKey: functionKeys.apiUsers, queryFn: ({ signal }) => functionsApi.apiUsers(signal), staleTime: 30_000 });

export const functionHref = (uuid: string) => `/admin/functions/${encodeURIComponent(uuid)}`;
