// The default record form: the view's fields through the registry, in tabs by group, with optional
// extra tabs (System info on edit). Renders only; the controller owns the state.
import type { FormEvent, ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ViewSchema } from '../../schemas/viewSchema.schema';
import { NoticeDialog } from '../ui/NoticeDialog';
import { FieldSlot } from '../form/FieldSlot';
import { FormBlocked } from '../form/FormBlocked';
import { FormContext } from '../form/FormContext';
import { GroupTabs, type TabSpec } from '../layouts/GroupTabs';
import './records.css';
import type { RecordForm as RecordFormState } from './useRecordForm';

export interface RecordFormProps {
  view: ViewSchema;
  form: RecordFormState;
  onSubmit?: () => void;
  extraTabs?: TabSpec[];
  children?: ReactNode;
}

export function RecordForm({ view, form, onSubmit, extraTabs = [], children }: RecordFormProps) {
  const intl = useIntl();
  const groups = view.groups.filter((g) => view.fields.some((f) => f.group === g.id && f.visible));
  const tabs: TabSpec[] = [
    ...groups.map((group) => ({
      id: group.id,
      label: group.label,
      content: (
        <div className="record-fields">
          {view.fields
            .filter((f) => f.group === group.id)
            .map((field) => (
              <FieldSlot key={field.key} field={field} />
            ))}
        </div>
      ),
    })),
    ...extraTabs,
  ];
  if (groups.length === 0) {
    tabs.unshift({ id: 'general', label: intl.formatMessage({ id: 'records.group.general' }), content: <p className="muted"><FormattedMessage id="records.noFields" /></p> });
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit?.();
  };
  return (
    <FormContext.Provider value={form.context}>
      <form className="record-form" data-testid="record-form" noValidate onSubmit={submit} aria-label={view.component.label}>
        <GroupTabs tabs={tabs} label={intl.formatMessage({ id: 'records.tabs' })} />
        {/* Save is blocked while any field's error flag is on; this says why. */}
        <FormBlocked fields={view.fields} />
        {children}
      </form>
      <NoticeDialog open={form.scriptError !== null} title={intl.formatMessage({ id: 'records.scriptError' })} onClose={form.dismissScriptError} testId="script-error" close="OK">
        <pre className="script-error">{form.scriptError}</pre>
      </NoticeDialog>
    </FormContext.Provider>
  );
}
