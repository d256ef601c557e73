// A workflow's graph (spec section 3, "Workflow node"): nodes with their outgoing connections.
// The server checks every saved graph against workflowNodesSchema (ajv) and the connection rules
// of runtime/workflows/connections.ts; the node editors' field rules are runtime/workflows/rules.ts.
import type { FromSchema } from 'json-schema-to-ts';

export const WORKFLOW_NODE_TYPES = ['event', 'operation', 'condition', 'each', 'switch'] as const;
export const WORKFLOW_ACTIONS = ['email', 'http_request', 'expression', 'platform_notification', 'push_notification', 'component', 'spark'] as const;
export const CONNECTION_POSITIONS = ['left', 'right', 'top', 'bottom'] as const;
export const CONNECTION_TYPES = ['pass', 'reject'] as const;

/** Node ids are random integers in this range (spec section 9). */
export const NODE_ID_MIN = 10_000_000;
export const NODE_ID_MAX = 19_999_999;
/** At most this many nodes in one graph (a bound, so a saved graph stays small). */
export const MAX_NODES = 500;

const endSchema = {
  type: 'object',
  required: ['id', 'position'],
  properties: {
    id: { type: 'integer', minimum: NODE_ID_MIN, maximum: NODE_ID_MAX },
    position: { type: 'string', enum: CONNECTION_POSITIONS },
  },
  additionalProperties: false,
} as const;

export const workflowConnectionSchema = {
  type: 'object',
  required: ['id', 'source', 'destination', 'type', 'name'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 64 },
    source: endSchema,
    destination: endSchema,
    type: { type: 'string', enum: CONNECTION_TYPES },
    name: { type: 'string', maxLength: 128 },
  },
  additionalProperties: false,
} as const;

export const workflowNodeSchema = {
  type: 'object',
  required: ['id', 'name', 'x', 'y', 'width', 'height', 'type', 'action', 'paused', 'parallel', 'data', 'connections'],
  properties: {
    id: { type: 'integer', minimum: NODE_ID_MIN, maximum: NODE_ID_MAX },
    name: { type: 'string', maxLength: 128 },
    x: { type: 'number', minimum: -1e7, maximum: 1e7 },
    y: { type: 'number', minimum: -1e7, maximum: 1e7 },
    width: { type: 'number', minimum: 20, maximum: 10000 },
    height: { type: 'number', minimum: 20, maximum: 10000 },
    type: { type: 'string', enum: WORKFLOW_NODE_TYPES },
    /** event nodes: the event name (runtime/workflows/constants WORKFLOW_EVENTS or a custom name); operation nodes: one of WORKFLOW_ACTIONS; others: ''. */
    action: { type: 'string', maxLength: 128 },
    paused: { type: 'boolean' },
    parallel: { type: 'boolean' },
    /** The action's data (spec section 3); its rules are runtime/workflows/rules.ts. */
    data: { type: 'object' },
    /** Outgoing connections (source.id is this node). */
    connections: { type: 'array', maxItems: 100, items: workflowConnectionSchema },
  },
  additionalProperties: false,
} as const;

export const workflowNodesSchema = {
  $id: 'https://luma.local/schemas/workflow-nodes.schema.json',
  title: 'WorkflowNodes',
  type: 'array',
  maxItems: MAX_NODES,
  items: workflowNodeSchema,
} as const;

export type WorkflowNodeType = (typeof WORKFLOW_NODE_TYPES)[number];
export type WorkflowAction = (typeof WORKFLOW_ACTIONS)[number];
export type ConnectionPosition = (typeof CONNECTION_POSITIONS)[number];
export type ConnectionType = (typeof CONNECTION_TYPES)[number];
export type WorkflowConnection = FromSchema<typeof workflowConnectionSchema>;
export type WorkflowNode = Omit<FromSchema<typeof workflowNodeSchema>, 'data'> & { data: Record<string, unknown> };
