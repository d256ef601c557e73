// Thunder data set calls of docs/thunder.md over the main client (no React, usable from Node).
import type { ThunderData, ThunderDetail, ThunderSet, ThunderWrite } from '../api/thunder';
import { mainClient } from './clients';

export type * from '../api/thunder';

const seg = encodeURIComponent;
const BASE = '/v3/system/thunder';

export const thunderApi = {
  list: (signal?: AbortSignal) => mainClient.get<ThunderSet[]>(BASE, { signal }),
  get: (name: string, signal?: AbortSignal) => mainClient.get<ThunderDetail>(`${BASE}/${seg(name)}`, { signal }),
  data: (name: string, signal?: AbortSignal) => mainClient.get<ThunderData>(`${BASE}/${seg(name)}/data`, { signal }),
  /** Defines a set (its first build queued). */
  create: (body: ThunderWrite) => mainClient.post<ThunderSet>(BASE, body),
  /** Queues a rebuild of an existing set. */
  rebuild: (name: string) => mainClient.post<ThunderSet>(BASE, { name }),
  update: (body: ThunderWrite) => mainClient.put<ThunderSet>(BASE, body),
  remove: (name: string) => mainClient.delete<Record<string, never>>(`${BASE}/${seg(name)}`),
};
