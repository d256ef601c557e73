// The version bar of a workflow's header: which version is shown and whether it is the dev or live
// one, the events it runs on (its start nodes: nothing else decides), publish it to dev, publish it
// live (after a confirmation), or fork it under a new name. A publish says in a toast what it did.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { Workflow } from '../../../../runtime/api/workflows';
import { workflowsApi } from '../../../../runtime/client/workflows';
import { workflowKeys } from '../../../../renderers/data/workflows';
import { Dialog } from '../../../../renderers/ui/Dialog';
import { showToast } from '../../../../renderers/ui/toast';
import { failureSummary } from '../../components/form/failure';
import { DialogButtons } from './DialogButtons';

/** The events the version's start nodes react to (paused ones left out), in the order of the graph. */
export const startEvents = (workflow: Workflow): string[] => [...new Set(workflow.version.nodes.filter((n) => n.type === 'event' && !n.paused && n.action).map((n) => n.action))];

/** What a publish did, as a toast: the version now used in the environment and the events it runs on. */
function publishedToast(workflow: Workflow, env: 'dev' | 'live'): void {
  const events = startEvents(workflow);
  const values = { version: workflow.version.name, env, events: events.join(', ') };
  showToast(events.length > 0 ? 'cmp.workflow.published' : 'cmp.workflow.publishedNoEvent', events.length > 0 ? 'success' : 'warning', undefined, values);
}

function RunsOn({ workflow }: { workflow: Workflow }) {
  const events = startEvents(workflow);
  return (
    <span className={events.length > 0 ? 'muted' : 'wf-warning'} data-testid="wf-runs-on">
      {events.length > 0 ? <FormattedMessage id="workflow.runsOn" values={{ events: events.join(', ') }} /> : <FormattedMessage id="workflow.noStartEvent" />}
    </span>
  );
}

export function VersionBar({ workflow }: { workflow: Workflow }) {
  const queryClient = useQueryClient();
  const [forking, setForking] = useState(false);
  const [confirmLive, setConfirmLive] = useState(false);
  const [name, setName] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: workflowKeys.all });
  const failed = (error: unknown) => showToast(failureSummary(error) ?? 'unexpectedError', 'danger');
  const publish = useMutation({
    mutationFn: (env: 'dev' | 'live') => workflowsApi.publish(workflow.uuid, { version: workflow.version.name, env }),
    onSuccess: (_answer, env) => {
      publishedToast(workflow, env);
      return refresh();
    },
    onError: failed,
  });
  const fork = useMutation({ mutationFn: () => workflowsApi.fork(workflow.uuid, { name, from: workflow.version.name }), onSuccess: () => (setForking(false), refresh()), onError: failed });
  return (
    <div className="wf-versions" data-testid="wf-versions">
      <span className="muted">
        <FormattedMessage id="workflow.version" values={{ name: workflow.version.name }} />
      </span>
      {workflow.dev_version === workflow.version.name ? <span className="wf-badge">dev</span> : null}
      {workflow.public_version === workflow.version.name ? <span className="wf-badge wf-badge-success">live</span> : null}
      <RunsOn workflow={workflow} />
      <button type="button" className="button button-small" data-testid="wf-publish-dev" onClick={() => publish.mutate('dev')}>
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
          <DialogButtons
            confirm="workflow.publishLive"
            onCancel={() => setConfirmLive(false)}
            onConfirm={() => {
              setConfirmLive(false);
              publish.mutate('live');
            }}
            confirmTestId="wf-publish-live-yes"
          />
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
        actions={<DialogButtons confirm="workflow.fork" onCancel={() => setForking(false)} onConfirm={() => fork.mutate()} />}
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
