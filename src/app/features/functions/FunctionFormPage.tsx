// /admin/functions/create and /admin/functions/:id: a global function's settings (name, description,
// public, signed, the API user it runs as) and its code; on an existing one, its signing keys, the
// test panel (it runs the editor's code as that API user) and removal after a confirmation.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FUNCTION_LIMITS, type GlobalFunction, type GlobalFunctionWrite } from '../../../../runtime/api/functions';
import { functionsApi } from '../../../../runtime/client/functions';
import { showToast, TOAST_MS } from '../../../../renderers/ui/toast';
import { CodeEditor } from '../../components/code/CodeEditor';
import { FieldErrors } from '../../components/FieldErrors';
import { FailureText } from '../../components/form/failure';
import { EditFormPage, FormPage } from '../../components/form/FormPage';
import { RemoveButton } from '../../components/form/RemoveButton';
import { SubmitButton } from '../../components/form/TextField';
import { useFormPage, type FieldRules } from '../../components/form/useFormPage';
import { apiUsersQueryOptions, functionHref, functionKeys, functionQueryOptions } from './data';
import { FunctionKeys } from './FunctionKeys';
import { FunctionTestPanel } from './FunctionTestPanel';
import './functions.css';

type Draft = Required<Omit<GlobalFunctionWrite, 'api_user_uuid'>> & { api_user_uuid: string | null };

const EMPTY: Draft = { name: '', description: '', code: 'return data;', public: false, signed: false, api_user_uuid: null };

const BACK = { href: '/admin/functions', label: 'fn.back' };

const draftOf = (fn: GlobalFunction): Draft => ({
  name: fn.name,
  description: fn.description,
  code: fn.code,
  public: fn.public,
  signed: fn.signed,
  api_user_uuid: fn.api_user_uuid,
});

function FunctionForm({ existing }: { existing: GlobalFunction | null }) {
  const intl = useIntl();
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const apiUsers = useQuery(apiUsersQueryOptions());
  const form = useFormPage({
    initial: () => (existing ? draftOf(existing) : EMPTY),
    validate: (d): FieldRules => (d.name.trim() === '' ? { name: ['fieldRequired'] } : {}),
    save: (d: Draft) => {
      const body: GlobalFunctionWrite = { ...d, name: d.name.trim() };
      return existing ? functionsApi.update(existing.uuid, body) : functionsApi.create(body);
    },
    toast: existing ? 'fn.saved' : 'fn.created',
    onSaved: async (saved) => {
      queryClient.setQueryData(functionKeys.one(saved.uuid), saved);
      await queryClient.invalidateQueries({ queryKey: functionKeys.all, exact: true });
      if (!existing) void navigate({ href: functionHref(saved.uuid) });
    },
    onFailed: (failure) => {
      if (failure.message === 'functionExists') showToast('functionExists', 'danger', TOAST_MS.functionExists);
    },
  });
  const { values: draft, set } = form;
  const failure = form.failure;

  return (
    <>
      <form className="card form stack" onSubmit={form.submit} noValidate data-testid="function-form">
        <div className="field">
          <label className="field-label" htmlFor={`${id}-name`}>
            <FormattedMessage id="fn.name" />
          </label>
          <input
            id={`${id}-name`}
            name="name"
            value={draft.name}
            maxLength={FUNCTION_LIMITS.nameMax}
            aria-describedby={`${id}-name-hint`}
            aria-invalid={form.errors('name') !== undefined}
            onChange={(e) => set('name', e.target.value)}
          />
          <span id={`${id}-name-hint`} className="muted small">
            <FormattedMessage id="fn.nameHint" />
          </span>
          <FieldErrors messages={form.errors('name')} values={{ min: FUNCTION_LIMITS.nameMin, max: FUNCTION_LIMITS.nameMax }} />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-description`}>
            <FormattedMessage id="fn.description" />
          </label>
          <textarea id={`${id}-description`} name="description" rows={2} value={draft.description} onChange={(e) => set('description', e.target.value)} />
          <FieldErrors messages={form.errors('description')} values={{ max: FUNCTION_LIMITS.descriptionMax }} />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-api-user`}>
            <FormattedMessage id="fn.apiUser" />
          </label>
          <select id={`${id}-api-user`} name="api_user_uuid" value={draft.api_user_uuid ?? ''} onChange={(e) => set('api_user_uuid', e.target.value || null)}>
            <option value="">{intl.formatMessage({ id: 'fn.noApiUser' })}</option>
            {(apiUsers.data ?? []).map((user) => (
              <option key={user.uuid} value={user.uuid}>
                {user.name}
              </option>
            ))}
          </select>
          <FieldErrors messages={form.errors('api_user_uuid')} />
        </div>
        <label className="field-check">
          <input type="checkbox" name="public" checked={draft.public} onChange={(e) => set('public', e.target.checked)} />
          <span>
            <FormattedMessage id="fn.public" />
          </span>
        </label>
        <label className="field-check">
          <input type="checkbox" name="signed" checked={draft.signed} onChange={(e) => set('signed', e.target.checked)} />
          <span>
            <FormattedMessage id="fn.signed" />
          </span>
        </label>
        {existing?.public ? (
          <p className="function-url" data-testid="function-public-url">
            <FormattedMessage id="fn.publicUrl" />: <code>POST /api{existing.public_path}</code>
          </p>
        ) : null}
        <div className="field">
          <span className="field-label">
            <FormattedMessage id="fn.code" />
          </span>
          <span className="muted small">
            <FormattedMessage id="fn.codeHint" />
          </span>
          <CodeEditor language="javascript" label={intl.formatMessage({ id: 'fn.code' })} value={draft.code} onChange={(code) => set('code', code)} testId="function-code" />
          <FieldErrors messages={form.errors('code')} values={{ max: FUNCTION_LIMITS.codeMax }} />
        </div>
        <FailureText message={failure.message} />
        <div className="form-actions">
          {existing ? (
            <RemoveButton
              label={<FormattedMessage id="fn.remove" />}
              testId="function-remove"
              className="button button-ghost danger"
              remove={() => functionsApi.remove(existing.uuid)}
              toast="fn.removed"
              forget={(client) => {
                client.removeQueries({ queryKey: functionKeys.one(existing.uuid) });
                return client.invalidateQueries({ queryKey: functionKeys.all, exact: true });
              }}
              backTo="/admin/functions"
            >
              <FormattedMessage id="fn.removeConfirm" values={{ name: <strong>{existing.name}</strong> }} />
            </RemoveButton>
          ) : null}
          <SubmitButton pending={form.pending} idle="fn.save" testId="function-save" />
        </div>
      </form>
      {existing ? (
        <>
          <FunctionKeys fn={existing} />
          <div className="card">
            <FunctionTestPanel call={(data) => functionsApi.run(existing.uuid, { data, options: { expression: draft.code, include_logs: true } })} />
          </div>
        </>
      ) : null}
    </>
  );
}

export function FunctionCreatePage() {
  return (
    <FormPage title={<FormattedMessage id="fn.create.title" />} back={BACK}>
      <FunctionForm existing={null} />
    </FormPage>
  );
}

export function FunctionPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const fn = useQuery(functionQueryOptions(id));
  return (
    <EditFormPage query={fn} title={(f) => (f ? <FormattedMessage id="fn.edit.title" values={{ name: f.name }} /> : <FormattedMessage id="fn.list.title" />)} back={BACK}>
      {(f) => <FunctionForm key={f.uuid} existing={f} />}
    </EditFormPage>
  );
}
