// The workflow canvas (spec section 2, "Workflow editor"): the toolbar, the graph, the dry-run sidebar,
// the results drawer (a dry run's answer, or the run shown with ?run=) and the dialogs that add a node,
// edit one or name a connection. In the live environment the Delete key does nothing.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useReactFlow } from 'react-flow-renderer';
import type { DryRunAnswer, Workflow, WorkflowRun } from '../../../../../runtime/api/workflows';
import { createNode, newNodeId, NODE_DEFAULT_SIZE } from '../../../../../runtime/workflows/constants';
import type { WorkflowNodeType } from '../../../../../schemas/workflow.schema';
import { useMessage } from '../../../../../renderers/ui/Message';
import { environmentStore } from '../../../../../renderers/ui/prefs';
import { useStore } from '../../../../../renderers/ui/store';
import { DryRunSidebar } from '../DryRunSidebar';
import { AddNodeDialog } from '../editors/AddNodeDialog';
import { ConnectionEditor } from '../editors/ConnectionEditor';
import { NodeEditor } from '../editors/NodeEditor';
import { ResultsDrawer } from '../ResultsDrawer';
import { autoLayout } from './autoLayout';
import { CanvasToolbar } from './CanvasToolbar';
import { FlowView } from './FlowView';
import { placeNewNode } from './placeNode';
import { useCanvasGraph } from './useCanvasGraph';
import { useFullscreen } from './useFullscreen';

/**
 * The dry-run sidebar, fullscreen and the window change the canvas's size: fit the graph to the new
 * size once react-flow has measured it (its own observer runs first, so the fit waits a frame).
 */
function useFitOnResize(container: RefObject<HTMLDivElement>) {
  const flow = useReactFlow();
  useEffect(() => {
    const box = container.current?.querySelector('.react-flow');
    if (!box || typeof ResizeObserver === 'undefined') return;
    let width = box.clientWidth;
    const observer = new ResizeObserver(() => {
      if (box.clientWidth === width) return;
      width = box.clientWidth;
      requestAnimationFrame(() => flow.fitView({ padding: 0.2 }));
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [container, flow]);
}

export function Canvas({ workflow, run }: { workflow: Workflow; run: WorkflowRun | null }) {
  const message = useMessage();
  const live = useStore(environmentStore) === 'live';
  const flow = useReactFlow();
  const graph = useCanvasGraph(workflow, run);
  const { nodes, readOnly, send, setNodes, editing, renaming } = graph;
  const [adding, setAdding] = useState(false);
  const [dryOpen, setDryOpen] = useState(false);
  const [answer, setAnswer] = useState<DryRunAnswer | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const { fullscreen, toggle: toggleFullscreen } = useFullscreen(container);

  // A new node lands beside the selected or the last node, clear of every node (placeNode.ts).
  const add = (type: WorkflowNodeType, action: string, name: string) => {
    const centre = flow.project({ x: (container.current?.clientWidth ?? 600) / 2, y: (container.current?.clientHeight ?? 400) / 2 });
    const selected = flow.getNodes().find((n) => n.selected)?.id;
    const at = placeNewNode(nodes, centre, selected === undefined ? undefined : Number(selected));
    const node = createNode(type, { id: newNodeId(nodes.map((n) => n.id)), name, action, ...at });
    setNodes([...nodes, node], 'now');
    setAdding(false);
    // A node placed outside what the canvas shows is brought into view with the rest.
    const box = container.current;
    const seen = box ? [flow.project({ x: 0, y: 0 }), flow.project({ x: box.clientWidth, y: box.clientHeight })] : null;
    if (seen && (at.x < seen[0]!.x || at.y < seen[0]!.y || at.x + NODE_DEFAULT_SIZE.width > seen[1]!.x || at.y + NODE_DEFAULT_SIZE.height > seen[1]!.y)) {
      requestAnimationFrame(() => flow.fitView({ padding: 0.2 }));
    }
  };
  useFitOnResize(container);
  const layOut = async () => {
    setNodes(await autoLayout(nodes), 'now');
    requestAnimationFrame(() => flow.fitView({ padding: 0.2 }));
  };

  return (
    <div className={`wf-workspace${fullscreen ? ' is-fullscreen' : ''}`}>
      <CanvasToolbar
        readOnly={readOnly}
        live={live}
        dryOpen={dryOpen}
        fullscreen={fullscreen}
        saveState={graph.saveState}
        onAdd={() => setAdding(true)}
        onLayout={() => void layOut()}
        onDryRun={() => setDryOpen(!dryOpen)}
        onFullscreen={() => void toggleFullscreen()}
      />
      <div className="wf-body">
        <div className="wf-canvas" ref={container} data-testid="wf-canvas">
          <FlowView graph={graph} live={live} answer={answer} run={run} />
        </div>
        {dryOpen && !readOnly ? <DryRunSidebar workflow={workflow} nodes={nodes} onAnswer={setAnswer} onClose={() => setDryOpen(false)} /> : null}
      </div>
      {answer || run ? <ResultsDrawer nodes={nodes} results={answer?.nodes ?? run?.results ?? []} data={answer?.data ?? run?.data ?? {}} error={answer?.error ?? run?.error ?? null} dryRun={Boolean(answer)} onClose={run ? undefined : () => setAnswer(null)} /> : null}
      {adding ? <AddNodeDialog onAdd={add} onClose={() => setAdding(false)} /> : null}
      {editing ? (
        <NodeEditor
          node={editing}
          nodes={nodes}
          componentUuid={workflow.component_uuid}
          readOnly={readOnly}
          onChange={(node) => send({ type: 'EDITED', node })}
          onClose={() => send({ type: 'CLOSE' })}
        />
      ) : null}
      {renaming ? <ConnectionEditor connection={renaming} readOnly={readOnly} onChange={(name) => send({ type: 'RENAMED', name })} onClose={() => send({ type: 'CLOSE' })} /> : null}
      <span className="visually-hidden">{message('workflow.title')}</span>
    </div>
  );
}
