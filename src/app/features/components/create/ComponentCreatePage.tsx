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
import { settingsPath } from '../../../../../renderers/ui/componentLabel';

interface Form {
  name: string;
  label: Record<string, string>;
  scope: string;
  tag: string;
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
  const failure = page.failure.message;
  const scope = sanitizeScope(form.scope);
  const tag = sanitizeTag(form.tag);

  // The rule a name must follow, said before it is refused (the refusal repeats it as the error).
  const input = (name: string, value: string, onChange: (v: string) => void, required = false, rule?: string) => (
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
      {rule && !fieldErrors[name] ? (
        <small className="muted" id={`create-${name}-rule`}>
          <Message value={rule} />
        </small>
      ) : null}
      <FieldErrors messages={fieldErrors[name]} />
    </div>
  );

  return (
    <div className="page page-narrow">
      <header className="page-header">
        <h1>
          <FormattedMessage id="cmp.create.title" />
        </h1>
      </header>
      <form className="card form" onSubmit={page.submit} noValidate>
        {input('name', form.name, (name) => setForm({ ...form, name }), true, NAME_RULE.componentName)}
        {LOCALES.map((locale) => (
          <div className="field" key={locale}>
            <label className="field-label" htmlFor={`create-label-${locale}`}>
              <FormattedMessage id="cmp.create.labelIn" values={{ locale: <FormattedMessage id={`locale.${locale}`} /> }} />
            </label>
            <input
              id={`create-label-${locale}`}
              name={`label.${locale}`}
              value={form.label[locale] ?? ''}
              onChange={(e) => setForm({ ...form, label: { ...form.label, [locale]: e.target.value } })}
            />
            <FieldErrors messages={fieldErrors[`label.${locale}`] ?? (locale === LOCALES[0] ? fieldErrors.label : undefined)} />
          </div>
        ))}
        {input('scope', form.scope, (v) => setForm({ ...form, scope: v }))}
        {form.scope ? (
          <p className="hint" data-testid="scope-preview">
            <FormattedMessage id="cmp.create.savedAs" values={{ value: <code>{scope || '—'}</code> }} />
          </p>
        ) : null}
        {input('tag', form.tag, (v) => setForm({ ...form, tag: v }))}
        {form.tag ? (
          <p className="hint" data-testid="tag-preview">
            <FormattedMessage id="cmp.create.savedAs" values={{ value: <code>{tag || '—'}</code> }} />
          </p>
        ) : null}
        {failure ? (
          <p className="form-error" role="alert">
            <Message value={failure} />
          </p>
        ) : null}
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
