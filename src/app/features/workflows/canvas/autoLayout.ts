// Auto layout: ELK's layered layout, top to bottom, snapped to the canvas grid. ELK is loaded on the
// first use only (it is large and most visits never lay out).
import { GRID_SNAP } from '../../../../../runtime/workflows/constants';
import type { WorkflowNode } from '../../../../../schemas/workflow.schema';

export async function autoLayout(nodes: readonly WorkflowNode[]): Promise<WorkflowNode[]> {
  const { default: ELK } = await import('elkjs/lib/elk.bundled.js');
  const elk = new ELK();
  const laid = await elk.layout({
    id: 'root',
    layoutOptions: { 'elk.algorithm': 'layered', 'elk.direction': 'DOWN', 'elk.spacing.nodeNode': '40', 'elk.layered.spacing.nodeNodeBetweenLayers': '60' },
    children: nodes.map((n) => ({ id: String(n.id), width: n.width, height: n.height })),
    edges: nodes.flatMap((n) => n.connections.map((c) => ({ id: c.id, sources: [String(c.source.id)], targets: [String(c.destination.id)] }))),
  });
  const place = new Map((laid.children ?? []).map((child) => [Number(child.id), child]));
  const snap = (v: number) => Math.round(v / GRID_SNAP) * GRID_SNAP;
  return nodes.map((n) => {
    const at = place.get(n.id);
    return at ? { ...n, x: snap(at.x ?? n.x), y: snap(at.y ?? n.y) } : n;
  });
}
