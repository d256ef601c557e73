// App calls of docs/apps.md over the main client (no React, usable from Node). Their query factories
// and cache keys are in renderers/data/apps.ts.
import type { App, AppCreateBody, AppDefinition, AppEnv, AppPatchBody, AppWithDefinition, GatewayApp } from '../api/apps';
import { mainClient } from './clients';

export type * from '../api/apps';

const seg = encodeURIComponent;
const BASE = '/v3/system/app';

export const appsApi = {
  list: (signal?: AbortSignal) => mainClient.get<App[]>(BASE, { signal }),
  get: (id: string, version?: string, signal?: AbortSignal) => mainClient.get<AppWithDefinition>(`${BASE}/${seg(id)}${version ? `?version=${seg(version)}` : ''}`, { signal }),
  create: (body: AppCreateBody) => mainClient.post<AppWithDefinition>(BASE, body),
  update: (id: string, body: AppPatchBody) => mainClient.patch<App>(`${BASE}/${seg(id)}`, body),
  remove: (id: string) => mainClient.delete<Record<string, never>>(`${BASE}/${seg(id)}`),
  saveDefinition: (id: string, version: string, definition: AppDefinition) => mainClient.put<AppWithDefinition>(`${BASE}/${seg(id)}/definition/${seg(version)}`, { definition }),
  fork: (id: string, from: string, name: string) => mainClient.post<AppWithDefinition>(`${BASE}/${seg(id)}/version/fork`, { from, name }),
  removeVersion: (id: string, version: string) => mainClient.post<App>(`${BASE}/${seg(id)}/version/remove`, { version }),
  publish: (id: string, env: AppEnv, version: string) => mainClient.post<App>(`${BASE}/${seg(id)}/version/publish`, { env, version }),
  setOnboarding: (id: string, finished: boolean) => mainClient.put<App>(`${BASE}/${seg(id)}/onboarding`, { finished }),
  workspace: (signal?: AbortSignal) => mainClient.get<GatewayApp[]>('/v3/system/gateway/app-service/app/workspace', { signal }),
  all: (signal?: AbortSignal) => mainClient.get<GatewayApp[]>('/v3/system/gateway/app-service/app/all', { signal }),
};

export type AppsApi = typeof appsApi;
