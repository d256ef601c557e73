// Query factories of the workflow calls (runtime/client/workflows.ts): one per read, one key each.
import { queryOptions } from '@tanstack/react-query';
import { workflowsApi, type RunListQuery } from '../../runtime/client/workflows';

export const workflowKeys = {
  all: ['workflows'] as const,
  list: (component: string | undefined) => ['workflows', 'list', component ?? 'all'] as const,
  one: (uuid: string, version: string | undefined) => ['workflows', 'one', uuid, version ?? 'dev'] as const,
  runs: (query: RunListQuery) => ['workflows', 'runs', query] as const,
  run: (uuid: string) => ['workflows', 'run', uuid] as const,
};

export const workflowsQueryOptions = (componentUuid?: string) =>
  queryOptions({
    queryKey: workflowKeys.list(componentUuid),
    queryFn: ({ signal }) => workflowsApi.list(componentUuid ? { component_uuid: componentUuid } : {}, signal),
  });

export const workflowQueryOptions = (uuid: string, version?: string) =>
  queryOptions({ queryKey: workflowKeys.one(uuid, version), queryFn: ({ signal }) => workflowsApi.get(uuid, version, signal), staleTime: Infinity });

export const workflowRunsQueryOptions = (query: RunListQuery) =>
  queryOptions({ queryKey: workflowKeys.runs(query), queryFn: ({ signal }) => workflowsApi.runs(query, signal) });

export const workflowRunQueryOptions = (uuid: string) =>
  queryOptions({ queryKey: workflowKeys.run(uuid), queryFn: ({ signal }) => workflowsApi.run(uuid, signal) });
