// The create page's view: a custom template (ComponentView) or the default form with Save.
import { FormattedMessage } from 'react-intl';
import { ComponentView, RecordSkeleton } from './ComponentView';
import { FieldsPanel } from './FieldsPanel';
import { RecordActions, type RecordBack } from './RecordActions';
import { RecordForm } from './RecordForm';
import { ScreenError } from './ScreenError';
import type { CreateController } from './useCreateController';

/** `back`: the list's address and how to go there (the Cancel link). */
export function CreateView({ ctl, title, back }: { ctl: CreateController; title?: string; back?: Omit<RecordBack, 'label'> }) {
  if (ctl.status === 'error') return <ScreenError error={ctl.error} />;
  if (ctl.status === 'loading' || !ctl.view || !ctl.component) return <RecordSkeleton />;
  if (ctl.entrypoint) return <ComponentView componentId={ctl.component.uuid} entrypoint={ctl.entrypoint} context={{ screen: 'create' }} />;
  const view = ctl.view;
  return (
    <section className="record-screen" data-testid="record-create">
      <header className="page-header">
        <h1>
          <FormattedMessage id="records.create.title" values={{ name: title ?? view.component.label }} />
        </h1>
      </header>
      <RecordForm view={view} form={ctl.form} onSubmit={() => void ctl.save()}>
        <RecordActions canSave={ctl.canSave} saving={ctl.saving} dirty={ctl.form.dirty} onSave={() => void ctl.save()} back={back ? { ...back, label: 'common.cancel' } : undefined} />
      </RecordForm>
      {ctl.canSettings ? <FieldsPanel view={view} /> : null}
    </section>
  );
}
