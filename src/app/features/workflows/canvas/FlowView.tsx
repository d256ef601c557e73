// The react-flow canvas of one graph: the nodes and connections with the statuses and path of a run
// or a dry run, the grid, zoom controls, and the events of useFlowEvents.
import { useMemo } from 'react';
import ReactFlow, { Background, ConnectionMode, Controls } from 'react-flow-renderer';
import 'react-flow-renderer/dist/style.css';
import type { DryRunAnswer, WorkflowRun } from '../../../../../runtime/api/workflows';
import { GRID_SNAP, ZOOM_MIN } from '../../../../../runtime/workflows/constants';
import { NODE_TYPES, toFlow, type NodeStatus } from './flow';
import type { CanvasGraph } from './useCanvasGraph';
import { useFlowEvents } from './useFlowEvents';

export function FlowView({ graph, live, answer, run }: { graph: CanvasGraph; live: boolean; answer: DryRunAnswer | null; run: WorkflowRun | null }) {
  const { nodes, readOnly } = graph;
  const { selection, ...events } = useFlowEvents(graph, live);
  const results = useMemo(() => {
    const map = new Map<number, NodeStatus>();
    for (const result of answer?.nodes ?? run?.results ?? []) map.set(result.id, result.status);
    return map;
  }, [answer, run]);
  const path = useMemo(() => new Set(run?.path ?? answer?.nodes.map((n) => n.id) ?? []), [run, answer]);
  const { flowNodes, edges } = useMemo(() => {
    const flow = toFlow(nodes, results, path);
    return {
      flowNodes: flow.flowNodes.map((n) => ({ ...n, selected: selection.nodes.has(n.id) })),
      edges: flow.edges.map((e) => ({ ...e, selected: selection.edges.has(e.id) })),
    };
  }, [nodes, results, path, selection]);
  return (
    <ReactFlow
      nodes={flowNodes}
      edges={edges}
      nodeTypes={NODE_TYPES}
      connectionMode={ConnectionMode.Loose}
      snapToGrid
      snapGrid={[GRID_SNAP, GRID_SNAP]}
      minZoom={ZOOM_MIN}
      fitView
      // The first fit can run before the container has its size (a narrow screen): fit again once laid out.
      onInit={(instance) => requestAnimationFrame(() => instance.fitView({ padding: 0.2 }))}
      nodesDraggable={!readOnly}
      nodesConnectable={!readOnly}
      deleteKeyCode={live || readOnly ? null : ['Delete', 'Backspace']}
      {...events}
    >
      <Background gap={GRID_SNAP * 2} />
      <Controls showInteractive={false} />
    </ReactFlow>
  );
}
