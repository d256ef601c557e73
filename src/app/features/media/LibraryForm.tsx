// The library form (spec section 5 "Media library rules"), for the create sidebar and the settings
// tab: name min 2; provider required on create (the simple option gone once a simple library exists);
// for s3 the endpoint, region, bucket, key, secret and host required min 2, the secret masked, the
// host's placeholder a URL; root dir; allowed storage; roles from the role list (admin roles excluded).
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MASKED_SECRET, type MediaProvider } from '../../../../runtime/api/media';
import { roleListQueryOptions } from '../../../../renderers/data/components';
import type { FormController } from '../../components/form/useFormPage';
import { RuleErrors, TextField, useRulesSubmit } from './fields';
import { hasErrors, libraryErrors, type LibraryForm as Form, type RuleMessage } from './rules';

/** The view of the form: its controller (values, save, 417 messages) belongs to the page that saves it. */
export function LibraryForm({
  form: controller,
  creating,
  providers,
  submitLabel,
  extraActions,
  onValid,
  notice,
}: {
  form: FormController<Form>;
  creating: boolean;
  providers: MediaProvider[];
  submitLabel: ReactNode;
  extraActions?: ReactNode;
  /** What the submit does once the rules pass, instead of saving (the create sidebar's Buy). */
  onValid?: () => void;
  /** Words above the actions (the Buy's explanation, the wait for the checkout). */
  notice?: ReactNode;
}) {
  const { values: form, set } = controller;
  const errors = libraryErrors(form, creating);
  // The rules show from the first submit on, and follow each change after it.
  const { touched, submit } = useRulesSubmit(!hasErrors(errors), () => (onValid ? onValid() : controller.submit()));
  const shown = (field: string) => [...(touched ? errors[field] ?? [] : []), ...(controller.failure.fields[field] ?? []).map((key) => ({ key }))];
  const text = (key: keyof Form & string, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={<FormattedMessage id={label} />}
      testId={`media-lib-${key}`}
      value={String(form[key])}
      onChange={(e) => set(key, e.target.value as never)}
      errors={shown(key)}
      {...extra}
    />
  );
  return (
    <form className="media-library-form" onSubmit={submit} noValidate data-testid="media-library-form">
      {text('name', 'media.lib.name')}
      <ProviderField value={form.provider} creating={creating} providers={providers} onChange={(provider) => set('provider', provider)} errors={shown('provider')} />
      {form.provider === 's3' ? (
        <div className="media-s3-fields">
          {text('s3_endpoint', 'media.lib.endpoint', { placeholder: 'https://s3.example.com' })}
          {text('s3_region', 'media.lib.region', { placeholder: 'eu-central-1' })}
          {text('s3_bucket', 'media.lib.bucket')}
          {text('s3_key', 'media.lib.key', { autoComplete: 'off' })}
          {text('s3_secret', 'media.lib.secret', {
            type: 'password',
            autoComplete: 'new-password',
            hint: form.s3_secret === MASKED_SECRET ? <FormattedMessage id="media.lib.secretKept" /> : undefined,
          })}
          {text('host', 'media.lib.host', { placeholder: 'https://cdn.example.com', type: 'url' })}
        </div>
      ) : null}
      {text('dir', 'media.lib.dir', { placeholder: 'media', hint: <FormattedMessage id="media.lib.dirHint" /> })}
      {text('allowed_storage_mb', 'media.lib.allowedStorage', { type: 'number', min: 0, step: 'any', hint: <FormattedMessage id="media.lib.allowedStorageHint" /> })}
      <Roles selected={form.roles} onChange={(roles) => set('roles', roles)} />
      {notice}
      <div className="form-actions media-form-actions">
        {extraActions}
        <button type="submit" className="button button-primary" data-testid="media-lib-save" disabled={controller.pending}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

/** The provider: chosen on create from those still allowed, shown but fixed after. */
function ProviderField({ value, creating, providers, onChange, errors }: { value: MediaProvider | ''; creating: boolean; providers: MediaProvider[]; onChange: (provider: MediaProvider | '') => void; errors: RuleMessage[] }) {
  const t = useIntl();
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={`${id}-provider`}>
        <FormattedMessage id="media.lib.provider" />
      </label>
      <select id={`${id}-provider`} data-testid="media-lib-provider" value={value} disabled={!creating} onChange={(e) => onChange(e.target.value as MediaProvider | '')}>
        {creating ? <option value="">{t.formatMessage({ id: 'media.lib.chooseProvider' })}</option> : null}
        {(creating ? providers : [value as MediaProvider]).map((p) => (
          <option key={p} value={p}>
            {t.formatMessage({ id: `media.provider.${p}` })}
          </option>
        ))}
      </select>
      <RuleErrors messages={errors} />
    </div>
  );
}

/** Allowed roles: the project's non-admin roles (GET /v1/user/role/list). */
function Roles({ selected, onChange }: { selected: string[]; onChange: (roles: string[]) => void }) {
  const roles = useQuery(roleListQueryOptions());
  const id = useId();
  return (
    <fieldset className="field" data-testid="media-lib-roles">
      <legend className="field-label">
        <FormattedMessage id="media.lib.roles" />
      </legend>
      {roles.isPending ? (
        <div className="skeleton" aria-busy="true" />
      ) : roles.isError || roles.data.length === 0 ? (
        <p className="muted">
          <FormattedMessage id="media.lib.noRoles" />
        </p>
      ) : (
        <div className="check-grid">
          {roles.data.map((role, i) => (
            <div className="field field-check" key={role.uuid}>
              <input
                type="checkbox"
                id={`${id}-${i}`}
                data-testid="media-lib-role"
                value={role.uuid}
                checked={selected.includes(role.uuid)}
                onChange={(e) => onChange(e.target.checked ? [...selected, role.uuid] : selected.filter((r) => r !== role.uuid))}
              />
              <label htmlFor={`${id}-${i}`}>{role.name}</label>
            </div>
          ))}
        </div>
      )}
      <p className="hint muted media-hint">
        <FormattedMessage id="media.lib.rolesHint" />
      </p>
    </fieldset>
  );
}
