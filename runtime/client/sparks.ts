// Spark calls of docs/user-code.md "Sparks" over the spark client (no React, usable from Node).
import type { Spark, SparkCreateBody, SparkEnv, SparkInvokeAnswer, SparkInvokeBody, SparkLogPage, SparkPatchBody, SparkSummary } from '../api/sparks';
import { sparkClient } from './clients';

export type * from '../api/sparks';

const seg = encodeURIComponent;

export const sparksApi = {
  list: (signal?: AbortSignal) => sparkClient.get<SparkSummary[]>('/spark', { signal }),
  names: (signal?: AbortSignal) => sparkClient.get<string[]>('/spark/names', { signal }),
  get: (id: string, signal?: AbortSignal) => sparkClient.get<Spark>(`/spark/${seg(id)}`, { signal }),
  create: (body: SparkCreateBody) => sparkClient.post<Spark>('/spark', body),
  update: (id: string, body: SparkPatchBody) => sparkClient.patch<Spark>(`/spark/${seg(id)}`, body),
  remove: (id: string) => sparkClient.delete<Record<string, never>>(`/spark/${seg(id)}`),
  release: (id: string, version: number, note: string) => sparkClient.put<Spark>(`/spark/release/${seg(id)}/${version}`, { note }),
  deploy: (id: string, env: SparkEnv, version: number | null) => sparkClient.put<Spark>(`/spark/deploy/${seg(id)}/${env}`, { version }),
  logs: (id: string, page = 1, signal?: AbortSignal) => sparkClient.get<SparkLogPage>(`/spark/logs/${seg(id)}?page=${page}`, { signal }),
  invoke: (name: string, body: SparkInvokeBody) => sparkClient.post<SparkInvokeAnswer>(`/invoke/${seg(name)}`, body),
};

export type SparksApi = typeof sparksApi;
