// Record calls of docs/records.md: one query-options factory per read, one mutation factory per write,
// with the same keys everywhere: ['component', ref, 'model', uuid] for one record.
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ProjectUser } from '../../../runtime/api/contract';
import { mainClient } from './clients';
import { refPath } from './components';

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
