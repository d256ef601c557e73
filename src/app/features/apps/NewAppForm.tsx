// The name-and-label form that creates an app of any kind (platform apps at /admin/app, forge apps at
// /admin/forge): the name rule checked first, then the create call; the new app's page opens next.
import { FormattedMessage } from 'react-intl';
import { FormFooter, useSavedThen } from '../../components/form/FormPage';
import { TextField } from '../../components/form/TextField';
import { useFormPage, type FieldRules } from '../../components/form/useFormPage';

export interface NewAppFormProps<T extends { uuid: string }> {
  /** The test ids' prefix: `{prefix}-create`, `{prefix}-name`, `{prefix}-label`, `{prefix}-create-save`. */
  prefix: string;
  /** The card's title (a message id). */
  title: string;
  namePattern: RegExp;
  /** The message key under the name when the pattern refuses it. */
  nameRule: string;
  create: (body: { name: string; label?: string }) => Promise<T>;
  /** What useSavedThen does once created: the cache key, the refresh, where to go. */
  saved: Parameters<typeof useSavedThen<T>>[0];
}

export function NewAppForm<T extends { uuid: string }>({ prefix, title, namePattern, nameRule, create, saved }: NewAppFormProps<T>) {
  const onSaved = useSavedThen<T>(saved);
  const form = useFormPage({
    initial: { name: '', label: '' },
    validate: (v): FieldRules => (namePattern.test(v.name.trim()) ? {} : { name: [nameRule] }),
    save: (v) => create({ name: v.name.trim(), ...(v.label.trim() ? { label: v.label.trim() } : {}) }),
    onSaved,
    confirmLeave: false,
  });
  return (
    <form className="card form" onSubmit={form.submit} noValidate data-testid={`${prefix}-create`}>
      <h2 className="card-title">
        <FormattedMessage id={title} />
      </h2>
      <TextField
        label={<FormattedMessage id="apps.name" />}
        name="name"
        autoComplete="off"
        maxLength={64}
        testId={`${prefix}-name`}
        value={form.values.name}
        onValue={(v) => form.set('name', v)}
        errors={form.errors('name')}
        hint={<FormattedMessage id="appNameRule" />}
      />
      <TextField label={<FormattedMessage id="apps.label" />} name="label" autoComplete="off" maxLength={100} testId={`${prefix}-label`} value={form.values.label} onValue={(v) => form.set('label', v)} errors={form.errors('label')} />
      <FormFooter form={form} idle="apps.create" testId={`${prefix}-create-save`} />
    </form>
  );
}
