// /admin/widgets/create and /admin/widgets/edit/:id: a widget's settings (the rjsf form of
// SettingsForm) beside a live preview of its data (the record list's answer to the unsaved filter and
// pipeline, a moment after typing stops), and on an existing widget its removal after a question.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { Widget, WidgetData } from '../../../../runtime/api/widgets';
import { widgetsApi } from '../../../../runtime/client/widgets';
import { Message } from '../../../../renderers/ui/Message';
import { FormFooter, itemFormPages, useSavedThen } from '../../components/form/FormPage';
import { RemoveButton } from '../../components/form/RemoveButton';
import { useFormPage, type FieldRules } from '../../components/form/useFormPage';
import { widgetHref, widgetKeys, widgetPreviewQueryOptions, widgetQueryOptions } from './data';
import { draftOf, EMPTY_DRAFT, formKeyOf, writeOf, type WidgetDraft } from './draft';
import { PipelineHelper } from './PipelineHelper';
import { SettingsForm } from './SettingsForm';
import { WidgetView } from './WidgetView';
import { thunderDataQueryOptions, thunderSetsQueryOptions } from '../thunder/data';
import './widgets.css';

const PREVIEW_DELAY_MS = 400;

function rulesOf(draft: WidgetDraft): FieldRules {
  const rules: FieldRules = {};
  if (draft.name.trim() === '') rules.name = ['fieldRequired'];
  if (draft.source === 'component' && draft.component === '') rules.component = ['fieldRequired'];
  if (draft.source === 'thunder' && draft.thunder === '') rules.thunder = ['fieldRequired'];
  for (const key of writeOf(draft).invalid) rules[key] = ['widgets.invalidJson'];
  return rules;
}

function useWidgetForm(existing: Widget | null) {
  const onSaved = useSavedThen<Widget>({
    cache: widgetKeys.one,
    refresh: (client) => client.invalidateQueries({ queryKey: widgetKeys.all }),
    next: (saved) => (existing ? null : widgetHref(saved.uuid)),
  });
  return useFormPage({
    initial: () => (existing ? draftOf(existing) : EMPTY_DRAFT),
    validate: rulesOf,
    save: (draft: WidgetDraft) => {
      const { write } = writeOf(draft);
      return existing ? widgetsApi.update(existing.uuid, write) : widgetsApi.create(write);
    },
    toast: existing ? 'widgets.saved' : 'widgets.created',
    onSaved,
  });
}

/** The draft a moment after the last change, so the preview does not ask on every key. */
function useSettled<T>(value: T): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/** The unsaved widget's data: the list's answer to its query, or the chosen data set's stored result. */
function usePreviewData(settled: WidgetDraft) {
  const { write, invalid } = writeOf(settled);
  const fromSet = settled.source === 'thunder';
  const sets = useQuery({ ...thunderSetsQueryOptions(), enabled: fromSet });
  const setName = sets.data?.find((set) => set.uuid === settled.thunder)?.name ?? '';
  const chosen = fromSet ? setName !== '' : settled.component !== '';
  const ready = chosen && invalid.length === 0 && (fromSet || !(settled.kind === 'chart' && !write.settings.aggregate));
  const fromList = useQuery({ ...widgetPreviewQueryOptions(settled.component, settled.kind, write.settings), enabled: ready && !fromSet });
  const fromData = useQuery({ ...thunderDataQueryOptions(setName), enabled: ready && fromSet, select: (set): WidgetData => ({ items: set.items, total: set.total, pages: set.total === 0 ? 0 : 1 }) });
  return { write, chosen, ready, data: fromSet ? fromData : fromList };
}

function Preview({ draft }: { draft: WidgetDraft }) {
  const settled = useSettled(draft);
  const { write, chosen, ready, data } = usePreviewData(settled);
  return (
    <section className="card widget-preview" aria-labelledby="widget-preview-title" aria-live="polite" data-testid="widget-preview">
      <h2 className="card-title" id="widget-preview-title">
        <FormattedMessage id="widgets.preview" />
      </h2>
      <p className="muted small">
        <FormattedMessage id={settled.source === 'thunder' ? 'widgets.previewHintThunder' : 'widgets.previewHint'} />
      </p>
      {!ready ? (
        <p className="muted">
          <FormattedMessage id={!chosen ? 'widgets.previewEmpty' : 'widgets.noData'} />
        </p>
      ) : data.isPending ? (
        <div className="skeleton" aria-busy="true" />
      ) : data.isError ? (
        <p className="form-error" data-testid="widget-preview-error">
          <Message value={data.error.message} />
        </p>
      ) : (
        <WidgetView name={write.name ?? ''} kind={settled.kind} settings={write.settings} data={data.data} fromSet={settled.source === 'thunder'} />
      )}
    </section>
  );
}

function RemoveWidget({ widget }: { widget: Widget }) {
  return (
    <RemoveButton
      label={<FormattedMessage id="widgets.remove" />}
      title={<FormattedMessage id="widgets.removeTitle" />}
      testId="widget-remove"
      className="button button-ghost danger"
      remove={() => widgetsApi.remove(widget.uuid)}
      toast="widgets.removed"
      forget={(client) => {
        client.removeQueries({ queryKey: widgetKeys.one(widget.uuid) });
        return client.invalidateQueries({ queryKey: widgetKeys.all });
      }}
      backTo="/admin/widgets"
    >
      <FormattedMessage id="widgets.removeConfirm" values={{ name: <strong>{widget.name}</strong> }} />
    </RemoveButton>
  );
}

function WidgetForm({ existing }: { existing: Widget | null }) {
  const form = useWidgetForm(existing);
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(form.failure.fields)) (errors[formKeyOf(field)] ??= []).push(...messages);
  return (
    <div className="widget-editor">
      <form className="card form stack" onSubmit={form.submit} noValidate data-testid="widget-form">
        <SettingsForm draft={form.values} onChange={form.setValues} errors={errors} />
        {form.values.source === 'component' ? (
          <PipelineHelper component={form.values.component} onWrite={(aggregate, value) => form.setValues((draft) => ({ ...draft, aggregate, value }))} />
        ) : null}
        <FormFooter form={form} idle="widgets.save" testId="widget-save">
          {existing ? <RemoveWidget widget={existing} /> : null}
        </FormFooter>
      </form>
      <Preview draft={form.values} />
    </div>
  );
}

export const { CreatePage: WidgetCreatePage, EditPage: WidgetEditPage } = itemFormPages({
  back: { href: '/admin/widgets', label: 'widgets.back' },
  className: 'page-widget-editor',
  createTitle: <FormattedMessage id="widgets.create.title" />,
  read: widgetQueryOptions,
  title: (widget) => (widget ? <FormattedMessage id="widgets.edit.title" values={{ name: widget.name }} /> : <FormattedMessage id="widgets.title" />),
  form: (widget) => <WidgetForm existing={widget} />,
});
