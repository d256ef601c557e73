// What the canvas does with react-flow's events: selection (the canvas's own, by node and edge id: the
// graph has no such thing), connecting through the machine, moving while dragging and saving when the
// drag ends, deleting (never in the live environment or a run), and opening a node's editor or a
// connection's name (double click, or Enter on a selected node) where the rules allow it.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { Connection, Edge, EdgeChange, Node, NodeChange } from 'react-flow-renderer';
import { mayEditNode, mayRenameConnection } from '../../../../../runtime/workflows/connections';
import type { ConnectionPosition } from '../../../../../schemas/workflow.schema';
import { showToast } from '../../../../../renderers/ui/toast';
import type { CanvasGraph } from './useCanvasGraph';

export interface Selection {
  nodes: Set<string>;
  edges: Set<string>;
}
type SelectChange = { type: string; id?: string; selected?: boolean };

function useSelection() {
  const [selection, setSelection] = useState<Selection>({ nodes: new Set(), edges: new Set() });
  const select = (kind: keyof Selection, changes: SelectChange[]) => {
    const picks = changes.filter((c) => c.type === 'select' && c.id !== undefined);
    if (picks.length === 0) return;
    setSelection((current) => {
      const next = new Set(current[kind]);
      for (const c of picks) {
        if (c.selected) next.add(c.id!);
        else next.delete(c.id!);
      }
      return { ...current, [kind]: next };
    });
  };
  return { selection, select };
}

export function useFlowEvents(graph: CanvasGraph, live: boolean) {
  const intl = useIntl();
  const { nodes, readOnly, send, setNodes } = graph;
  const { selection, select } = useSelection();

  const openNode = (id: number) => {
    const node = nodes.find((n) => n.id === id);
    if (!node) return;
    if (!mayEditNode(node)) {
      showToast(intl.formatMessage({ id: 'workflow.connection.notEditable' }), 'info');
      return;
    }
    send({ type: 'EDIT', nodeId: id });
  };
  const removeSelected = (removedNodes: Node[], removedEdges: Edge[]) => {
    if (live || readOnly) return;
    const goneNodes = new Set(removedNodes.map((n) => Number(n.id)));
    const goneEdges = new Set(removedEdges.map((e) => e.id));
    const next = nodes
      .filter((n) => !goneNodes.has(n.id))
      .map((n) => ({ ...n, connections: n.connections.filter((c) => !goneEdges.has(c.id) && !goneNodes.has(c.destination.id)) }));
    setNodes(next, 'now');
  };

  return {
    selection,
    onConnect: (connection: Connection) => {
      if (readOnly || !connection.source || !connection.target) return;
      send({ type: 'CONNECT_START', source: { id: Number(connection.source), position: (connection.sourceHandle ?? 'bottom') as ConnectionPosition } });
      send({ type: 'CONNECT_END', destination: { id: Number(connection.target), position: (connection.targetHandle ?? 'top') as ConnectionPosition } });
    },
    onEdgesChange: (changes: EdgeChange[]) => select('edges', changes as SelectChange[]),
    onNodesChange: (changes: NodeChange[]) => {
      select('nodes', changes as SelectChange[]);
      // Positions move locally while dragging; the drag's end saves (debounced).
      const moved = changes.filter((c) => c.type === 'position' && c.position);
      if (moved.length === 0) return;
      const at = new Map(moved.map((c) => [Number((c as { id: string }).id), (c as { position: { x: number; y: number } }).position]));
      setNodes(nodes.map((n) => (at.has(n.id) ? { ...n, x: at.get(n.id)!.x, y: at.get(n.id)!.y } : n)), 'no');
    },
    onNodeDragStop: () => graph.save(graph.state.context.nodes, true),
    onNodesDelete: (removed: Node[]) => removeSelected(removed, []),
    onEdgesDelete: (removed: Edge[]) => removeSelected([], removed),
    onNodeDoubleClick: (_: unknown, node: Node) => openNode(Number(node.id)),
    onEdgeDoubleClick: (_: unknown, edge: Edge) => {
      const source = nodes.find((n) => String(n.id) === edge.source);
      if (source && mayRenameConnection(source)) send({ type: 'RENAME', connectionId: edge.id });
      else showToast(intl.formatMessage({ id: 'workflow.connection.notRenamable' }), 'info');
    },
    onKeyDown: (event: { key: string }) => {
      if (event.key !== 'Enter') return;
      const [selected] = selection.nodes;
      if (selected) openNode(Number(selected));
    },
  };
}
