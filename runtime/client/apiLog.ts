// Scout's API call log calls (runtime/api/apiLog.ts) over the main client (no React, usable from Node).
import { API_LOG_PATH, API_LOG_SETTINGS_PATH, type ApiCallDetail, type ApiCallsPage, type ApiLogListQuery, type ApiLogSettings } from '../api/apiLog';
import { mainClient } from './clients';

export type * from '../api/apiLog';

function query(params: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const apiLogApi = {
  list: (params: ApiLogListQuery = {}, signal?: AbortSignal) => mainClient.get<ApiCallsPage>(`${API_LOG_PATH}${query(params)}`, { signal }),
  get: (uuid: string, signal?: AbortSignal) => mainClient.get<ApiCallDetail>(`${API_LOG_PATH}/${encodeURIComponent(uuid)}`, { signal }),
  settings: (signal?: AbortSignal) => mainClient.get<ApiLogSettings>(API_LOG_SETTINGS_PATH, { signal }),
  saveSettings: (body: Partial<ApiLogSettings>) => mainClient.put<ApiLogSettings>(API_LOG_SETTINGS_PATH, body),
};
