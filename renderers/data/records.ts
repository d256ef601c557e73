// Query and mutation factories of the record calls (runtime/client/records.ts), with the same keys
// everywhere: ['component', ref, 'model', uuid] for one record, ['component', ref, 'models', params] for a list page.
import { infiniteQueryOptions, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { listApi, recordsApi, type BulkAction, type BulkFilter, type ListParams } from '../../runtime/client/records';

export const recordKeys = {
  all: (ref: string) => ['component', ref, 'model'] as const,
  record: (ref: string, uuid: string) => ['component', ref, 'model', uuid] as const,
  lists: (ref: string) => ['component', ref, 'models'] as const,
  projectUsers: ['project', 'users'] as const,
  revisions: (ref: string, uuid: string) => ['component', ref, 'model', uuid, 'revisions'] as const,
  /** The history as of the record's version: a save or a restore reads it again. */
  revisionsAt: (ref: string, uuid: string, version: number) => ['component', ref, 'model', uuid, 'revisions', version] as const,
};

/** The record's history, page by page (docs/history.md), as of the record's version. */
export const revisionsQueryOptions = (ref: string, uuid: string, version: number) =>
  infiniteQueryOptions({
    queryKey: recordKeys.revisionsAt(ref, uuid, version),
    queryFn: ({ signal, pageParam }) => recordsApi.revisions(ref, uuid, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    staleTime: 0,
    retry: false,
  });

export const restoreRevisionMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['record', 'restore'],
    mutationFn: ({ ref, uuid, id, version }: { ref: string; uuid: string; id: string; version: number }) => recordsApi.restore(ref, uuid, id, version),
    onSuccess: (record, { ref }) => {
      queryClient.setQueryData(recordKeys.record(ref, record.uuid), record);
      return Promise.all([queryClient.invalidateQueries({ queryKey: recordKeys.revisions(ref, record.uuid) }), queryClient.invalidateQueries({ queryKey: recordKeys.lists(ref) })]);
    },
  });

export const recordQueryOptions = (ref: string, uuid: string) =>
  queryOptions({
    queryKey: recordKeys.record(ref, uuid),
    queryFn: ({ signal }) => recordsApi.get(ref, uuid, signal),
    // Fresh on each visit (a stale __version__ would only earn a 409), but no refetch on focus:
    // the form holds the user's edits and a new answer would replace them.
    staleTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });

/** Names for created_by / updated_by on the System info tab. */
export const projectUsersQueryOptions = () =>
  queryOptions({
    queryKey: recordKeys.projectUsers,
    queryFn: ({ signal }) => recordsApi.projectUsers(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

export const createRecordMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['record', 'create'],
    mutationFn: ({ ref, data }: { ref: string; data: Record<string, unknown> }) => recordsApi.create(ref, data),
    onSuccess: (record, { ref }) => {
      queryClient.setQueryData(recordKeys.record(ref, record.uuid), record);
      return queryClient.invalidateQueries({ queryKey: recordKeys.lists(ref) });
    },
  });

export const updateRecordMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['record', 'update'],
    mutationFn: ({ ref, uuid, version, data }: { ref: string; uuid: string; version: number; data: Record<string, unknown> }) =>
      recordsApi.update(ref, uuid, version, data),
    onSuccess: (record, { ref }) => {
      queryClient.setQueryData(recordKeys.record(ref, record.uuid), record);
      return queryClient.invalidateQueries({ queryKey: recordKeys.lists(ref) });
    },
  });

export const deleteRecordMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['record', 'delete'],
    mutationFn: ({ ref, uuid }: { ref: string; uuid: string }) => recordsApi.remove(ref, uuid),
    // The deleted record's own entry is left to expire: removing it while its edit screen is still
    // mounted would refetch it (a 404) before the screen goes back.
    onSuccess: (_data, { ref }) => queryClient.invalidateQueries({ queryKey: recordKeys.lists(ref) }),
  });

// ---- Lists, bulk actions and background jobs (docs/lists.md) ----

export const listKeys = {
  list: (ref: string, params: ListParams) => [...recordKeys.lists(ref), params] as const,
  job: (ref: string, job: string) => ['component', ref, 'jobs', job] as const,
};

/** `app`: the app the list is drawn in (X-App); its pages are cached apart from the admin's list. */
export const recordListQueryOptions = (ref: string, params: ListParams, app?: string) =>
  queryOptions({
    queryKey: app ? [...listKeys.list(ref, params), { app }] : listKeys.list(ref, params),
    queryFn: ({ signal }) => listApi.list(ref, params, signal, app),
    staleTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });

/** Job polling while the bus is down, and the slow safety net while its progress streams over the bus. */
export const JOB_POLL_MS = 1000;
export const JOB_POLL_LIVE_MS = 5000;

/**
 * A bulk-by-filter job, polled every second while it runs; with `live` (the event bus connected) its
 * progress arrives as '{ref}.job.{env}' events (useBulkActions) and the poll only runs every 5 s.
 */
export const bulkJobQueryOptions = (ref: string, job: string, live = false) =>
  queryOptions({
    queryKey: listKeys.job(ref, job),
    queryFn: ({ signal }) => listApi.job(ref, job, signal),
    // Every second, or every 5 s while the bus brings the progress; every second again once all is
    // processed (the job is about to be marked done, and no event says so).
    refetchInterval: (query) => {
      const data = query.state.data;
      if (data && data.status !== 'running') return false;
      return live && !(data && data.total > 0 && data.processed >= data.total) ? JOB_POLL_LIVE_MS : JOB_POLL_MS;
    },
    refetchOnWindowFocus: false,
    retry: false,
  });

export const bulkMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['records', 'bulk'],
    mutationFn: ({ ref, action, target }: { ref: string; action: BulkAction; target: { items: string[] } | { filter: BulkFilter } }) =>
      listApi.bulk(ref, action, target),
    // A job's records change later: the list is refreshed when the job is done.
    onSuccess: (answer, { ref }) => ('job' in answer ? undefined : queryClient.invalidateQueries({ queryKey: recordKeys.lists(ref) })),
  });

