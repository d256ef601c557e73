// Where "Add node" puts a new node (issue 29 item 11): to the right of the selected node, else of the
// last one added, on its row; moved down a row at a time until it overlaps no node, so a drag from it
// never lands on another node by accident. An empty canvas puts it where the view's centre is.
import type { WorkflowNode } from '../../../../../schemas/workflow.schema';
import { NODE_DEFAULT_SIZE } from '../../../../../runtime/workflows/constants';

/** The space kept between the new node and its neighbours, in pixels. */
export const NODE_GAP = 60;

type Box = Pick<WorkflowNode, 'x' | 'y' | 'width' | 'height'>;

const overlaps = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width + NODE_GAP / 2 && b.x < a.x + a.width + NODE_GAP / 2 && a.y < b.y + b.height + NODE_GAP / 2 && b.y < a.y + a.height + NODE_GAP / 2;

export function placeNewNode(nodes: readonly WorkflowNode[], centre: { x: number; y: number }, selectedId?: number): { x: number; y: number } {
  const { width, height } = NODE_DEFAULT_SIZE;
  const anchor = nodes.find((n) => n.id === selectedId) ?? nodes.at(-1);
  if (!anchor) return { x: centre.x - width / 2, y: centre.y - height / 2 };
  const spot = { x: anchor.x + anchor.width + NODE_GAP, y: anchor.y, width, height };
  while (nodes.some((n) => overlaps(spot, n))) spot.y += height + NODE_GAP;
  return { x: spot.x, y: spot.y };
}
