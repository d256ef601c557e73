// The workflow graph as react-flow draws it: one node view for every node type (its handles on the
// four sides, its status in a run or dry run, whether the path went through it) and one edge per
// connection (named when the source may rename it or it is a reject; dangling when its target is gone).
import { memo } from 'react';
import { Handle, MarkerType, Position, type Edge, type Node, type NodeProps } from 'react-flow-renderer';
import type { NodeResult } from '../../../../../runtime/api/workflows';
import { mayRenameConnection } from '../../../../../runtime/workflows/connections';
import { WORKFLOW_NODE_TYPES, type ConnectionPosition, type WorkflowNode } from '../../../../../schemas/workflow.schema';

export type NodeStatus = NodeResult['status'] | undefined;

export interface NodeView {
  node: WorkflowNode;
  status: NodeStatus;
  onPath: boolean;
}

const POSITIONS: [ConnectionPosition, Position][] = [
  ['top', Position.Top],
  ['right', Position.Right],
  ['bottom', Position.Bottom],
  ['left', Position.Left],
];

const FlowNode = memo(function FlowNode({ data, selected }: NodeProps<NodeView>) {
  const { node, status, onPath } = data;
  const label = node.type === 'operation' ? node.action : node.type === 'event' ? node.action : node.type;
  return (
    <div
      className={`wf-node wf-node-${node.type}${selected ? ' is-selected' : ''}${node.paused ? ' is-paused' : ''}${status ? ` is-${status}` : ''}${onPath ? ' is-on-path' : ''}`}
      style={{ width: node.width, minHeight: node.height }}
      data-testid="wf-node"
      data-node-id={node.id}
      data-node-type={node.type}
    >
      {POSITIONS.map(([id, position]) => (
        <Handle key={id} id={id} type="source" position={position} className={`wf-handle wf-handle-${id}`} data-testid={`handle-${id}`} />
      ))}
      <span className="wf-node-type">{label}</span>
      <span className="wf-node-name">{node.name || node.type}</span>
      {status ? <span className={`wf-badge wf-badge-${status}`} data-testid="wf-node-status">{status}</span> : null}
    </div>
  );
});

export const NODE_TYPES = Object.fromEntries(WORKFLOW_NODE_TYPES.map((type) => [type, FlowNode]));

export function toFlow(nodes: readonly WorkflowNode[], results: Map<number, NodeStatus>, path: Set<number>): { flowNodes: Node<NodeView>[]; edges: Edge[] } {
  const flowNodes = nodes.map((node) => ({
    id: String(node.id),
    type: node.type,
    position: { x: node.x, y: node.y },
    data: { node, status: results.get(node.id), onPath: path.has(node.id) },
  }));
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const edges = nodes.flatMap((node) =>
    node.connections.map((c) => {
      const label = mayRenameConnection(node) || c.type === 'reject' ? c.name : undefined;
      const walked = path.has(c.source.id) && path.has(c.destination.id);
      return {
        id: c.id,
        source: String(c.source.id),
        sourceHandle: c.source.position,
        target: String(c.destination.id),
        targetHandle: c.destination.position,
        label,
        className: `wf-edge wf-edge-${c.type}${walked ? ' is-on-path' : ''}${byId.get(c.destination.id) ? '' : ' is-dangling'}`,
        markerEnd: { type: MarkerType.ArrowClosed },
        data: { connection: c },
      } satisfies Edge;
    }),
  );
  return { flowNodes, edges };
}
