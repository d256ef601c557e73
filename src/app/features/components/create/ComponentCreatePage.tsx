// /admin/components/create: name, label per locale, scope and tag (shown sanitised as typed).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { LOCALES } from '../../../../../runtime/i18n';
import { componentRef, NAME_RULE, sanitizeScope, sanitizeTag } from '../../../../../runtime/components';
import { createComponentMutation } from '../../../../../renderers/data/components';
import { AppLink } from '../../../components/AppLink';
import { FieldErrors } from '../../../components/FieldErrors';
import { SubmitButton } from '../../../components/form/TextField';
import { useFormPage } from '../../../components/form/useFormPage';
import { Message } from '../../../../../renderers/ui/Message';
import { FormError, LabelIn, SavedAs } from '../formParts';
import { settingsPath } from '../../../../../renderers/ui/componentLabel';

interface Form {
  name: string;
  label: Record<string, string>;
  scope: string;
  tag: string;
}

/** A text input of the form, with the rule it must follow said before it is refused (the refusal repeats it as the error). */
function CreateInput({ name, value, onChange, errors, required = false, rule }: { name: string; value: string; onChange: (v: string) => void; errors: string[] | undefined; required?: boolean; rule?: string }) {
  return (
    <div className="field">
      <label className="field-label" htmlFor={`create-${name}`}>
        <FormattedMessage id={`cmp.create.${name}`} />
      </label>
      <input
        id={`create-${name}`}
        name={name}
        value={value}
        required={required}
        autoComplete="off"
        aria-describedby={rule ? `create-${name}-rule` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {rule && !errors ? (
        <small className="muted" id={`create-${name}-rule`}>
          <Message value={rule} />
        </small>
      ) : null}
      <FieldErrors messages={errors} />
    </div>
  );
}

/** The label in each locale; a message about the label as a whole shows under the first. */
function LabelFields({ label, onChange, fieldErrors }: { label: Record<string, string>; onChange: (locale: string, v: string) => void; fieldErrors: Record<string, string[]> }) {
  return (
    <>
      {LOCALES.map((locale) => (
        <div className="field" key={locale}>
          <label className="field-label" htmlFor={`create-label-${locale}`}>
            <LabelIn locale={locale} />
          </label>
          <input id={`create-label-${locale}`} name={`label.${locale}`} value={label[locale] ?? ''} onChange={(e) => onChange(locale, e.target.value)} />
          <FieldErrors messages={fieldErrors[`label.${locale}`] ?? (locale === LOCALES[0] ? fieldErrors.label : undefined)} />
        </div>
      ))}
    </>
  );
}

/** What a typed scope or tag is saved as, once something is typed. */
function SavedAsPreview({ typed, saved, testId }: { typed: string; saved: string; testId: string }) {
  if (!typed) return null;
  return (
    <p className="hint" data-testid={testId}>
      <SavedAs value={saved} />
    </p>
  );
}

export function ComponentCreatePage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation(createComponentMutation(queryClient));
  const page = useFormPage({
    initial: { name: '', label: {}, scope: '', tag: '' } as Form,
    save: (f: Form) => {
      const scope = sanitizeScope(f.scope);
      const tag = sanitizeTag(f.tag);
      return create.mutateAsync({ name: f.name.trim(), label: f.label, scope: scope || null, tag: tag || null });
    },
    onSaved: ({ uuid }, f) =>
      navigate({ href: settingsPath(componentRef({ uuid, scope: sanitizeScope(f.scope) || null, name: f.name.trim() })) + '#general' }),
  });
  const { values: form, setValues: setForm } = page;
  const fieldErrors = page.failure.fields;

  return (
    <div className="page page-narrow">
      <header className="page-header">
        <h1>
          <FormattedMessage id="cmp.create.title" />
        </h1>
      </header>
      <form className="card form" onSubmit={page.submit} noValidate>
        <CreateInput name="name" value={form.name} onChange={(name) => setForm({ ...form, name })} errors={fieldErrors.name} required rule={NAME_RULE.componentName} />
        <LabelFields label={form.label} fieldErrors={fieldErrors} onChange={(locale, v) => setForm({ ...form, label: { ...form.label, [locale]: v } })} />
        <CreateInput name="scope" value={form.scope} onChange={(scope) => setForm({ ...form, scope })} errors={fieldErrors.scope} />
        <SavedAsPreview typed={form.scope} saved={sanitizeScope(form.scope)} testId="scope-preview" />
        <CreateInput name="tag" value={form.tag} onChange={(tag) => setForm({ ...form, tag })} errors={fieldErrors.tag} />
        <SavedAsPreview typed={form.tag} saved={sanitizeTag(form.tag)} testId="tag-preview" />
        <FormError message={page.failure.message} />
        <div className="form-actions">
          <AppLink className="button" href="/admin/components">
            <FormattedMessage id="common.cancel" />
          </AppLink>
          <SubmitButton pending={page.pending} idle="cmp.create.submit" busy="cmp.create.submitting" testId="component-create-submit" />
        </div>
      </form>
    </div>
  );
}
