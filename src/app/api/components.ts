// Component calls of docs/components.md: plain call functions (mutations) and one query-options
// factory per read, with the same key everywhere (screens, sidebar, route loaders).
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { RoleSummary } from '../../../runtime/api/contract';
import { mainClient } from './clients';

/** A component as the API answers it (docs/components.md "Shapes"). */
export type { Component, ComponentModel, CreateComponentBody, MenuItem } from '../../../runtime/api/components';
import type { Component, ComponentModel, CreateComponentBody, MenuItem } from '../../../runtime/api/components';

/** `{ref}` is a uuid or "scope/name": each segment is encoded, the slash kept. */
export function refPath(ref: string): string {
  return ref.split('/').map(encodeURIComponent).join('/');
}

const seg = encodeURIComponent;

export const componentKeys = {
  all: ['components'] as const,
  menu: ['component', 'menu'] as const,
  component: (ref: string) => ['component', ref] as const,
  settings: (ref: string, version: string | null) => ['component', ref, 'settings', version ?? '@env'] as const,
  roles: ['user', 'role', 'list'] as const,
};

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
  roles: (signal?: AbortSignal) => mainClient.get<RoleSummary[]>('/v1/user/role/list', { signal }),
};

export type ComponentsApi = typeof componentsApi;

export const componentsQueryOptions = () =>
  queryOptions({ queryKey: componentKeys.all, queryFn: ({ signal }) => componentsApi.list(signal) });

export const componentMenuQueryOptions = () =>
  queryOptions({ queryKey: componentKeys.menu, queryFn: ({ signal }) => componentsApi.menu(signal), staleTime: 60_000 });

/** One version's model; without a version, the environment's version (404 componentWrongEnvironment when unset). */
export const componentSettingsQueryOptions = (ref: string, version: string | null) =>
  queryOptions({
    queryKey: componentKeys.settings(ref, version),
    queryFn: ({ signal }) => componentsApi.settings(ref, version, signal),
    // The form keeps its own copy; a background refetch must not replace what the user sees.
    staleTime: Infinity,
  });

export const roleListQueryOptions = () =>
  queryOptions({ queryKey: componentKeys.roles, queryFn: ({ signal }) => componentsApi.roles(signal), staleTime: 5 * 60_000 });

/** The general data of one component, found in the project's list by uuid or "scope/name". */
export function findComponent<T extends { uuid: string; ref: string }>(list: readonly T[] | undefined, ref: string): T | undefined {
  return list?.find((c) => c.ref === ref || c.uuid === ref);
}

// Mutation factories: each names its call and what it makes stale. The settings screen's version
// actions go through the componentVersion machine, whose actors call `componentsApi` directly.
export const createComponentMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['component', 'create'],
    mutationFn: componentsApi.create,
    onSuccess: () => invalidateComponentLists(queryClient),
  });

export const saveSettingsMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['component', 'settings', 'save'],
    mutationFn: ({ ref, version, model }: { ref: string; version: string; model: ComponentModel }) =>
      componentsApi.save(ref, version, model),
    onSuccess: (model) => {
      queryClient.setQueryData(componentKeys.settings(model.ref, model.settings.version), model);
      return invalidateComponentLists(queryClient);
    },
  });

export const cloneComponentMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['component', 'clone'],
    mutationFn: componentsApi.clone,
    onSuccess: () => invalidateComponentLists(queryClient),
  });

export const removeComponentMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['component', 'remove'],
    mutationFn: componentsApi.remove,
    onSuccess: (_data, ref) => {
      queryClient.removeQueries({ queryKey: componentKeys.component(ref) });
      return invalidateComponentLists(queryClient);
    },
  });

/** The project's list and the sidebar menu (icon, active flag, sort, versions may have changed). */
export function invalidateComponentLists(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: componentKeys.all }),
    queryClient.invalidateQueries({ queryKey: componentKeys.menu }),
  ]).then(() => undefined);
}
