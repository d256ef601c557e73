// The workflow host's shapes (docs/workflows.md, "API"). Paths are under HOST_PREFIX.workflow.
import type { WorkflowNode } from '../../schemas/workflow.schema';

export type WorkflowEnv = 'dev' | 'live';

export interface WorkflowVersionSummary {
  name: string;
  updated_at: string;
}

/** A workflow: one component's automation, versioned like components (dev_version and public_version point at one version each). */
export interface WorkflowSummary {
  uuid: string;
  name: string;
  component_uuid: string;
  /** The component's ref (uuid or scope/name) and label, for links and titles. */
  component_ref: string;
  component_name: string;
  dev_version: string | null;
  public_version: string | null;
  versions: WorkflowVersionSummary[];
  /** The events its versions react to (event nodes' actions), for the settings tab. */
  events: string[];
  created_at: string;
  updated_at: string;
}

export interface Workflow extends WorkflowSummary {
  /** The version shown: ?version= or the dev version, else the newest. */
  version: { name: string; nodes: WorkflowNode[]; updated_at: string };
}

export interface CreateWorkflowBody {
  component_uuid: string;
  name: string;
}

export interface SaveWorkflowBody {
  nodes: WorkflowNode[];
}

export interface ForkWorkflowVersionBody {
  name: string;
  from: string;
}

export interface PublishWorkflowBody {
  version: string | null;
  env: WorkflowEnv;
}

/** One node's outcome in a run or a dry run. */
/** A custom event a node's script published with context.events.publish (docs/event-bus.md "Custom events"). */
export interface NodeEvent {
  topic: string;
  payload: Record<string, unknown>;
}

export interface NodeResult {
  id: number;
  status: 'success' | 'error' | 'skipped';
  /** State.Results of the node: what it answered (an e-mail it sent or would send, an HTTP reply, an expression's value). */
  State: { Results: unknown };
  error?: string;
  /** Milliseconds the node took. */
  ms: number;
  /** The custom events its script published, in order; in a dry run the ones it would publish (none is written). Absent when none. */
  events?: NodeEvent[];
}

export interface DryRunBody {
  component_uuid: string;
  event: string;
  dry_run: true;
  nodes: WorkflowNode[];
  /** One mocked record (its data); without it a record is made up from the component's fields. */
  model_collection?: Record<string, unknown>;
}

export interface DryRunAnswer {
  nodes: NodeResult[];
  /** The record data at the end of the run (changed by Before:: events); still given when the run failed. */
  data: Record<string, unknown>;
  /** Set when the run failed or a Before:: event refused the write. */
  error?: string;
  refused?: boolean;
}

export type RunStatus = 'queued' | 'running' | 'success' | 'error' | 'refused';

export interface WorkflowRunSummary {
  uuid: string;
  workflow_uuid: string;
  workflow_name: string;
  version: string;
  component_uuid: string;
  env: WorkflowEnv;
  event: string;
  record_uuid: string | null;
  status: RunStatus;
  error: string | null;
  attempts: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  duration_ms: number | null;
}

export interface WorkflowRun extends WorkflowRunSummary {
  /** Node ids in the order they ran. */
  path: number[];
  results: NodeResult[];
  /** The record data the run started with. */
  data: Record<string, unknown>;
  /** The graph as it ran, to draw the path on the canvas. */
  nodes: WorkflowNode[];
}

export interface RunListQuery {
  workflow?: string;
  component?: string;
  status?: RunStatus;
  event?: string;
  env?: WorkflowEnv;
  page?: number;
  perPage?: number;
}

export interface RunListAnswer {
  items: WorkflowRunSummary[];
  total: number;
}

export const WORKFLOW_MESSAGE = {
  workflowRemovalBlockedByDependency: 'workflowRemovalBlockedByDependency',
  workflowExists: 'workflowExists',
  componentRemovalBlockedByDependency: 'componentRemovalBlockedByDependency',
  workflowRefused: 'workflowRefused',
  lastVersionCannotBeRemoved: 'lastVersionCannotBeRemoved',
  versionIsLive: 'versionIsLive',
  versionIsDev: 'versionIsDev',
  cantForkVersionExists: 'cantForkVersionExists',
  graphNotValid: 'workflowGraphNotValid',
  notConfigured: 'notConfigured',
  someFieldsAreNotValid: 'someFieldsAreNotValid',
  notFound: 'notFound',
} as const;
