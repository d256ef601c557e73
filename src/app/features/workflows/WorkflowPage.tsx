// /admin/workflow/:id (spec section 2, "Workflow editor"): the canvas with a fullscreen toggle, a
// dry-run sidebar and a results drawer. Connections go through the workflowConnection machine
// (machines/), so the canvas cannot draw what the rules refuse; the graph is saved after a drag ends
// (debounced 1 s), after a connection, a node add, a delete and when a node editor closes. In the
// live environment the Delete key does nothing. With ?run=<uuid> it shows one run's path (Scout).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams, useSearch } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import ReactFlow, { Background, ConnectionMode, Controls, Handle, MarkerType, Position, ReactFlowProvider, useReactFlow, type Connection, type Edge, type Node, type NodeProps } from 'react-flow-renderer';
import 'react-flow-renderer/dist/style.css';
import { FormattedMessage, useIntl } from 'react-intl';
import type { DryRunAnswer, NodeResult, Workflow, WorkflowRun } from '../../../../runtime/api/workflows';
import { workflowsApi } from '../../../../runtime/client/workflows';
import { GRID_SNAP, JSON_CHECK_DEBOUNCE_MS, createNode, newNodeId, normaliseName, SAVE_DEBOUNCE_MS, WORKFLOW_EVENTS, ZOOM_MIN } from '../../../../runtime/workflows/constants';
import { mayEditNode, mayRenameConnection } from '../../../../runtime/workflows/connections';
import { WORKFLOW_ACTIONS, WORKFLOW_NODE_TYPES, type ConnectionPosition, type WorkflowNode, type WorkflowNodeType } from '../../../../schemas/workflow.schema';
import { workflowConnectionMachine } from '../../../../machines/workflowConnection.machine';
import { workflowKeys, workflowQueryOptions, workflowRunQueryOptions } from '../../../../renderers/data/workflows';
import { Dialog } from '../../../../renderers/ui/Dialog';
import { Maximize, Minimize, Network, Play, Plus, X } from '../../../../renderers/ui/icons';
import { Message, useMessage } from '../../../../renderers/ui/Message';
import { environmentStore } from '../../../../renderers/ui/prefs';
import { useStore } from '../../../../renderers/ui/store';
import { showToast } from '../../../../renderers/ui/toast';
import { AppLink } from '../../components/AppLink';
import { failureSummary, LoadError, Loading } from '../iam/ui';
import { ConnectionEditor, NodeEditor } from './editors/NodeEditor';
import { NodeEvents } from './NodeEvents';
import { WorkflowIntl } from './WorkflowIntl';
import './workflow.css';

type Status = NodeResult['status'] | undefined;
interface NodeView {
  node: WorkflowNode;
  status: Status;
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

const NODE_TYPES = Object.fromEntries(WORKFLOW_NODE_TYPES.map((type) => [type, FlowNode]));

function toFlow(nodes: readonly WorkflowNode[], results: Map<number, Status>, path: Set<number>): { flowNodes: Node<NodeView>[]; edges: Edge[] } {
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

type SaveState = 'saved' | 'saving' | 'error';

function Canvas({ workflow, run }: { workflow: Workflow; run: WorkflowRun | null }) {
  const intl = useIntl();
  const message = useMessage();
  const queryClient = useQueryClient();
  const env = useStore(environmentStore);
  const live = env === 'live';
  const readOnly = run !== null;
  const flow = useReactFlow();
  const [state, send] = useMachine(workflowConnectionMachine, { input: { nodes: run ? run.nodes : workflow.version.nodes } });
  const nodes = state.context.nodes;
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [adding, setAdding] = useState(false);
  const [dryOpen, setDryOpen] = useState(false);
  const [answer, setAnswer] = useState<DryRunAnswer | null>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Saves the graph now (after a connection, an add, a delete, an editor closing) or debounced (a drag).
  const save = useCallback(
    (graph: WorkflowNode[], debounced = false) => {
      if (readOnly) return;
      if (saveTimer.current) clearTimeout(saveTimer.current);
      const run = async () => {
        setSaveState('saving');
        try {
          await workflowsApi.save(workflow.uuid, workflow.version.name, { nodes: graph });
          setSaveState('saved');
          void queryClient.invalidateQueries({ queryKey: workflowKeys.all });
        } catch (error) {
          setSaveState('error');
          showToast(failureSummary(error) ?? 'workflowGraphNotValid', 'danger');
        }
      };
      if (debounced) saveTimer.current = setTimeout(() => void run(), SAVE_DEBOUNCE_MS);
      else void run();
    },
    [queryClient, readOnly, workflow.uuid, workflow.version.name],
  );

  // The machine counts its changes (connect, edit, rename, pause, delete connection): each is saved.
  const changes = state.context.changes;
  const seenChanges = useRef(changes);
  useEffect(() => {
    if (changes === seenChanges.current) return;
    seenChanges.current = changes;
    save(nodes);
  }, [changes, nodes, save]);
  // A refusal is said once, as a toast.
  const refusal = state.context.refusal;
  useEffect(() => {
    if (!refusal) return;
    showToast(intl.formatMessage({ id: `workflow.connection.${refusal}` }), 'warning');
    send({ type: 'DISMISS' });
  }, [refusal, send, intl]);

  const setNodes = (next: WorkflowNode[], how: 'now' | 'debounced' | 'no') => {
    send({ type: 'SET_NODES', nodes: next });
    if (how !== 'no') save(next, how === 'debounced');
  };

  const results = useMemo(() => {
    const map = new Map<number, Status>();
    for (const result of answer?.nodes ?? run?.results ?? []) map.set(result.id, result.status);
    return map;
  }, [answer, run]);
  const path = useMemo(() => new Set(run?.path ?? answer?.nodes.map((n) => n.id) ?? []), [run, answer]);
  // Selection is the canvas's own (the graph has no such thing): kept here, by node and edge id.
  const [selection, setSelection] = useState<{ nodes: Set<string>; edges: Set<string> }>({ nodes: new Set(), edges: new Set() });
  const { flowNodes, edges } = useMemo(() => {
    const flow = toFlow(nodes, results, path);
    return {
      flowNodes: flow.flowNodes.map((n) => ({ ...n, selected: selection.nodes.has(n.id) })),
      edges: flow.edges.map((e) => ({ ...e, selected: selection.edges.has(e.id) })),
    };
  }, [nodes, results, path, selection]);
  const select = (kind: 'nodes' | 'edges', changes: { type: string; id?: string; selected?: boolean }[]) => {
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

  const onConnect = (connection: Connection) => {
    if (readOnly || !connection.source || !connection.target) return;
    send({ type: 'CONNECT_START', source: { id: Number(connection.source), position: (connection.sourceHandle ?? 'bottom') as ConnectionPosition } });
    send({ type: 'CONNECT_END', destination: { id: Number(connection.target), position: (connection.targetHandle ?? 'top') as ConnectionPosition } });
  };

  const editing = state.context.editing === null ? null : nodes.find((n) => n.id === state.context.editing) ?? null;
  const renaming = state.context.renaming === null ? null : nodes.flatMap((n) => n.connections).find((c) => c.id === state.context.renaming) ?? null;

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

  const add = (type: WorkflowNodeType, action: string, name: string) => {
    const center = flow.project({ x: (container.current?.clientWidth ?? 600) / 2, y: (container.current?.clientHeight ?? 400) / 2 });
    const node = createNode(type, { id: newNodeId(nodes.map((n) => n.id)), name, action, x: center.x - 60, y: center.y - 30 });
    setNodes([...nodes, node], 'now');
    setAdding(false);
  };

  const autoLayout = async () => {
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
    setNodes(
      nodes.map((n) => {
        const at = place.get(n.id);
        return at ? { ...n, x: snap(at.x ?? n.x), y: snap(at.y ?? n.y) } : n;
      }),
      'now',
    );
    requestAnimationFrame(() => flow.fitView({ padding: 0.2 }));
  };

  const toggleFullscreen = async () => {
    const element = container.current?.closest('.wf-page') as HTMLElement | null;
    if (!fullscreen) {
      setFullscreen(true);
      await element?.requestFullscreen?.().catch(() => undefined);
    } else {
      setFullscreen(false);
      if (document.fullscreenElement) await document.exitFullscreen().catch(() => undefined);
    }
  };

  return (
    <div className={`wf-workspace${fullscreen ? ' is-fullscreen' : ''}`}>
      <div className="wf-toolbar" role="toolbar" aria-label={intl.formatMessage({ id: 'workflow.toolbar' })}>
        {readOnly ? null : (
          <button type="button" className="button button-primary button-small" data-testid="wf-add" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" /> <FormattedMessage id="workflow.addNode" />
          </button>
        )}
        {readOnly ? null : (
          <button type="button" className="button button-small" data-testid="wf-layout" onClick={() => void autoLayout()}>
            <Network aria-hidden="true" /> <FormattedMessage id="workflow.autoLayout" />
          </button>
        )}
        {readOnly ? null : (
          <button type="button" className="button button-small" data-testid="wf-dry-run" aria-pressed={dryOpen} onClick={() => setDryOpen(!dryOpen)}>
            <Play aria-hidden="true" /> <FormattedMessage id="workflow.dryRun" />
          </button>
        )}
        <button type="button" className="button button-small" data-testid="wf-fullscreen" onClick={() => void toggleFullscreen()}>
          {fullscreen ? <Minimize aria-hidden="true" /> : <Maximize aria-hidden="true" />} <FormattedMessage id={fullscreen ? 'workflow.exitFullscreen' : 'workflow.fullscreen'} />
        </button>
        <span className={`wf-save wf-save-${saveState}`} data-testid="wf-save-state" role="status">
          <FormattedMessage id={`workflow.save.${saveState}`} />
        </span>
        {live && !readOnly ? (
          <span className="muted wf-live-note" data-testid="wf-live-note">
            <FormattedMessage id="workflow.liveNoDelete" />
          </span>
        ) : null}
      </div>
      <div className="wf-body">
        <div className="wf-canvas" ref={container} data-testid="wf-canvas">
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
            onConnect={onConnect}
            onEdgesChange={(changes) => select('edges', changes as { type: string; id?: string; selected?: boolean }[])}
            onNodesChange={(changes) => {
              select('nodes', changes as { type: string; id?: string; selected?: boolean }[]);
              // Positions move locally while dragging; the drag's end saves (debounced).
              const moved = changes.filter((c) => c.type === 'position' && c.position);
              if (moved.length === 0) return;
              const at = new Map(moved.map((c) => [Number((c as { id: string }).id), (c as { position: { x: number; y: number } }).position]));
              send({ type: 'SET_NODES', nodes: nodes.map((n) => (at.has(n.id) ? { ...n, x: at.get(n.id)!.x, y: at.get(n.id)!.y } : n)) });
            }}
            onNodeDragStop={() => save(state.context.nodes, true)}
            onNodesDelete={(removed) => removeSelected(removed, [])}
            onEdgesDelete={(removed) => removeSelected([], removed)}
            onNodeDoubleClick={(_, node) => openNode(Number(node.id))}
            onEdgeDoubleClick={(_, edge) => {
              const source = nodes.find((n) => String(n.id) === edge.source);
              if (source && mayRenameConnection(source)) send({ type: 'RENAME', connectionId: edge.id });
              else showToast(intl.formatMessage({ id: 'workflow.connection.notRenamable' }), 'info');
            }}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              const [selected] = selection.nodes;
              if (selected) openNode(Number(selected));
            }}
          >
            <Background gap={GRID_SNAP * 2} />
            <Controls showInteractive={false} />
          </ReactFlow>
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

const ACTION_LABEL = (action: string) => `workflow.action.${action}`;

function AddNodeDialog({ onAdd, onClose }: { onAdd: (type: WorkflowNodeType, action: string, name: string) => void; onClose: () => void }) {
  const intl = useIntl();
  const [type, setType] = useState<WorkflowNodeType>('operation');
  const [action, setAction] = useState<string>('expression');
  const [event, setEvent] = useState<string>('Create');
  const [name, setName] = useState('');
  const [tried, setTried] = useState(false);
  const needsName = type === 'operation' || type === 'condition' || type === 'switch';
  const nameError = needsName && name.trim().length < 2 ? (name.trim() === '' ? 'identityField.requiredField' : 'cantBeLessThenChars') : null;
  const eventError = type === 'event' && event.trim() === '' ? 'identityField.requiredField' : null;
  const submit = () => {
    setTried(true);
    if (nameError || eventError) return;
    onAdd(type, type === 'operation' ? action : type === 'event' ? event.trim() : '', type === 'event' && !name ? normaliseName(event.trim().replace(/::/g, '_')) : normaliseName(name));
  };
  return (
    <Dialog
      open
      title={<FormattedMessage id="workflow.addNode" />}
      onClose={onClose}
      testId="wf-add-dialog"
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            <FormattedMessage id="workflow.cancel" />
          </button>
          <button type="button" className="button button-primary" data-testid="wf-add-confirm" onClick={submit}>
            <FormattedMessage id="workflow.add" />
          </button>
        </>
      }
    >
      <form
        className="wf-editor"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="field">
          <label className="field-label" htmlFor="wf-add-type">
            <FormattedMessage id="workflow.nodeType" />
          </label>
          <select id="wf-add-type" data-testid="wf-add-type" value={type} onChange={(e) => setType(e.target.value as WorkflowNodeType)}>
            {WORKFLOW_NODE_TYPES.map((t) => (
              <option key={t} value={t}>
                {intl.formatMessage({ id: `workflow.type.${t}` })}
              </option>
            ))}
          </select>
        </div>
        {type === 'operation' ? (
          <div className="field">
            <label className="field-label" htmlFor="wf-add-action">
              <FormattedMessage id="workflow.nodeAction" />
            </label>
            <select id="wf-add-action" data-testid="wf-add-action" value={action} onChange={(e) => setAction(e.target.value)}>
              {WORKFLOW_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {intl.formatMessage({ id: ACTION_LABEL(a) })}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {type === 'event' ? (
          <div className="field">
            <label className="field-label" htmlFor="wf-add-event">
              <FormattedMessage id="workflow.editor.event" />
            </label>
            <input id="wf-add-event" data-testid="wf-add-event" list="wf-add-events" value={event} onChange={(e) => setEvent(e.target.value)} />
            <datalist id="wf-add-events">
              {WORKFLOW_EVENTS.map((e) => (
                <option key={e} value={e} />
              ))}
            </datalist>
            {tried && eventError ? (
              <p className="field-errors" role="alert">
                <Message value={eventError} />
              </p>
            ) : null}
          </div>
        ) : null}
        {type !== 'each' ? (
          <div className="field">
            <label className="field-label" htmlFor="wf-add-name">
              <FormattedMessage id="workflow.editor.name" />
            </label>
            <input id="wf-add-name" data-testid="wf-add-name" value={name} onChange={(e) => setName(normaliseName(e.target.value))} aria-invalid={tried && nameError !== null} />
            {tried && nameError ? (
              <p className="field-errors" role="alert" data-testid="wf-add-name-error">
                <Message value={nameError} values={{ min: 2 }} />
              </p>
            ) : null}
          </div>
        ) : null}
      </form>
    </Dialog>
  );
}

function DryRunSidebar({ workflow, nodes, onAnswer, onClose }: { workflow: Workflow; nodes: WorkflowNode[]; onAnswer: (answer: DryRunAnswer) => void; onClose: () => void }) {
  const intl = useIntl();
  const events = [...new Set(nodes.filter((n) => n.type === 'event' && n.action).map((n) => n.action))];
  const [event, setEvent] = useState(events[0] ?? 'Create');
  const [input, setInput] = useState('');
  const [jsonError, setJsonError] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => {
      if (input.trim() === '') return setJsonError(false);
      try {
        const parsed: unknown = JSON.parse(input);
        setJsonError(parsed === null || typeof parsed !== 'object' || Array.isArray(parsed));
      } catch {
        setJsonError(true);
      }
    }, JSON_CHECK_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const dryRun = useMutation({
    mutationFn: () =>
      workflowsApi.dryRun({
        component_uuid: workflow.component_uuid,
        event,
        dry_run: true,
        nodes,
        ...(input.trim() ? { model_collection: JSON.parse(input) as Record<string, unknown> } : {}),
      }),
    onSuccess: onAnswer,
    onError: (error) => showToast(failureSummary(error) ?? 'unexpectedError', 'danger'),
  });
  const runIt = () => {
    if (input.trim()) {
      try {
        JSON.parse(input);
      } catch {
        setJsonError(true);
        return;
      }
    }
    dryRun.mutate();
  };
  return (
    <aside className="wf-sidebar" aria-label={intl.formatMessage({ id: 'workflow.dryRun' })} data-testid="wf-dry-sidebar">
      <div className="wf-sidebar-head">
        <h2>
          <FormattedMessage id="workflow.dryRun" />
        </h2>
        <button type="button" className="icon-button" aria-label={intl.formatMessage({ id: 'workflow.close' })} onClick={onClose}>
          <X aria-hidden="true" />
        </button>
      </div>
      <p className="muted">
        <FormattedMessage id="workflow.dryRunHint" />
      </p>
      <div className="field">
        <label className="field-label" htmlFor="wf-dry-event">
          <FormattedMessage id="workflow.editor.event" />
        </label>
        <select id="wf-dry-event" data-testid="wf-dry-event" value={event} onChange={(e) => setEvent(e.target.value)}>
          {(events.length ? events : ['Create']).map((e) => (
            <option key={e} value={e}>
              {e}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field-label" htmlFor="wf-dry-input">
          <FormattedMessage id="workflow.dryRunRecord" />
        </label>
        <textarea id="wf-dry-input" data-testid="wf-dry-input" rows={8} value={input} placeholder='{"title": "…"}' onChange={(e) => setInput(e.target.value)} aria-invalid={jsonError} />
        {jsonError ? (
          <p className="field-errors" role="alert" data-testid="wf-dry-json-error">
            <FormattedMessage id="workflow.invalidJson" />
          </p>
        ) : null}
      </div>
      <button type="button" className="button button-primary" data-testid="wf-dry-go" disabled={dryRun.isPending} onClick={runIt}>
        <Play aria-hidden="true" /> <FormattedMessage id="workflow.dryRunGo" />
      </button>
    </aside>
  );
}

function ResultsDrawer({ nodes, results, data, error, dryRun, onClose }: { nodes: WorkflowNode[]; results: NodeResult[]; data: Record<string, unknown>; error: string | null; dryRun: boolean; onClose?: () => void }) {
  const intl = useIntl();
  const byId = new Map(nodes.map((n) => [n.id, n]));
  return (
    <section className="wf-drawer" aria-label={intl.formatMessage({ id: 'workflow.results' })} data-testid="wf-results">
      <div className="wf-sidebar-head">
        <h2>
          <FormattedMessage id="workflow.results" />
        </h2>
        {onClose ? (
          <button type="button" className="icon-button" aria-label={intl.formatMessage({ id: 'workflow.close' })} onClick={onClose}>
            <X aria-hidden="true" />
          </button>
        ) : null}
      </div>
      {error ? (
        <p className="form-error" role="alert" data-testid="wf-results-error">
          {error}
        </p>
      ) : null}
      {results.length === 0 ? (
        <p className="muted">
          <FormattedMessage id="workflow.noNodeRan" />
        </p>
      ) : (
        <ol className="wf-results">
          {results.map((result) => {
            const node = byId.get(result.id);
            return (
              <li key={result.id} className={`wf-result is-${result.status}`} data-testid="wf-result" data-node-id={result.id}>
                <div className="wf-result-head">
                  <strong>{node?.name || node?.type || result.id}</strong>
                  <span className={`wf-badge wf-badge-${result.status}`}>{result.status}</span>
                  <span className="muted">{result.ms} ms</span>
                </div>
                {result.error ? <p className="form-error">{result.error}</p> : null}
                <pre className="wf-json">{JSON.stringify(result.State.Results, null, 2)}</pre>
                <NodeEvents result={result} dryRun={dryRun} />
              </li>
            );
          })}
        </ol>
      )}
      <h3>
        <FormattedMessage id="workflow.resultData" />
      </h3>
      <pre className="wf-json" data-testid="wf-results-data">
        {JSON.stringify(data, null, 2)}
      </pre>
    </section>
  );
}

function VersionBar({ workflow }: { workflow: Workflow }) {
  const queryClient = useQueryClient();
  const [forking, setForking] = useState(false);
  const [confirmLive, setConfirmLive] = useState(false);
  const [name, setName] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: workflowKeys.all });
  const failed = (error: unknown) => showToast(failureSummary(error) ?? 'unexpectedError', 'danger');
  const publish = useMutation({ mutationFn: (env: 'dev' | 'live') => workflowsApi.publish(workflow.uuid, { version: workflow.version.name, env }), onSuccess: refresh, onError: failed });
  const fork = useMutation({ mutationFn: () => workflowsApi.fork(workflow.uuid, { name, from: workflow.version.name }), onSuccess: () => (setForking(false), refresh()), onError: failed });
  return (
    <div className="wf-versions" data-testid="wf-versions">
      <span className="muted">
        <FormattedMessage id="workflow.version" values={{ name: workflow.version.name }} />
      </span>
      {workflow.dev_version === workflow.version.name ? <span className="wf-badge">dev</span> : null}
      {workflow.public_version === workflow.version.name ? <span className="wf-badge wf-badge-success">live</span> : null}
      <button type="button" className="button button-small" onClick={() => publish.mutate('dev')}>
        <FormattedMessage id="workflow.publishDev" />
      </button>
      <button type="button" className="button button-small" data-testid="wf-publish-live" onClick={() => setConfirmLive(true)}>
        <FormattedMessage id="workflow.publishLive" />
      </button>
      <button type="button" className="button button-small" onClick={() => setForking(true)}>
        <FormattedMessage id="workflow.fork" />
      </button>
      <Dialog
        open={confirmLive}
        title={<FormattedMessage id="workflow.publishLive" />}
        onClose={() => setConfirmLive(false)}
        actions={
          <>
            <button type="button" className="button" onClick={() => setConfirmLive(false)}>
              <FormattedMessage id="workflow.cancel" />
            </button>
            <button
              type="button"
              className="button button-primary"
              data-testid="wf-publish-live-yes"
              onClick={() => {
                setConfirmLive(false);
                publish.mutate('live');
              }}
            >
              <FormattedMessage id="workflow.publishLive" />
            </button>
          </>
        }
      >
        <p>
          <FormattedMessage id="workflow.publishLiveConfirm" values={{ name: workflow.version.name }} />
        </p>
      </Dialog>
      <Dialog
        open={forking}
        title={<FormattedMessage id="workflow.fork" />}
        onClose={() => setForking(false)}
        actions={
          <>
            <button type="button" className="button" onClick={() => setForking(false)}>
              <FormattedMessage id="workflow.cancel" />
            </button>
            <button type="button" className="button button-primary" onClick={() => fork.mutate()}>
              <FormattedMessage id="workflow.fork" />
            </button>
          </>
        }
      >
        <div className="field">
          <label className="field-label" htmlFor="wf-fork-name">
            <FormattedMessage id="workflow.versionName" />
          </label>
          <input id="wf-fork-name" value={name} onChange={(e) => setName(e.target.value)} />
        </div>
      </Dialog>
    </div>
  );
}

function WorkflowScreen() {
  const { id } = useParams({ strict: false }) as { id: string };
  const search = useSearch({ strict: false }) as { run?: string; v?: string };
  const workflow = useQuery(workflowQueryOptions(id, search.v));
  const run = useQuery({ ...workflowRunQueryOptions(search.run ?? ''), enabled: Boolean(search.run) });
  if (workflow.isPending || (search.run && run.isPending)) return <Loading />;
  if (workflow.isError) return <LoadError error={workflow.error} />;
  if (search.run && run.isError) return <LoadError error={run.error} />;
  const data = workflow.data;
  return (
    <div className="page wf-page" data-testid="workflow-page">
      <header className="wf-header">
        <h1>{data.name}</h1>
        <AppLink href={`/admin/component/${data.component_ref}`} className="muted">
          {data.component_name}
        </AppLink>
        {search.run ? (
          <span className="wf-badge" data-testid="wf-run-view">
            <FormattedMessage id="workflow.runView" />
          </span>
        ) : (
          <VersionBar workflow={data} />
        )}
      </header>
      <ReactFlowProvider>
        <Canvas key={`${data.uuid}:${data.version.name}:${search.run ?? ''}`} workflow={data} run={search.run ? (run.data ?? null) : null} />
      </ReactFlowProvider>
    </div>
  );
}

export function WorkflowPage() {
  return (
    <WorkflowIntl>
      <WorkflowScreen />
    </WorkflowIntl>
  );
}
