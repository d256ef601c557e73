// Query factories of the ratchet calls (runtime/client/ratchet.ts).
import { queryOptions } from '@tanstack/react-query';
import { ratchetApi } from '../../../../runtime/client/ratchet';

export const ratchetKeys = {
  all: ['ratchet'] as const,
  one: (uuid: string) => ['ratchet', uuid] as const,
};

export const connectionsQueryOptions = () => queryOptions({ queryKey: ratchetKeys.all, queryFn: ({ signal }) => ratchetApi.list(signal) });

/** The editor keeps its own copy: a background refetch must not replace what is being edited. */
export const connectionQueryOptions = (uuid: string) => queryOptions({ queryKey: ratchetKeys.one(uuid), queryFn: ({ signal }) => ratchetApi.get(uuid, signal), staleTime: Infinity });

export const connectionHref = (uuid: string) => `/admin/ratchet/edit/${encodeURIComponent(uuid)}`;
