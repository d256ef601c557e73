// Table types of workflows (docs/workflows.md): workflows, their versions, the components they name,
// their runs and the chains of runs one write starts.
import type { Generated } from 'kysely';
import type { JsonWithDefault, NullableTimestamp, Timestamp } from './schema-columns';
import type { RecordEnv } from './schema';

export interface WorkflowsTable {
  uuid: string;
  project_uuid: string;
  component_uuid: string;
  name: string;
  dev_version: string | null;
  public_version: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WorkflowVersionsTable {
  workflow_uuid: string;
  name: string;
  /** schemas/workflow.schema WorkflowNode[], checked before every write. */
  nodes: JsonWithDefault<unknown[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WorkflowComponentRefsTable {
  workflow_uuid: string;
  component_uuid: string;
}

export interface WorkflowRunsTable {
  uuid: string;
  project_uuid: string;
  workflow_uuid: string;
  version: string;
  component_uuid: string;
  env: RecordEnv;
  event: string;
  record_uuid: string | null;
  status: Generated<'queued' | 'running' | 'success' | 'error' | 'refused'>;
  data: JsonWithDefault<Record<string, unknown>>;
  path: JsonWithDefault<number[]>;
  results: JsonWithDefault<unknown[]>;
  error: string | null;
  attempts: Generated<number>;
  depth: Generated<number>;
  /** The chain of runs this one belongs to (workflow_chains; null on runs queued before migration 0023). */
  chain_uuid: string | null;
  user_uuid: string | null;
  created_at: Timestamp;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  duration_ms: number | null;
}

/** One chain of workflow runs started by one write: what it spent of its budget (workflows/budget.ts). */
export interface WorkflowChainsTable {
  uuid: string;
  project_uuid: string;
  writes: number;
  runs: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}
