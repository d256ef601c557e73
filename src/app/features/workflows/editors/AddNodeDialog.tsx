// Add a node: its type, then the operation's action or the event's name, and its name (none for an
// 'each'; an event without one is named after the event). Neither the type nor the action is chosen
// for the user (issue 29 item 11): both start on "Choose…". The errors show once Add has been tried.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { normaliseName, WORKFLOW_EVENTS } from '../../../../../runtime/workflows/constants';
import { WORKFLOW_ACTIONS, WORKFLOW_NODE_TYPES, type WorkflowNodeType } from '../../../../../schemas/workflow.schema';
import { Dialog } from '../../../../../renderers/ui/Dialog';
import { Message } from '../../../../../renderers/ui/Message';
import { DialogButtons } from '../DialogButtons';

interface NewNode {
  type: WorkflowNodeType | '';
  action: string;
  event: string;
  name: string;
}
interface Problems {
  type: string | null;
  action: string | null;
  name: string | null;
  event: string | null;
}
const NO_PROBLEMS: Problems = { type: null, action: null, name: null, event: null };
const REQUIRED = 'identityField.requiredField';

const ACTION_LABEL = (action: string) => `workflow.action.${action}`;

function problemsOf({ type, action, name, event }: NewNode): Problems {
  const needsName = type === 'operation' || type === 'condition' || type === 'switch';
  return {
    type: type === '' ? REQUIRED : null,
    action: type === 'operation' && action === '' ? REQUIRED : null,
    name: needsName && name.trim().length < 2 ? (name.trim() === '' ? REQUIRED : 'cantBeLessThenChars') : null,
    event: type === 'event' && event.trim() === '' ? REQUIRED : null,
  };
}

export function AddNodeDialog({ onAdd, onClose }: { onAdd: (type: WorkflowNodeType, action: string, name: string) => void; onClose: () => void }) {
  const [draft, setDraft] = useState<NewNode>({ type: '', action: '', event: 'Create', name: '' });
  const [tried, setTried] = useState(false);
  const problems = problemsOf(draft);
  const submit = () => {
    setTried(true);
    const { type, action, event, name } = draft;
    if (type === '' || Object.values(problems).some(Boolean)) return;
    onAdd(type, type === 'operation' ? action : type === 'event' ? event.trim() : '', type === 'event' && !name ? normaliseName(event.trim().replace(/::/g, '_')) : normaliseName(name));
  };
  return (
    <Dialog
      open
      title={<FormattedMessage id="workflow.addNode" />}
      onClose={onClose}
      testId="wf-add-dialog"
      actions={<DialogButtons confirm="workflow.add" onCancel={onClose} onConfirm={submit} confirmTestId="wf-add-confirm" />}
    >
      <form
        className="wf-editor"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <NewNodeFields draft={draft} onChange={(change) => setDraft((current) => ({ ...current, ...change }))} problems={tried ? problems : NO_PROBLEMS} />
      </form>
    </Dialog>
  );
}

function NewNodeFields({ draft, onChange, problems }: { draft: NewNode; onChange: (change: Partial<NewNode>) => void; problems: Problems }) {
  const intl = useIntl();
  const { type, action, event, name } = draft;
  return (
    <>
      <div className="field">
        <label className="field-label" htmlFor="wf-add-type">
          <FormattedMessage id="workflow.nodeType" />
        </label>
        <select id="wf-add-type" data-testid="wf-add-type" value={type} onChange={(e) => onChange({ type: e.target.value as WorkflowNodeType })} aria-invalid={problems.type !== null}>
          <option value="" disabled>
            {intl.formatMessage({ id: 'workflow.chooseType' })}
          </option>
          {WORKFLOW_NODE_TYPES.map((t) => (
            <option key={t} value={t}>
              {intl.formatMessage({ id: `workflow.type.${t}` })}
            </option>
          ))}
        </select>
        <FieldProblem problem={problems.type} testId="wf-add-type-error" />
      </div>
      {type === 'operation' ? (
        <div className="field">
          <label className="field-label" htmlFor="wf-add-action">
            <FormattedMessage id="workflow.nodeAction" />
          </label>
          <select id="wf-add-action" data-testid="wf-add-action" value={action} onChange={(e) => onChange({ action: e.target.value })} aria-invalid={problems.action !== null}>
            <option value="" disabled>
              {intl.formatMessage({ id: 'workflow.chooseAction' })}
            </option>
            {WORKFLOW_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {intl.formatMessage({ id: ACTION_LABEL(a) })}
              </option>
            ))}
          </select>
          <FieldProblem problem={problems.action} testId="wf-add-action-error" />
        </div>
      ) : null}
      {type === 'event' ? (
        <div className="field">
          <label className="field-label" htmlFor="wf-add-event">
            <FormattedMessage id="workflow.editor.event" />
          </label>
          <input id="wf-add-event" data-testid="wf-add-event" list="wf-add-events" value={event} onChange={(e) => onChange({ event: e.target.value })} />
          <datalist id="wf-add-events">
            {WORKFLOW_EVENTS.map((e) => (
              <option key={e} value={e} />
            ))}
          </datalist>
          {problems.event ? (
            <p className="field-errors" role="alert">
              <Message value={problems.event} />
            </p>
          ) : null}
        </div>
      ) : null}
      {type !== 'each' ? (
        <div className="field">
          <label className="field-label" htmlFor="wf-add-name">
            <FormattedMessage id="workflow.editor.name" />
          </label>
          <input id="wf-add-name" data-testid="wf-add-name" value={name} onChange={(e) => onChange({ name: normaliseName(e.target.value) })} aria-invalid={problems.name !== null} />
          {problems.name ? (
            <p className="field-errors" role="alert" data-testid="wf-add-name-error">
              <Message value={problems.name} values={{ min: 2 }} />
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

function FieldProblem({ problem, testId }: { problem: string | null; testId: string }) {
  if (!problem) return null;
  return (
    <p className="field-errors" role="alert" data-testid={testId}>
      <Message value={problem} />
    </p>
  );
}
