// Component calls of docs/components.md: plain typed calls over the main client (no React, usable
// from Node). Their query and mutation factories, with the cache keys, are in renderers/data/components.ts.
import type { RoleSummary } from '../api/contract';
import { mainClient } from './clients';

/** A component as the API answers it (docs/components.md "Shapes"). */
export type { Component, ComponentModel, CreateComponentBody, MenuItem } from '../api/components';
/** The diff of two versions (docs/components.md "Version diff"). */
export type { VersionDiff, VersionFate, FateCount, FateRule, VersionDiffCounts, VersionFieldChange, VersionItemChange, VersionListDiff, VersionPropertyChange, VersionChangeGroup } from '../api/components';
import type { VersionDiff } from '../api/components';
import type { Component, ComponentModel, CreateComponentBody, MenuItem } from '../api/components';
import type { ComponentIndexes } from '../api/record-indexes';

/** `{ref}` is a uuid or "scope/name": each segment is encoded, the slash kept. */
export function refPath(ref: string): string {
  return ref.split('/').map(encodeURIComponent).join('/');
}

const seg = encodeURIComponent;

export const componentsApi = {
  create: (body: CreateComponentBody) => mainClient.post<{ uuid: string; version: string }>('/v3/system/component', body),
  menu: (signal?: AbortSignal) => mainClient.get<MenuItem[]>('/v3/system/component/menu', { signal }),
  list: (signal?: AbortSignal) => mainClient.get<Component[]>('/v3/system/components', { signal }),
  settings: (ref: string, version: string | null, signal?: AbortSignal) =>
    mainClient.get<ComponentModel>(
      version ? `/v3/system/component/settings/${refPath(ref)}/${seg(version)}` : `/v3/system/component/settings/${refPath(ref)}`,
      { signal },
    ),
  save: (ref: string, version: string, model: ComponentModel) =>
    mainClient.post<ComponentModel>(`/v3/system/component/settings/${refPath(ref)}/${seg(version)}`, model),
  remove: (ref: string) => mainClient.delete<Record<string, never>>(`/v3/system/component/${refPath(ref)}`),
  clone: (body: { name: string; ref: string }) => mainClient.post<{ uuid: string }>('/v3/system/component/clone', body),
  fork: (body: { name: string; from: string; ref: string }) =>
    mainClient.post<ComponentModel>('/v3/system/component/version/fork', body),
  forkFromSchema: (body: { schema: unknown; version: string; ref: string }) =>
    mainClient.post<ComponentModel>('/v3/system/component/version/fork/schema', body),
  removeVersion: (body: { version: string; ref: string }) =>
    mainClient.post<Component>('/v3/system/component/version/remove', body),
  publish: (body: { version: string; env: 'dev' | 'live'; ref: string }) =>
    mainClient.post<Component>('/v3/system/component/version/publish', body),
  /** `from` left out: from the live version. */
  diff: (query: { ref: string; from?: string; to: string }, signal?: AbortSignal) =>
    mainClient.get<VersionDiff>(`/v3/system/component/version/diff?${new URLSearchParams(query as Record<string, string>).toString()}`, { signal }),
  roles: (signal?: AbortSignal) => mainClient.get<RoleSummary[]>('/v1/user/role/list', { signal }),
  indexes: (ref: string, signal?: AbortSignal) => mainClient.get<ComponentIndexes>(`/v3/system/component/${refPath(ref)}/indexes`, { signal }),
  dropIndex: (ref: string, name: string) => mainClient.post<ComponentIndexes>(`/v3/system/component/${refPath(ref)}/indexes/drop`, { name }),
  alwaysIndex: (ref: string, field: string) => mainClient.post<ComponentIndexes>(`/v3/system/component/${refPath(ref)}/indexes/always`, { field }),
};

export type ComponentsApi = typeof componentsApi;

/** The general data of one component, found in the project's list by uuid or "scope/name". */
export function findComponent<T extends { uuid: string; ref: string }>(list: readonly T[] | undefined, ref: string): T | undefined {
  return list?.find((c) => c.ref === ref || c.uuid === ref);
}
