// Workflow (settings tab #workflow): the events the component emits, and its workflows: each with its
// dev and live versions and events, a link to its canvas, removal after a confirmation; a new one is
// created from a name and opens on the canvas.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { workflowsApi } from '../../../../../runtime/client/workflows';
import { workflowKeys, workflowsQueryOptions } from '../../../../../renderers/data/workflows';
import { Dialog } from '../../../../../renderers/ui/Dialog';
import { EmptyState } from '../../../../../renderers/ui/EmptyState';
import { Workflow as WorkflowIcon } from '../../../../../renderers/ui/icons';
import { Message } from '../../../../../renderers/ui/Message';
import { useNavigation } from '../../../../../renderers/ui/navigation';
import { showToast } from '../../../../../renderers/ui/toast';
import { AppLink } from '../../../components/AppLink';
import { failureOf, failureSummary } from '../../iam/ui';
import { Section, type TabProps } from './controls';
import { WorkflowIntl } from '../../workflows/WorkflowIntl';

function WorkflowTabBody({ model }: TabProps) {
  const intl = useIntl();
  const events = model.settings.model?.events ?? [];
  const queryClient = useQueryClient();
  const { navigate } = useNavigation();
  const workflows = useQuery(workflowsQueryOptions(model.uuid));
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [removing, setRemoving] = useState<{ uuid: string; name: string } | null>(null);
  const create = useMutation({
    mutationFn: () => workflowsApi.create({ component_uuid: model.uuid, name: name.trim() }),
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: workflowKeys.all });
      setCreating(false);
      navigate(`/admin/workflow/${created.uuid}`);
    },
  });
  const remove = useMutation({
    mutationFn: (uuid: string) => workflowsApi.remove(uuid),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: workflowKeys.all }),
    onError: (error) => showToast(failureSummary(error) ?? 'unexpectedError', 'danger'),
    onSettled: () => setRemoving(null),
  });
  const createError = create.error ? failureOf(create.error) : null;
  return (
    <>
      <Section
        title={<FormattedMessage id="workflow.tab.title" />}
        actions={
          <button type="button" className="button button-primary button-small" data-testid="workflow-create" onClick={() => setCreating(true)}>
            <FormattedMessage id="workflow.tab.create" />
          </button>
        }
      >
        {workflows.isPending ? (
          <div className="skeleton" aria-busy="true" />
        ) : workflows.isError ? null : workflows.data.length === 0 ? (
          <EmptyState testId="workflows-empty" icon={<WorkflowIcon />} title={<FormattedMessage id="workflow.tab.none" />} hint={<FormattedMessage id="workflow.tab.noneHint" />} />
        ) : (
          <ul className="plain-list" data-testid="workflows-list">
            {workflows.data.map((workflow) => (
              <li key={workflow.uuid} className="row" data-testid="workflow-item">
                <AppLink href={`/admin/workflow/${workflow.uuid}`} data-testid="workflow-open">
                  <strong>{workflow.name}</strong>
                </AppLink>
                <span className="muted">
                  <FormattedMessage
                    id="workflow.tab.versions"
                    values={{ dev: workflow.dev_version ?? intl.formatMessage({ id: 'workflow.none' }), live: workflow.public_version ?? intl.formatMessage({ id: 'workflow.none' }) }}
                  />
                </span>
                {workflow.events.map((event) => (
                  <code key={event}>{event}</code>
                ))}
                <button type="button" className="button button-small danger" data-testid="workflow-remove" onClick={() => setRemoving({ uuid: workflow.uuid, name: workflow.name })}>
                  <FormattedMessage id="workflow.tab.remove" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={<FormattedMessage id="cmp.workflow.title" />}>
        {events.length === 0 ? (
          <p className="muted">
            <FormattedMessage id="cmp.workflow.noEvents" />
          </p>
        ) : (
          <ul className="plain-list" data-testid="workflow-events">
            {events.map((e) => (
              <li key={e}>
                <code>{e}</code>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Dialog
        open={creating}
        title={<FormattedMessage id="workflow.tab.create" />}
        onClose={() => setCreating(false)}
        testId="workflow-create-dialog"
        actions={
          <>
            <button type="button" className="button" onClick={() => setCreating(false)}>
              <FormattedMessage id="workflow.cancel" />
            </button>
            <button type="button" className="button button-primary" data-testid="workflow-create-confirm" disabled={create.isPending} onClick={() => create.mutate()}>
              <FormattedMessage id="workflow.tab.create" />
            </button>
          </>
        }
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate();
          }}
        >
          <div className="field">
            <label className="field-label" htmlFor="workflow-name">
              <FormattedMessage id="workflow.tab.name" />
            </label>
            <input id="workflow-name" data-testid="workflow-name" value={name} onChange={(e) => setName(e.target.value)} autoFocus />
            {createError?.message ? (
              <p className="field-errors" role="alert">
                <Message value={Object.values(createError.fields).flat()[0] ?? createError.message} values={{ min: 2, max: 128 }} />
              </p>
            ) : null}
          </div>
        </form>
      </Dialog>
      <Dialog
        open={removing !== null}
        title={<FormattedMessage id="workflow.tab.remove" />}
        onClose={() => setRemoving(null)}
        actions={
          <>
            <button type="button" className="button" onClick={() => setRemoving(null)}>
              <FormattedMessage id="workflow.cancel" />
            </button>
            <button type="button" className="button button-primary danger-fill" data-testid="workflow-remove-yes" onClick={() => removing && remove.mutate(removing.uuid)}>
              <FormattedMessage id="workflow.tab.remove" />
            </button>
          </>
        }
      >
        <p>
          <FormattedMessage id="workflow.tab.removeConfirm" values={{ name: removing?.name ?? '' }} />
        </p>
      </Dialog>
    </>
  );
}

export function WorkflowTab(props: TabProps) {
  return (
    <WorkflowIntl>
      <WorkflowTabBody {...props} />
    </WorkflowIntl>
  );
}
