// Record calls of docs/records.md: one query-options factory per read, one mutation factory per write,
// with the same keys everywhere: ['component', ref, 'model', uuid] for one record.
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ProjectUser } from '../../../runtime/api/contract';
import { HOST_PREFIX } from '../../../runtime/api/contract';
import { browserStorage } from '../lib/storage';
import { buildUrl, tenantHeaders, type Query } from './client';
import { mainClient } from './clients';
import { refPath } from './components';
import { connectionFailed, errorEffects, mapHttpError } from './errors';
import { openReportError } from './reportError';

/** A record as the API answers it: system columns beside the component's fields. */
export interface RecordModel {
  uuid: string;
  __version__: number;
  created_by: string | null;
  created_at: string | null;
  updated_by: string | null;
  updated_at: string | null;
  deleted_at: string | null;
  disabled_at: string | null;
  [field: string]: unknown;
}

const seg = encodeURIComponent;
const base = (ref: string) => `/v3/system/component/${refPath(ref)}/model`;

export const recordKeys = {
  all: (ref: string) => ['component', ref, 'model'] as const,
  record: (ref: string, uuid: string) => ['component', ref, 'model', uuid] as const,
  lists: (ref: string) => ['component', ref, 'models'] as const,
  projectUsers: ['project', 'users'] as const,
};

export const recordsApi = {
  get: (ref: string, uuid: string, signal?: AbortSignal) => mainClient.get<RecordModel>(`${base(ref)}/${seg(uuid)}`, { signal }),
  create: (ref: string, data: Record<string, unknown>) => mainClient.post<RecordModel>(base(ref), { data }),
  update: (ref: string, uuid: string, version: number, data: Record<string, unknown>) =>
    mainClient.post<RecordModel>(`${base(ref)}/${seg(uuid)}`, { version, data }),
  remove: (ref: string, uuid: string) => mainClient.delete<Record<string, never>>(`${base(ref)}/${seg(uuid)}`),
  projectUsers: (signal?: AbortSignal) => mainClient.get<ProjectUser[]>('/v1/project/users', { signal }),
};

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

// ---- Lists, bulk actions, background jobs and exports (docs/lists.md) ----

/** The list call's parameters (docs/lists.md "List"); absent ones take the server's defaults. */
export interface ListParams {
  offset: number;
  limit: number;
  sortBy?: string;
  /** 1 descending, -1 ascending. */
  sortDesc?: 1 | -1;
  filter?: string;
  filterOn?: string;
  disabled?: 1;
  dateFrom?: string;
  dateTo?: string;
  dateField?: string;
  /** JSON text of an advanced filter. */
  $adv?: string;
}

/** One page of records; total is counted up to 5001 (>= 5000 means "5000 or more"). */
export interface RecordPage {
  items: RecordModel[];
  total: number;
  pages: number;
}

export type BulkAction = 'delete' | 'disable' | 'enable';

/** The filter a bulk-by-filter job applies: the list parameters without paging and sorting. */
export type BulkFilter = Omit<ListParams, 'offset' | 'limit' | 'sortBy' | 'sortDesc' | '$adv'> & { $adv?: unknown };

export interface BulkJob {
  status: 'running' | 'done' | 'failed';
  processed: number;
  total: number;
  affected: number;
  error: string | null;
}

export const listKeys = {
  list: (ref: string, params: ListParams) => [...recordKeys.lists(ref), params] as const,
  job: (ref: string, job: string) => ['component', ref, 'jobs', job] as const,
};

const componentBase = (ref: string) => `/v3/system/component/${refPath(ref)}`;

export const listApi = {
  list: (ref: string, params: ListParams, signal?: AbortSignal) =>
    mainClient.get<RecordPage>(`${componentBase(ref)}/models`, { query: { ...params }, signal }),
  bulk: (ref: string, action: BulkAction, target: { items: string[] } | { filter: BulkFilter }) =>
    mainClient.post<{ affected: number } | { job: string }>(`${componentBase(ref)}/${action}/models`, target),
  job: (ref: string, job: string, signal?: AbortSignal) => mainClient.get<BulkJob>(`${componentBase(ref)}/jobs/${seg(job)}`, { signal }),
  /** The streamed export's path (relative to the main host); the list parameters without paging. */
  exportPath: (ref: string) => `${componentBase(ref)}/models/export`,
};

export const recordListQueryOptions = (ref: string, params: ListParams) =>
  queryOptions({
    queryKey: listKeys.list(ref, params),
    queryFn: ({ signal }) => listApi.list(ref, params, signal),
    staleTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });

/** A bulk-by-filter job, polled every second while it runs. */
export const bulkJobQueryOptions = (ref: string, job: string) =>
  queryOptions({
    queryKey: listKeys.job(ref, job),
    queryFn: ({ signal }) => listApi.job(ref, job, signal),
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'running' ? false : 1000),
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

/**
 * The whole filtered result, streamed by the server as an attachment. Fetched (not a bare link) so the
 * tenant and environment headers go with it; the answer becomes a blob the screen hands to a download
 * link. Errors are the clients' errors (a 500 opens the report modal).
 */
export async function exportRecords(ref: string, format: 'csv' | 'json', params: Omit<ListParams, 'offset' | 'limit'>): Promise<{ blob: Blob; filename: string }> {
  const url = buildUrl(HOST_PREFIX.main, listApi.exportPath(ref), { ...params, format } as Query);
  let response: Response;
  try {
    response = await fetch(url, { headers: tenantHeaders(browserStorage, true), credentials: 'include' });
  } catch {
    throw connectionFailed('network', 'main');
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      /* not JSON */
    }
    const error = mapHttpError(response.status, body, response.headers, 'main');
    if (errorEffects(error).report) openReportError(error.requestUuid);
    throw error;
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const named = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
  return { blob: await response.blob(), filename: named ? decodeURIComponent(named) : `export.${format}` };
}
