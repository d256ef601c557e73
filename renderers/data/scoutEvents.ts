// Query factories of Scout's event log (runtime/client/scoutEvents.ts).
import { queryOptions } from '@tanstack/react-query';
import { scoutEventsApi, type EventListQuery } from '../../runtime/client/scoutEvents';

export const scoutEventKeys = {
  all: ['scoutEvents'] as const,
  list: (query: EventListQuery) => ['scoutEvents', 'list', query] as const,
  one: (uuid: string) => ['scoutEvents', 'one', uuid] as const,
  settings: ['scoutEvents', 'settings'] as const,
};

export const scoutEventsQueryOptions = (query: EventListQuery) => queryOptions({ queryKey: scoutEventKeys.list(query), queryFn: ({ signal }) => scoutEventsApi.list(query, signal) });
export const scoutEventQueryOptions = (uuid: string) => queryOptions({ queryKey: scoutEventKeys.one(uuid), queryFn: ({ signal }) => scoutEventsApi.one(uuid, signal), retry: false });
export const scoutEventSettingsQueryOptions = () => queryOptions({ queryKey: scoutEventKeys.settings, queryFn: ({ signal }) => scoutEventsApi.settings(signal) });
