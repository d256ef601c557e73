// Workflow: the events the component emits. The workflow canvas arrives with the workflow issue.
import { FormattedMessage } from 'react-intl';
import { ComesLater, Section, type TabProps } from './controls';

export function WorkflowTab({ model }: TabProps) {
  const events = model.settings.model?.events ?? [];
  return (
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
      <ComesLater id="cmp.workflow.later" />
    </Section>
  );
}
