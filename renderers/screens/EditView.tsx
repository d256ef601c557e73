// The edit screen's view: a custom template or the default form in tabs plus System info, Save and
// Delete by permission, the busy indicator, and the dev-only settings button and fields panel.
import { useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ComponentView, RecordSkeleton } from './ComponentView';
import { FieldsPanel } from './FieldsPanel';
import { RecordActions, type RecordBack } from './RecordActions';
import { RecordActionButtons } from './actions/RecordActionButtons';
import { RecordForm } from './RecordForm';
import { ScreenError } from './ScreenError';
import { SystemInfo } from './SystemInfo';
import { RecordHistory } from './RecordHistory';
import type { EditController } from './useEditController';

/** `back`: the list's address and how to go there (the Back to list link; none in the quick-edit sidebar). */
export function EditView({ ctl, title, compact = false, back }: { ctl: EditController; title?: string; compact?: boolean; back?: Omit<RecordBack, 'label'> }) {
  const intl = useIntl();
  const screenRef = useRef<HTMLElement>(null);
  if (ctl.status === 'error') return <ScreenError error={ctl.error} />;
  if (ctl.status === 'loading' || !ctl.view || !ctl.record || !ctl.component) return <RecordSkeleton />;
  if (ctl.entrypoint) return <ComponentView componentId={ctl.component.uuid} entrypoint={ctl.entrypoint} context={{ screen: 'edit', record: ctl.record.uuid }} />;
  const { view, record } = ctl;
  const system = { id: 'system', label: intl.formatMessage({ id: 'records.system.tab' }), content: <SystemInfo record={record} /> };
  // The record's revisions and their restore (docs/history.md).
  const history = {
    id: 'history',
    label: intl.formatMessage({ id: 'records.history.tab' }),
    content: <RecordHistory refName={ctl.componentRef} record={record} view={view} canRestore={ctl.canSave} />,
  };
  return (
    <section className="record-screen" data-testid="record-edit" ref={screenRef}>
      {compact ? null : (
        <header className="page-header">
          <h1 tabIndex={-1}>
            <FormattedMessage id="records.edit.title" values={{ name: title ?? view.component.label }} />
          </h1>
          <p className="muted">
            <code>{record.uuid}</code>
          </p>
        </header>
      )}
      {/* Someone else saved or deleted the record (the event bus): said at once (an alert), with the
          reload; the warning then goes, so the focus moves to the page's title rather than being lost. */}
      {ctl.conflict ? (
        <div className="live-banner live-conflict" role="alert" data-testid="record-conflict">
          <span>{intl.formatMessage({ id: ctl.conflict === 'deleted' ? 'eventBus.deletedBySomeoneElse' : 'eventBus.changedBySomeoneElse' })}</span>
          {ctl.conflict === 'changed' ? (
            <button
              type="button"
              className="button button-small"
              data-testid="record-conflict-reload"
              onClick={() => {
                void ctl.reloadRecord();
                // The title; in the quick-edit sidebar (no title) the form's first field.
                screenRef.current?.querySelector<HTMLElement>('h1, form input:not([type=hidden]), form textarea, form select')?.focus();
              }}
            >
              {intl.formatMessage({ id: 'eventBus.reload' })}
            </button>
          ) : null}
        </div>
      ) : null}
      {/* The component's actions whose display condition holds for this record (docs/user-code.md "Actions"). */}
      <RecordActionButtons model={ctl.component} records={[record]} locale={ctl.locale} enabled={ctl.canSave} runScript={ctl.runScript} />
      <RecordForm view={view} form={ctl.form} onSubmit={() => void ctl.save()} extraTabs={[system, history]}>
        <RecordActions
          canSave={ctl.canSave}
          canDelete={ctl.canDelete}
          saving={ctl.saving}
          deleting={ctl.deleting}
          dirty={ctl.form.dirty}
          onSave={() => void ctl.save()}
          onDelete={() => void ctl.destroy()}
          back={back && !compact ? { ...back, label: 'records.backToList' } : undefined}
        />
      </RecordForm>
      {ctl.canSettings && !compact ? <FieldsPanel view={view} /> : null}
    </section>
  );
}
