// The workflow connection rules (spec section 4), one place for the canvas, the workflowConnection
// machine (machines/) and the server's check of every saved graph.
import type { ConnectionPosition, ConnectionType, WorkflowConnection, WorkflowNode } from '../../schemas/workflow.schema';
import { normaliseName } from './constants';

export interface ConnectionEnd {
  id: number;
  position: ConnectionPosition;
}

/** Why a connection is refused; each has a message key `workflow.connection.<reason>`. */
export type ConnectionRefusal =
  /** source or destination is not a node of the graph */
  | 'unknownNode'
  /** a node to itself */
  | 'selfConnection'
  /** the same source node to the same destination node twice */
  | 'duplicate'
  /** event, operation or condition into an event */
  | 'intoEvent'
  /** an operation already has its one incoming connection */
  | 'operationTaken'
  /** a condition accepts incoming connections only at its top */
  | 'conditionTopOnly';

export const CONNECTION_REFUSALS: readonly ConnectionRefusal[] = ['unknownNode', 'selfConnection', 'duplicate', 'intoEvent', 'operationTaken', 'conditionTopOnly'];

export function incomingOf(nodes: readonly WorkflowNode[], id: number): WorkflowConnection[] {
  return nodes.flatMap((node) => node.connections.filter((c) => c.destination.id === id));
}

/** Whether a new connection from `source` to `destination` breaks a rule, and which. */
export function connectionRefusal(nodes: readonly WorkflowNode[], source: ConnectionEnd, destination: ConnectionEnd): ConnectionRefusal | null {
  const from = nodes.find((n) => n.id === source.id);
  const to = nodes.find((n) => n.id === destination.id);
  if (!from || !to) return 'unknownNode';
  if (from.id === to.id) return 'selfConnection';
  if (from.connections.some((c) => c.destination.id === to.id)) return 'duplicate';
  if (to.type === 'event' && (from.type === 'event' || from.type === 'operation' || from.type === 'condition')) return 'intoEvent';
  if (to.type === 'operation' && incomingOf(nodes, to.id).length >= 1) return 'operationTaken';
  if (to.type === 'condition' && destination.position !== 'top') return 'conditionTopOnly';
  return null;
}

/** Leaving a condition's right side makes a reject connection; everything else passes. */
export function connectionType(source: Pick<WorkflowNode, 'type'>, position: ConnectionPosition): ConnectionType {
  return source.type === 'condition' && position === 'right' ? 'reject' : 'pass';
}

/** Only connections leaving a switch can be renamed. */
export function mayRenameConnection(source: Pick<WorkflowNode, 'type'>): boolean {
  return source.type === 'switch';
}

/** Nodes of type each cannot be edited (no node editor opens). */
export function mayEditNode(node: Pick<WorkflowNode, 'type'>): boolean {
  return node.type !== 'each';
}

/** Only event nodes carry a paused flag that means something. */
export function mayPause(node: Pick<WorkflowNode, 'type'>): boolean {
  return node.type === 'event';
}

/** The graph with a new connection added to its source node (the caller checked connectionRefusal). */
export function addConnection(nodes: readonly WorkflowNode[], id: string, source: ConnectionEnd, destination: ConnectionEnd): WorkflowNode[] {
  return nodes.map((node) => {
    if (node.id !== source.id) return node;
    const type = connectionType(node, source.position);
    return { ...node, connections: [...node.connections, { id, source, destination, type, name: type }] };
  });
}

/**
 * Every rule a whole graph breaks, as `'<reason>:<connection id>'` (or `'<reason>:<node id>'`);
 * empty when the graph is sound. Checked on every save and by the property test.
 */
export function graphViolations(nodes: readonly WorkflowNode[]): string[] {
  const problems: string[] = [];
  const byId = new Map<number, WorkflowNode>();
  for (const node of nodes) {
    if (byId.has(node.id)) problems.push(`duplicateNode:${node.id}`);
    byId.set(node.id, node);
  }
  const incoming = new Map<number, number>();
  const pairs = new Set<string>();
  for (const node of nodes) {
    if (node.paused && node.type !== 'event') problems.push(`pausedNotEvent:${node.id}`);
    for (const c of node.connections) {
      const to = byId.get(c.destination.id);
      if (c.source.id !== node.id || !to) {
        problems.push(`unknownNode:${c.id}`);
        continue;
      }
      if (to.id === node.id) problems.push(`selfConnection:${c.id}`);
      const pair = `${node.id}>${to.id}`;
      if (pairs.has(pair)) problems.push(`duplicate:${c.id}`);
      pairs.add(pair);
      if (to.type === 'event' && (node.type === 'event' || node.type === 'operation' || node.type === 'condition')) problems.push(`intoEvent:${c.id}`);
      if (to.type === 'condition' && c.destination.position !== 'top') problems.push(`conditionTopOnly:${c.id}`);
      if (c.type !== connectionType(node, c.source.position)) problems.push(`connectionType:${c.id}`);
      if (!mayRenameConnection(node) && c.name !== c.type) problems.push(`renamed:${c.id}`);
      if (mayRenameConnection(node) && c.name !== normaliseName(c.name)) problems.push(`connectionName:${c.id}`);
      incoming.set(to.id, (incoming.get(to.id) ?? 0) + 1);
    }
  }
  for (const [id, count] of incoming) if (byId.get(id)?.type === 'operation' && count > 1) problems.push(`operationTaken:${id}`);
  return problems;
}
