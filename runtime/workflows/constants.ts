// Workflow constants of the spec (sections 4 and 9) shared by the canvas, the machine and the engine.
import { NODE_ID_MAX, NODE_ID_MIN, type WorkflowNode, type WorkflowNodeType } from '../../schemas/workflow.schema';

/** The record events (spec section 4); custom event names are allowed too. */
export const WORKFLOW_EVENTS = ['Before::Create', 'Create', 'Before::Update', 'Update', 'Before::Delete', 'Delete', 'Recycle'] as const;
export type WorkflowEvent = (typeof WORKFLOW_EVENTS)[number];
/** Events run inside the record's transaction, before the write: they may change the data or refuse it. */
export const BEFORE_EVENTS = ['Before::Create', 'Before::Update', 'Before::Delete'] as const;
/** Events run after commit as jobs. */
export const AFTER_EVENTS = ['Create', 'Update', 'Delete'] as const;
export const isBeforeEvent = (event: string): event is (typeof BEFORE_EVENTS)[number] => (BEFORE_EVENTS as readonly string[]).includes(event);

/** Recycle timers and their cron schedules (UTC). */
export const RECYCLE_TIMERS = { '30min': '*/30 * * * *', '1h': '0 * * * *', '1d': '0 0 * * *' } as const;
export type RecycleTimer = keyof typeof RECYCLE_TIMERS;

/** Canvas constants (spec section 9, "Workflow node"). */
export const NODE_DEFAULT_SIZE = { width: 120, height: 60 } as const;
export const GRID_SNAP = 10;
export const MIN_BODY_HEIGHT = 20;
export const ZOOM_MIN = 0.1;
/** Saves after a drag ends are debounced this long (spec section 9). */
export const SAVE_DEBOUNCE_MS = 1000;
/** JSON fields (headers, body, ruleset, dry-run input) are checked after this idle time. */
export const JSON_CHECK_DEBOUNCE_MS = 1000;
/** Push ttl default (spec section 3). */
export const PUSH_TTL_DEFAULT = 2_419_200;
/** The workflow host's request timeout, and the http_request action's. */
export const WORKFLOW_TIMEOUT_MS = 30_000;

/** A fresh node id: a random integer in 10000000..19999999 not in `taken`. */
export function newNodeId(taken: Iterable<number> = [], random: () => number = Math.random): number {
  const used = new Set(taken);
  for (;;) {
    const id = NODE_ID_MIN + Math.floor(random() * (NODE_ID_MAX - NODE_ID_MIN + 1));
    if (!used.has(id)) return id;
  }
}

/** Names: spaces become underscores (node and connection names, spec section 5). */
export function normaliseName(name: string): string {
  return name.replace(/ /g, '_');
}

/** A new node at (x, y) snapped to the grid, with the default size and empty data. */
export function createNode(type: WorkflowNodeType, fields: { id: number; name?: string; action?: string; x: number; y: number }): WorkflowNode {
  const snap = (v: number) => Math.round(v / GRID_SNAP) * GRID_SNAP;
  return {
    id: fields.id,
    name: normaliseName(fields.name ?? ''),
    x: snap(fields.x),
    y: snap(fields.y),
    ...NODE_DEFAULT_SIZE,
    type,
    action: fields.action ?? '',
    paused: false,
    parallel: false,
    data: {},
    connections: [],
  };
}
