// Workflow (settings tab #workflow): the events the component emits, and its workflows: each with its
// dev and live versions and events, a link to its canvas, removal after a confirmation; a new one is
// created from a name and opens on the canvas.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { workflowsApi, type WorkflowSummary } from '../../../../../runtime/client/workflows';
import { workflowKeys, workflowsQueryOptions } from '../../../../../renderers/data/workflows';
import { Dialog } from '../../../../../renderers/ui/Dialog';
import { EmptyState } from '../../../../../renderers/ui/EmptyState';
import { Workflow as WorkflowIcon } from '../../../../../renderers/ui/icons';
import { Message } from '../../../../../renderers/ui/Message';
import { useNavigation } from '../../../../../renderers/ui/navigation';
import { showToast } from '../../../../../renderers/ui/toast';
import { AppLink } from '../../../components/AppLink';
import { failureOf, failureSummary } from '../../../components/form/failure';
import { ChoiceButtons } from '../formParts';
import { Note, Section, type TabProps } from './controls';
import { WorkflowIntl } from '../../workflows/WorkflowIntl';

type Removing = { uuid: string; name: string } | null;

/** One workflow: a link to its canvas, its dev and live versions, its events and its remove button. */
function WorkflowItem({ workflow, onRemove }: { workflow: WorkflowSummary; onRemove: () => void }) {
  const intl = useIntl();
  const none = intl.formatMessage({ id: 'workflow.none' });
  return (
    <li className="row" data-testid="workflow-item">
      <AppLink href={`/admin/workflow/${workflow.uuid}`} data-testid="workflow-open">
        <strong>{workflow.name}</strong>
      </AppLink>
      <span className="muted">
        <FormattedMessage id="workflow.tab.versions" values={{ dev: workflow.dev_version ?? none, live: workflow.public_version ?? none }} />
      </span>
      {workflow.events.map((event) => (
        <code key={event}>{event}</code>
      ))}
      <button type="button" className="button button-small danger" data-testid="workflow-remove" onClick={onRemove}>
        <FormattedMessage id="workflow.tab.remove" />
      </button>
    </li>
  );
}

/** The component's workflows, with the button that creates one. */
function WorkflowList({ componentUuid, onCreate, onRemove }: { componentUuid: string; onCreate: () => void; onRemove: (removing: Removing) => void }) {
  const workflows = useQuery(workflowsQueryOptions(componentUuid));
  return (
    <Section
      title={<FormattedMessage id="workflow.tab.title" />}
      actions={
        <button type="button" className="button button-primary button-small" data-testid="workflow-create" onClick={onCreate}>
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
            <WorkflowItem key={workflow.uuid} workflow={workflow} onRemove={() => onRemove({ uuid: workflow.uuid, name: workflow.name })} />
          ))}
        </ul>
      )}
    </Section>
  );
}

/** The events the component emits (set on the Model tab). */
function EmittedEvents({ events }: { events: readonly string[] }) {
  return (
    <Section title={<FormattedMessage id="cmp.workflow.title" />}>
      {events.length === 0 ? (
        <Note id="cmp.workflow.noEvents" />
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
  );
}

/** A new workflow by name; once created it opens on its canvas. The name stays while the tab lives. */
function CreateWorkflowDialog({ open, componentUuid, onClose }: { open: boolean; componentUuid: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { navigate } = useNavigation();
  const [name, setName] = useState('');
  const create = useMutation({
    mutationFn: () => workflowsApi.create({ component_uuid: componentUuid, name: name.trim() }),
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: workflowKeys.all });
      onClose();
      navigate(`/admin/workflow/${created.uuid}`);
    },
  });
  const createError = create.error ? failureOf(create.error) : null;
  return (
    <Dialog
      open={open}
      title={<FormattedMessage id="workflow.tab.create" />}
      onClose={onClose}
      testId="workflow-create-dialog"
      actions={<ChoiceButtons no="workflow.cancel" onNo={onClose} yes="workflow.tab.create" yesTestId="workflow-create-confirm" yesDisabled={create.isPending} onYes={() => create.mutate()} />}
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
  );
}

/** The question before a workflow is removed; a refusal is a toast. */
function RemoveWorkflowDialog({ removing, onClose }: { removing: Removing; onClose: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (uuid: string) => workflowsApi.remove(uuid),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: workflowKeys.all }),
    onError: (error) => showToast(failureSummary(error) ?? 'unexpectedError', 'danger'),
    onSettled: onClose,
  });
  return (
    <Dialog
      open={removing !== null}
      title={<FormattedMessage id="workflow.tab.remove" />}
      onClose={onClose}
      actions={
        <ChoiceButtons
          no="workflow.cancel"
          onNo={onClose}
          yes="workflow.tab.remove"
          yesTestId="workflow-remove-yes"
          yesClassName="button button-primary danger-fill"
          onYes={() => removing && remove.mutate(removing.uuid)}
        />
      }
    >
      <p>
        <FormattedMessage id="workflow.tab.removeConfirm" values={{ name: removing?.name ?? '' }} />
      </p>
    </Dialog>
  );
}

function WorkflowTabBody({ model }: TabProps) {
  const [creating, setCreating] = useState(false);
  const [removing, setRemoving] = useState<Removing>(null);
  return (
    <>
      <WorkflowList componentUuid={model.uuid} onCreate={() => setCreating(true)} onRemove={setRemoving} />
      <EmittedEvents events={model.settings.model?.events ?? []} />
      <CreateWorkflowDialog open={creating} componentUuid={model.uuid} onClose={() => setCreating(false)} />
      <RemoveWorkflowDialog removing={removing} onClose={() => setRemoving(null)} />
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
