// Query and mutation factories of the component calls (runtime/client/components.ts): one per read,
// with the same key everywhere (screens, sidebar, route loaders).
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { componentsApi, type ComponentModel } from '../../runtime/client/components';

export const componentKeys = {
  all: ['components'] as const,
  menu: ['component', 'menu'] as const,
  component: (ref: string) => ['component', ref] as const,
  settings: (ref: string, version: string | null) => ['component', ref, 'settings', version ?? '@env'] as const,
  roles: ['user', 'role', 'list'] as const,
  diff: (ref: string, from: string | null, to: string) => ['component', ref, 'diff', from ?? '@live', to] as const,
};

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

/** The diff of two versions (from null: from what is live; docs/components.md "Version diff"). */
export const componentVersionDiffQueryOptions = (ref: string, from: string | null, to: string) =>
  queryOptions({
    queryKey: componentKeys.diff(ref, from, to),
    queryFn: ({ signal }) => componentsApi.diff(from === null ? { ref, to } : { ref, from, to }, signal),
  });

export const roleListQueryOptions = () =>
  queryOptions({ queryKey: componentKeys.roles, queryFn: ({ signal }) => componentsApi.roles(signal), staleTime: 5 * 60_000 });

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
    // Not awaited: the caller leaves the removed component's page before the refetched list drops it.
    onSuccess: (_data, ref) => {
      queryClient.removeQueries({ queryKey: componentKeys.component(ref) });
      void invalidateComponentLists(queryClient);
    },
  });

/** The project's list and the sidebar menu (icon, active flag, sort, versions may have changed). */
export function invalidateComponentLists(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: componentKeys.all }),
    queryClient.invalidateQueries({ queryKey: componentKeys.menu }),
  ]).then(() => undefined);
}
