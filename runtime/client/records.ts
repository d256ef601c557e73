// Record calls of docs/records.md and the list, bulk and export calls of docs/lists.md: plain typed
// calls over the main client (no React, usable from Node). Their query and mutation factories, with
// the cache keys, are in renderers/data/records.ts.
import type { ProjectUser } from '../api/contract';
import type { RevisionPage } from '../api/history';
import { HEADER, HOST_PREFIX } from '../api/contract';
import { buildUrl, tenantHeaders, type Query } from './client';
import { mainClient, throwResponseError } from './clients';
import { refPath } from './components';
import { connectionFailed } from './errors';
import { browserStorage } from './storage';

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

export const recordsApi = {
  get: (ref: string, uuid: string, signal?: AbortSignal) => mainClient.get<RecordModel>(`${base(ref)}/${seg(uuid)}`, { signal }),
  create: (ref: string, data: Record<string, unknown>) => mainClient.post<RecordModel>(base(ref), { data }),
  update: (ref: string, uuid: string, version: number, data: Record<string, unknown>) =>
    mainClient.post<RecordModel>(`${base(ref)}/${seg(uuid)}`, { version, data }),
  remove: (ref: string, uuid: string) => mainClient.delete<Record<string, never>>(`${base(ref)}/${seg(uuid)}`),
  projectUsers: (signal?: AbortSignal) => mainClient.get<ProjectUser[]>('/v1/project/users', { signal }),
  /** A page of the record's revisions, newest first (docs/history.md); `before`: the page before's `next`. */
  revisions: (ref: string, uuid: string, before: string | null, signal?: AbortSignal) =>
    mainClient.get<RevisionPage>(`${base(ref)}/${seg(uuid)}/revisions${before ? `?before=${seg(before)}` : ''}`, { signal }),
  /** The record as it was after revision `id`, written as a new version over `version`. */
  restore: (ref: string, uuid: string, id: string, version: number) => mainClient.post<RecordModel>(`${base(ref)}/${seg(uuid)}/revisions/${seg(id)}/restore`, { version }),
};

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
  /** Records a Before::Delete workflow refused (left as they were). */
  refused: number;
  error: string | null;
}

const componentBase = (ref: string) => `/v3/system/component/${refPath(ref)}`;

export const listApi = {
  /** `app`: the app the list is drawn in, sent as X-App (its default page size is 500). */
  list: (ref: string, params: ListParams, signal?: AbortSignal, app?: string) =>
    mainClient.get<RecordPage>(`${componentBase(ref)}/models`, { query: { ...params }, signal, ...(app ? { headers: { [HEADER.app]: app } } : {}) }),
  bulk: (ref: string, action: BulkAction, target: { items: string[] } | { filter: BulkFilter }) =>
    mainClient.post<{ affected: number } | { job: string }>(`${componentBase(ref)}/${action}/models`, target),
  job: (ref: string, job: string, signal?: AbortSignal) => mainClient.get<BulkJob>(`${componentBase(ref)}/jobs/${seg(job)}`, { signal }),
  /** The streamed export's path (relative to the main host); the list parameters without paging. */
  exportPath: (ref: string) => `${componentBase(ref)}/models/export`,
};

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
  if (!response.ok) return throwResponseError(response, 'main');
  const disposition = response.headers.get('content-disposition') ?? '';
  const named = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
  return { blob: await response.blob(), filename: named ? decodeURIComponent(named) : `export.${format}` };
}
