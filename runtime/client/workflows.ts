// Workflow calls of docs/workflows.md over the workflow client (no React, usable from Node).
import type {
  CreateWorkflowBody,
  DryRunAnswer,
  DryRunBody,
  ForkWorkflowVersionBody,
  PublishWorkflowBody,
  RunListAnswer,
  RunListQuery,
  SaveWorkflowBody,
  Workflow,
  WorkflowRun,
  WorkflowSummary,
} from '../api/workflows';
import { workflowClient } from './clients';

export type * from '../api/workflows';

const seg = encodeURIComponent;

function query(params: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const workflowsApi = {
  list: (params: { component_uuid?: string } = {}, signal?: AbortSignal) => workflowClient.get<WorkflowSummary[]>(`/workflows${query(params)}`, { signal }),
  get: (uuid: string, version?: string, signal?: AbortSignal) => workflowClient.get<Workflow>(`/workflows/${seg(uuid)}${query({ version })}`, { signal }),
  create: (body: CreateWorkflowBody) => workflowClient.post<Workflow>('/workflows', body),
  rename: (uuid: string, name: string) => workflowClient.patch<WorkflowSummary>(`/workflows/${seg(uuid)}`, { name }),
  remove: (uuid: string) => workflowClient.delete<Record<string, never>>(`/workflows/${seg(uuid)}`),
  save: (uuid: string, version: string, body: SaveWorkflowBody) =>
    workflowClient.put<{ name: string; updated_at: string }>(`/workflows/${seg(uuid)}/version/${seg(version)}`, body),
  fork: (uuid: string, body: ForkWorkflowVersionBody) => workflowClient.post<Workflow>(`/workflows/${seg(uuid)}/version`, body),
  removeVersion: (uuid: string, version: string) => workflowClient.delete<WorkflowSummary>(`/workflows/${seg(uuid)}/version/${seg(version)}`),
  publish: (uuid: string, body: PublishWorkflowBody) => workflowClient.post<WorkflowSummary>(`/workflows/${seg(uuid)}/publish`, body),
  dryRun: (body: DryRunBody) => workflowClient.post<DryRunAnswer>('/workflow/component/dryrun', body),
  runs: (params: RunListQuery = {}, signal?: AbortSignal) => workflowClient.get<RunListAnswer>(`/runs${query(params)}`, { signal }),
  run: (uuid: string, signal?: AbortSignal) => workflowClient.get<WorkflowRun>(`/runs/${seg(uuid)}`, { signal }),
};

export type WorkflowsApi = typeof workflowsApi;
