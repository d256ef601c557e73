// The workflow host's shapes (docs/workflows.md, "API"). Paths are under HOST_PREFIX.workflow.
import type { WorkflowNode } from '../../schemas/workflow.schema';
import { judged as judgedField, queryWholeNumber } from './schemas';

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

// ---- JSON Schemas of the workflow host's calls (src/server/hosts/workflow) ---------------------------

const text = { type: 'string' } as const;
const nullableText = { anyOf: [text, { type: 'null' }] } as const;
const envSchema = { type: 'string', enum: ['dev', 'live'] } as const;
/** A graph's nodes (schemas/workflow.schema): judged by the connection rules, so each node is only "an object" here. */
const nodesSchema = { type: 'array', items: { type: 'object', additionalProperties: true }, description: 'the graph: WorkflowNode objects (schemas/workflow.schema)' } as const;
const recordData = { type: 'object', additionalProperties: true, description: 'record data: field key -> value' } as const;

export const workflowListQuery = {
  type: 'object',
  properties: { component_uuid: { type: 'string', description: "only this component's workflows" } },
  additionalProperties: false,
} as const;
export const workflowGetQuery = {
  type: 'object',
  properties: { version: { type: 'string', description: 'the version shown (default: the dev version, else the newest)' } },
  additionalProperties: false,
} as const;
export const runListQuery = {
  type: 'object',
  properties: {
    workflow: { type: 'string', description: 'a workflow uuid' },
    component: { type: 'string', description: 'a component uuid' },
    status: { type: 'string', enum: ['', 'queued', 'running', 'success', 'error', 'refused'] },
    event: { type: 'string', maxLength: 128 },
    env: { type: 'string', enum: ['', 'dev', 'live'] },
    page: queryWholeNumber('1-based page (default 1)'),
    perPage: queryWholeNumber('runs per page, 1..100 (default 25)'),
  },
  additionalProperties: false,
} as const;

export const createWorkflowBodySchema = {
  type: 'object',
  properties: { component_uuid: judgedField('the component the workflow belongs to'), name: judgedField('the workflow name') },
  additionalProperties: false,
} as const;
export const renameWorkflowBodySchema = { type: 'object', properties: { name: judgedField('the new name') }, additionalProperties: false } as const;
export const saveWorkflowBodySchema = { type: 'object', properties: { nodes: judgedField('the graph: WorkflowNode objects, checked against the connection rules') }, additionalProperties: false } as const;
export const forkWorkflowBodySchema = {
  type: 'object',
  properties: { name: judgedField('the new version name'), from: judgedField('the version copied') },
  additionalProperties: false,
} as const;
export const publishWorkflowBodySchema = {
  type: 'object',
  properties: { version: judgedField('a version name, or null to unset'), env: judgedField("'dev' or 'live'") },
  additionalProperties: false,
} as const;
export const dryRunBodySchema = {
  type: 'object',
  properties: {
    component_uuid: judgedField('the component'),
    event: judgedField('the event tried, e.g. After::Create'),
    dry_run: judgedField('true'),
    nodes: judgedField('the graph tried (WorkflowNode objects)'),
    model_collection: judgedField('optional: one mocked record (its data)'),
  },
  additionalProperties: false,
} as const;

const summaryProperties = {
  uuid: text,
  name: text,
  component_uuid: text,
  component_ref: text,
  component_name: text,
  dev_version: nullableText,
  public_version: nullableText,
  versions: { type: 'array', items: { type: 'object', properties: { name: text, updated_at: text }, required: ['name', 'updated_at'], additionalProperties: false } },
  events: { type: 'array', items: text },
  created_at: text,
  updated_at: text,
} as const;
const summaryRequired = ['uuid', 'name', 'component_uuid', 'component_ref', 'component_name', 'dev_version', 'public_version', 'versions', 'events', 'created_at', 'updated_at'] as const;
export const workflowSummarySchema = { type: 'object', properties: summaryProperties, required: summaryRequired, additionalProperties: false } as const;
export const workflowSchema = {
  type: 'object',
  properties: {
    ...summaryProperties,
    version: { type: 'object', properties: { name: text, nodes: nodesSchema, updated_at: text }, required: ['name', 'nodes', 'updated_at'], additionalProperties: false },
  },
  required: [...summaryRequired, 'version'],
  additionalProperties: false,
} as const;
export const savedVersionSchema = { type: 'object', properties: { name: text, updated_at: text }, required: ['name', 'updated_at'], additionalProperties: false } as const;

const nodeResultSchema = {
  type: 'object',
  properties: {
    id: { type: 'number' },
    status: { type: 'string', enum: ['success', 'error', 'skipped'] },
    State: { type: 'object', properties: { Results: { description: 'what the node answered (any JSON)' } }, additionalProperties: false },
    error: text,
    ms: { type: 'number' },
    events: {
      type: 'array',
      items: { type: 'object', properties: { topic: text, payload: { type: 'object', additionalProperties: true } }, required: ['topic', 'payload'], additionalProperties: false },
    },
  },
  required: ['id', 'status', 'State', 'ms'],
  additionalProperties: false,
} as const;
export const dryRunAnswerSchema = {
  type: 'object',
  properties: { nodes: { type: 'array', items: nodeResultSchema }, data: recordData, error: text, refused: { type: 'boolean' } },
  required: ['nodes', 'data'],
  additionalProperties: false,
} as const;

const runSummaryProperties = {
  uuid: text,
  workflow_uuid: text,
  workflow_name: text,
  version: text,
  component_uuid: text,
  env: envSchema,
  event: text,
  record_uuid: nullableText,
  status: { type: 'string', enum: ['queued', 'running', 'success', 'error', 'refused'] },
  error: nullableText,
  attempts: { type: 'integer' },
  created_at: text,
  started_at: nullableText,
  finished_at: nullableText,
  duration_ms: { anyOf: [{ type: 'number' }, { type: 'null' }] },
} as const;
const runSummaryRequired = [
  'uuid', 'workflow_uuid', 'workflow_name', 'version', 'component_uuid', 'env', 'event', 'record_uuid', 'status', 'error', 'attempts', 'created_at', 'started_at', 'finished_at', 'duration_ms',
] as const;
export const runListAnswerSchema = {
  type: 'object',
  properties: {
    items: { type: 'array', items: { type: 'object', properties: runSummaryProperties, required: runSummaryRequired, additionalProperties: false } },
    total: { type: 'integer', minimum: 0 },
  },
  required: ['items', 'total'],
  additionalProperties: false,
} as const;
export const workflowRunSchema = {
  type: 'object',
  properties: { ...runSummaryProperties, path: { type: 'array', items: { type: 'number' } }, results: { type: 'array', items: nodeResultSchema }, data: recordData, nodes: nodesSchema },
  required: [...runSummaryRequired, 'path', 'results', 'data', 'nodes'],
  additionalProperties: false,
} as const;
