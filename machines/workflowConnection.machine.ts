// The workflow canvas's editing of one graph (spec section 4, "Workflow connections"): drawing a
// connection from a node's side to another's, deleting and renaming connections, opening a node's
// editor, pausing event nodes. Every rule is runtime/workflows/connections.ts, the one the server
// checks saved graphs with; a refused command leaves the graph as it was and puts the reason in
// context.refusal (message key `workflow.connection.<refusal>`). context.changes counts the
// accepted graph changes, so the canvas saves when it moves.
import { assign, setup } from 'xstate';
import type { WorkflowConnection, WorkflowNode } from '../schemas/workflow.schema';
import { normaliseName } from '../runtime/workflows/constants';
import {
  addConnection,
  connectionRefusal,
  mayEditNode,
  mayPause,
  mayRenameConnection,
  type ConnectionEnd,
  type ConnectionRefusal,
} from '../runtime/workflows/connections';

/** A connection name (after normaliseName) must be at least this long. */
export const MIN_CONNECTION_NAME = 2;
/** The schema's bound on node and connection names; a longer name is cut to it, so the graph stays saveable. */
export const MAX_NAME = 128;

export type WorkflowCanvasRefusal = ConnectionRefusal | 'notEditable' | 'notRenamable' | 'nameTooShort';

export interface WorkflowConnectionContext {
  nodes: WorkflowNode[];
  /** Where the connection being drawn starts (state connecting). */
  pending: ConnectionEnd | null;
  /** Why the last command was refused; cleared by the next accepted one. */
  refusal: WorkflowCanvasRefusal | null;
  /** The node whose editor is open (state editing). */
  editing: number | null;
  /** The connection being renamed (state renaming). */
  renaming: string | null;
  /** Accepted graph changes so far. */
  changes: number;
  newConnectionId: (nodes: readonly WorkflowNode[], source: ConnectionEnd, destination: ConnectionEnd) => string;
}

export type WorkflowConnectionEvent =
  | { type: 'CONNECT_START'; source: ConnectionEnd }
  | { type: 'CONNECT_END'; destination: ConnectionEnd }
  | { type: 'CANCEL' }
  | { type: 'DISMISS' }
  | { type: 'DELETE_CONNECTION'; connectionId: string }
  | { type: 'EDIT'; nodeId: number }
  | { type: 'EDITED'; node: WorkflowNode }
  | { type: 'CLOSE' }
  | { type: 'RENAME'; connectionId: string }
  | { type: 'RENAMED'; name: string }
  | { type: 'PAUSE'; nodeId: number; paused: boolean }
  | { type: 'SET_NODES'; nodes: WorkflowNode[] };

export interface WorkflowConnectionInput {
  nodes: WorkflowNode[];
  /** Id of a new connection; by default `<source id>-<destination id>`, unique since a pair is never connected twice. */
  newConnectionId?: () => string;
}

/** The node holding a connection (its source) and the connection. */
function findConnection(nodes: readonly WorkflowNode[], connectionId: string): { node: WorkflowNode; connection: WorkflowConnection } | null {
  for (const node of nodes) {
    const connection = node.connections.find((c) => c.id === connectionId);
    if (connection) return { node, connection };
  }
  return null;
}

function cleanName(name: string): string {
  return normaliseName(name).slice(0, MAX_NAME);
}

function defaultConnectionId(nodes: readonly WorkflowNode[], source: ConnectionEnd, destination: ConnectionEnd): string {
  const taken = new Set(nodes.flatMap((n) => n.connections.map((c) => c.id)));
  const base = `${source.id}-${destination.id}`;
  let id = base;
  for (let i = 2; taken.has(id); i++) id = `${base}-${i}`;
  return id;
}

export const workflowConnectionMachine = setup({
  types: {
    context: {} as WorkflowConnectionContext,
    events: {} as WorkflowConnectionEvent,
    input: {} as WorkflowConnectionInput,
  },
  guards: {
    connectionRefused: ({ context, event }) =>
      event.type === 'CONNECT_END' && (context.pending === null || connectionRefusal(context.nodes, context.pending, event.destination) !== null),
    mayEdit: ({ context, event }) => {
      if (event.type !== 'EDIT') return false;
      const node = context.nodes.find((n) => n.id === event.nodeId);
      return node !== undefined && mayEditNode(node);
    },
    isEditedNode: ({ context, event }) =>
      event.type === 'EDITED' && event.node.id === context.editing && context.nodes.some((n) => n.id === context.editing),
    mayRename: ({ context, event }) => {
      if (event.type !== 'RENAME') return false;
      const found = findConnection(context.nodes, event.connectionId);
      return found !== null && mayRenameConnection(found.node);
    },
    nameTooShort: ({ event }) => event.type === 'RENAMED' && cleanName(event.name).length < MIN_CONNECTION_NAME,
  },
  actions: {
    startConnection: assign(({ event }) => (event.type === 'CONNECT_START' ? { pending: { ...event.source }, refusal: null } : {})),
    refuseConnection: assign(({ context, event }) => ({
      refusal: event.type === 'CONNECT_END' && context.pending !== null ? connectionRefusal(context.nodes, context.pending, event.destination) : 'unknownNode',
      pending: null,
    })),
    connect: assign(({ context, event }) => {
      if (event.type !== 'CONNECT_END' || context.pending === null) return {};
      const destination = { ...event.destination };
      const id = context.newConnectionId(context.nodes, context.pending, destination);
      return { nodes: addConnection(context.nodes, id, context.pending, destination), pending: null, refusal: null, changes: context.changes + 1 };
    }),
    settle: assign({ pending: null, editing: null, renaming: null, refusal: null }),
    deleteConnection: assign(({ context, event }) => {
      if (event.type !== 'DELETE_CONNECTION' || findConnection(context.nodes, event.connectionId) === null) return {};
      return {
        nodes: context.nodes.map((node) =>
          node.connections.some((c) => c.id === event.connectionId)
            ? { ...node, connections: node.connections.filter((c) => c.id !== event.connectionId) }
            : node,
        ),
        refusal: null,
        changes: context.changes + 1,
      };
    }),
    startEditing: assign(({ event }) => (event.type === 'EDIT' ? { editing: event.nodeId, refusal: null } : {})),
    refuseEdit: assign({ refusal: 'notEditable' }),
    // The editor changes a node's fields; its id, type and connections stay the graph's, and
    // only an event node keeps a paused flag.
    applyEdit: assign(({ context, event }) => {
      if (event.type !== 'EDITED') return {};
      return {
        nodes: context.nodes.map((node) =>
          node.id === event.node.id
            ? {
                ...event.node,
                id: node.id,
                type: node.type,
                connections: node.connections,
                name: cleanName(event.node.name),
                paused: mayPause(node) ? event.node.paused : false,
              }
            : node,
        ),
        editing: null,
        refusal: null,
        changes: context.changes + 1,
      };
    }),
    startRenaming: assign(({ event }) => (event.type === 'RENAME' ? { renaming: event.connectionId, refusal: null } : {})),
    refuseRename: assign({ refusal: 'notRenamable' }),
    refuseName: assign({ refusal: 'nameTooShort' }),
    rename: assign(({ context, event }) => {
      if (event.type !== 'RENAMED' || context.renaming === null) return {};
      const name = cleanName(event.name);
      const id = context.renaming;
      return {
        nodes: context.nodes.map((node) =>
          node.connections.some((c) => c.id === id) ? { ...node, connections: node.connections.map((c) => (c.id === id ? { ...c, name } : c)) } : node,
        ),
        renaming: null,
        refusal: null,
        changes: context.changes + 1,
      };
    }),
    pause: assign(({ context, event }) => {
      if (event.type !== 'PAUSE') return {};
      const node = context.nodes.find((n) => n.id === event.nodeId);
      if (!node || !mayPause(node) || node.paused === event.paused) return {};
      return {
        nodes: context.nodes.map((n) => (n.id === event.nodeId ? { ...n, paused: event.paused } : n)),
        refusal: null,
        changes: context.changes + 1,
      };
    }),
    setNodes: assign(({ event }) => (event.type === 'SET_NODES' ? { nodes: event.nodes, refusal: null } : {})),
  },
}).createMachine({
  id: 'workflowConnection',
  context: ({ input }) => {
    const custom = input.newConnectionId;
    return {
      nodes: input.nodes,
      pending: null,
      refusal: null,
      editing: null,
      renaming: null,
      changes: 0,
      newConnectionId: custom ? () => custom() : defaultConnectionId,
    };
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        CONNECT_START: { target: 'connecting', actions: 'startConnection' },
        DELETE_CONNECTION: { actions: 'deleteConnection' },
        EDIT: [{ guard: 'mayEdit', target: 'editing', actions: 'startEditing' }, { actions: 'refuseEdit' }],
        RENAME: [{ guard: 'mayRename', target: 'renaming', actions: 'startRenaming' }, { actions: 'refuseRename' }],
        PAUSE: { actions: 'pause' },
        SET_NODES: { actions: 'setNodes' },
      },
    },
    connecting: {
      on: {
        CONNECT_END: [{ guard: 'connectionRefused', target: 'refused', actions: 'refuseConnection' }, { target: 'idle', actions: 'connect' }],
        CANCEL: { target: 'idle', actions: 'settle' },
      },
    },
    // The refusal stays on screen until dismissed or a new connection is started.
    refused: {
      on: {
        CONNECT_START: { target: 'connecting', actions: 'startConnection' },
        DISMISS: { target: 'idle', actions: 'settle' },
      },
    },
    editing: {
      on: {
        EDITED: { guard: 'isEditedNode', target: 'idle', actions: 'applyEdit' },
        CLOSE: { target: 'idle', actions: 'settle' },
      },
    },
    renaming: {
      on: {
        RENAMED: [{ guard: 'nameTooShort', actions: 'refuseName' }, { target: 'idle', actions: 'rename' }],
        CLOSE: { target: 'idle', actions: 'settle' },
      },
    },
  },
});

export type WorkflowConnectionMachine = typeof workflowConnectionMachine;

/** The graph a snapshot holds, as the canvas saves it. */
export function graphOf(snapshot: { context: Pick<WorkflowConnectionContext, 'nodes'> }): WorkflowNode[] {
  return snapshot.context.nodes;
}
