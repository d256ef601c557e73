// The dry-run sidebar: runs the graph on the canvas (saved or not) for one of its events with a record
// typed as JSON, writing nothing; the answer goes to the results drawer. The JSON is checked after
// JSON_CHECK_DEBOUNCE_MS without typing, and again on Run.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { DryRunAnswer, Workflow } from '../../../../runtime/api/workflows';
import { workflowsApi } from '../../../../runtime/client/workflows';
import { JSON_CHECK_DEBOUNCE_MS } from '../../../../runtime/workflows/constants';
import type { WorkflowNode } from '../../../../schemas/workflow.schema';
import { Play } from '../../../../renderers/ui/icons';
import { showToast } from '../../../../renderers/ui/toast';
import { failureSummary } from '../../components/form/failure';
import { PanelHead } from './PanelHead';

/** Whether the text is not a JSON object (empty is fine), said once typing pauses. */
function useJsonObjectCheck(input: string) {
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
  return [jsonError, setJsonError] as const;
}

export function DryRunSidebar({ workflow, nodes, onAnswer, onClose }: { workflow: Workflow; nodes: WorkflowNode[]; onAnswer: (answer: DryRunAnswer) => void; onClose: () => void }) {
  const intl = useIntl();
  const events = [...new Set(nodes.filter((n) => n.type === 'event' && n.action).map((n) => n.action))];
  const [event, setEvent] = useState(events[0] ?? 'Create');
  const [input, setInput] = useState('');
  const [jsonError, setJsonError] = useJsonObjectCheck(input);
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
      <PanelHead title="workflow.dryRun" onClose={onClose} />
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
