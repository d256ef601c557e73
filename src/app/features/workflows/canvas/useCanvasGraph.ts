// The graph on the canvas: the workflowConnection machine holds the nodes (so the canvas cannot draw
// what the connection rules refuse), and every change is saved: now after a connection, an edit, a
// rename, a pause, an add or a delete, debounced (SAVE_DEBOUNCE_MS) after a drag. A run's graph is
// read-only and never saved. A refusal of the machine is said once, as a toast.
import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Workflow, WorkflowRun } from '../../../../../runtime/api/workflows';
import { workflowsApi } from '../../../../../runtime/client/workflows';
import { SAVE_DEBOUNCE_MS } from '../../../../../runtime/workflows/constants';
import type { WorkflowNode } from '../../../../../schemas/workflow.schema';
import { workflowConnectionMachine } from '../../../../../machines/workflowConnection.machine';
import { workflowKeys } from '../../../../../renderers/data/workflows';
import { showToast } from '../../../../../renderers/ui/toast';
import { failureSummary } from '../../../components/form/failure';

export type SaveState = 'saved' | 'saving' | 'error';
/** How a new graph is saved: at once, after the debounce (a drag), or not at all (a move while dragging). */
export type SaveHow = 'now' | 'debounced' | 'no';

function useGraphSave(workflow: Workflow, readOnly: boolean) {
  const queryClient = useQueryClient();
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
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
  return { saveState, save };
}

export function useCanvasGraph(workflow: Workflow, run: WorkflowRun | null) {
  const intl = useIntl();
  const readOnly = run !== null;
  const [state, send] = useMachine(workflowConnectionMachine, { input: { nodes: run ? run.nodes : workflow.version.nodes } });
  const nodes = state.context.nodes;
  const { saveState, save } = useGraphSave(workflow, readOnly);

  // The machine counts its changes (connect, edit, rename, pause, delete connection): each is saved.
  const changes = state.context.changes;
  const seenChanges = useRef(changes);
  useEffect(() => {
    if (changes === seenChanges.current) return;
    seenChanges.current = changes;
    save(nodes);
  }, [changes, nodes, save]);
  const refusal = state.context.refusal;
  useEffect(() => {
    if (!refusal) return;
    showToast(intl.formatMessage({ id: `workflow.connection.${refusal}` }), 'warning');
    send({ type: 'DISMISS' });
  }, [refusal, send, intl]);

  const setNodes = (next: WorkflowNode[], how: SaveHow) => {
    send({ type: 'SET_NODES', nodes: next });
    if (how !== 'no') save(next, how === 'debounced');
  };
  const editing = state.context.editing === null ? null : nodes.find((n) => n.id === state.context.editing) ?? null;
  const renaming = state.context.renaming === null ? null : nodes.flatMap((n) => n.connections).find((c) => c.id === state.context.renaming) ?? null;
  return { state, send, nodes, readOnly, saveState, save, setNodes, editing, renaming };
}

export type CanvasGraph = ReturnType<typeof useCanvasGraph>;
