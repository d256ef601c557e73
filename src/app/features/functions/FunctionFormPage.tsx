// /admin/functions/create and /admin/functions/:id: a global function's settings (name, description,
// public, signed, the API user it runs as) and its code, checked as a global function's script; on an
// existing one, how to call it when public, its signing keys, the test panel (it runs the editor's code as that API user) and removal after a confirmation.
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FUNCTION_LIMITS, type GlobalFunction, type GlobalFunctionWrite } from '../../../../runtime/api/functions';
import { functionsApi } from '../../../../runtime/client/functions';
import { showToast, TOAST_MS } from '../../../../renderers/ui/toast';
import { CodeEditor } from '../../components/code/CodeEditor';
import { FieldErrors } from '../../components/FieldErrors';
import { FormFooter, itemFormPages, useSavedThen } from '../../components/form/FormPage';
import { RemoveButton } from '../../components/form/RemoveButton';
import { useFormPage, type FieldRules } from '../../components/form/useFormPage';
import { apiUsersQueryOptions, functionHref, functionKeys, functionQueryOptions } from './data';
import { FunctionKeys } from './FunctionKeys';
import { FunctionPublicCall } from './FunctionPublicCall';
import { FunctionTestPanel } from './FunctionTestPanel';
import './functions.css';

type Draft = Required<Omit<GlobalFunctionWrite, 'api_user_uuid'>> & { api_user_uuid: string | null };

const EMPTY: Draft = { name: '', description: '', code: 'return data;', public: false, signed: false, api_user_uuid: null };

const draftOf = (fn: GlobalFunction): Draft => ({
  name: fn.name,
  description: fn.description,
  code: fn.code,
  public: fn.public,
  signed: fn.signed,
  api_user_uuid: fn.api_user_uuid,
});

/** The controller of a function's form: a new one opens its own page once created. */
function useFunctionForm(existing: GlobalFunction | null) {
  const onSaved = useSavedThen<GlobalFunction>({
    cache: functionKeys.one,
    refresh: (client) => client.invalidateQueries({ queryKey: functionKeys.all, exact: true }),
    next: (saved) => (existing ? null : functionHref(saved.uuid)),
  });
  return useFormPage({
    initial: () => (existing ? draftOf(existing) : EMPTY),
    validate: (d): FieldRules => (d.name.trim() === '' ? { name: ['fieldRequired'] } : {}),
    save: (d: Draft) => {
      const body: GlobalFunctionWrite = { ...d, name: d.name.trim() };
      return existing ? functionsApi.update(existing.uuid, body) : functionsApi.create(body);
    },
    toast: existing ? 'fn.saved' : 'fn.created',
    onSaved,
    onFailed: (failure) => {
      if (failure.message === 'functionExists') showToast('functionExists', 'danger', TOAST_MS.functionExists);
    },
  });
}

interface InputProps<T> {
  value: T;
  onChange: (value: T) => void;
  errors?: string[];
}

function NameInput({ value, onChange, errors }: InputProps<string>) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={`${id}-name`}>
        <FormattedMessage id="fn.name" />
      </label>
      <input
        id={`${id}-name`}
        name="name"
        value={value}
        maxLength={FUNCTION_LIMITS.nameMax}
        aria-describedby={`${id}-name-hint`}
        aria-invalid={errors !== undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      <span id={`${id}-name-hint`} className="muted small">
        <FormattedMessage id="fn.nameHint" />
      </span>
      <FieldErrors messages={errors} values={{ min: FUNCTION_LIMITS.nameMin, max: FUNCTION_LIMITS.nameMax }} />
    </div>
  );
}

function DescriptionInput({ value, onChange, errors }: InputProps<string>) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={`${id}-description`}>
        <FormattedMessage id="fn.description" />
      </label>
      <textarea id={`${id}-description`} name="description" rows={2} value={value} onChange={(e) => onChange(e.target.value)} />
      <FieldErrors messages={errors} values={{ max: FUNCTION_LIMITS.descriptionMax }} />
    </div>
  );
}

/** The API user the function runs as, or none. */
function ApiUserSelect({ value, onChange, errors }: InputProps<string | null>) {
  const intl = useIntl();
  const id = useId();
  const apiUsers = useQuery(apiUsersQueryOptions());
  return (
    <div className="field">
      <label className="field-label" htmlFor={`${id}-api-user`}>
        <FormattedMessage id="fn.apiUser" />
      </label>
      <select id={`${id}-api-user`} name="api_user_uuid" value={value ?? ''} onChange={(e) => onChange(e.target.value || null)}>
        <option value="">{intl.formatMessage({ id: 'fn.noApiUser' })}</option>
        {(apiUsers.data ?? []).map((user) => (
          <option key={user.uuid} value={user.uuid}>
            {user.name}
          </option>
        ))}
      </select>
      <FieldErrors messages={errors} />
    </div>
  );
}

function Flag({ name, label, value, onChange }: InputProps<boolean> & { name: 'public' | 'signed'; label: string }) {
  return (
    <label className="field-check">
      <input type="checkbox" name={name} checked={value} onChange={(e) => onChange(e.target.checked)} />
      <span>
        <FormattedMessage id={label} />
      </span>
    </label>
  );
}

function CodeInput({ value, onChange, errors }: InputProps<string>) {
  const intl = useIntl();
  return (
    <div className="field">
      <span className="field-label">
        <FormattedMessage id="fn.code" />
      </span>
      <span className="muted small">
        <FormattedMessage id="fn.codeHint" />
      </span>
      <CodeEditor language="javascript" kind="global-function" label={intl.formatMessage({ id: 'fn.code' })} value={value} onChange={onChange} testId="function-code" />
      <FieldErrors messages={errors} values={{ max: FUNCTION_LIMITS.codeMax }} />
    </div>
  );
}

function RemoveFunction({ fn }: { fn: GlobalFunction }) {
  return (
    <RemoveButton
      label={<FormattedMessage id="fn.remove" />}
      testId="function-remove"
      className="button button-ghost danger"
      remove={() => functionsApi.remove(fn.uuid)}
      toast="fn.removed"
      forget={(client) => {
        client.removeQueries({ queryKey: functionKeys.one(fn.uuid) });
        return client.invalidateQueries({ queryKey: functionKeys.all, exact: true });
      }}
      backTo="/admin/functions"
    >
      <FormattedMessage id="fn.removeConfirm" values={{ name: <strong>{fn.name}</strong> }} />
    </RemoveButton>
  );
}

function FunctionForm({ existing }: { existing: GlobalFunction | null }) {
  const form = useFunctionForm(existing);
  const { values: draft, set } = form;
  return (
    <>
      <form className="card form stack" onSubmit={form.submit} noValidate data-testid="function-form">
        <NameInput value={draft.name} onChange={(name) => set('name', name)} errors={form.errors('name')} />
        <DescriptionInput value={draft.description} onChange={(description) => set('description', description)} errors={form.errors('description')} />
        <ApiUserSelect value={draft.api_user_uuid} onChange={(uuid) => set('api_user_uuid', uuid)} errors={form.errors('api_user_uuid')} />
        <Flag name="public" label="fn.public" value={draft.public} onChange={(on) => set('public', on)} />
        <Flag name="signed" label="fn.signed" value={draft.signed} onChange={(on) => set('signed', on)} />
        <CodeInput value={draft.code} onChange={(code) => set('code', code)} errors={form.errors('code')} />
        <FormFooter form={form} idle="fn.save" testId="function-save">
          {existing ? <RemoveFunction fn={existing} /> : null}
        </FormFooter>
      </form>
      {existing ? (
        <>
          {existing.public ? <FunctionPublicCall fn={existing} /> : null}
          <FunctionKeys fn={existing} />
          <div className="card">
            <FunctionTestPanel call={(data) => functionsApi.run(existing.uuid, { data, options: { expression: draft.code, include_logs: true } })} />
          </div>
        </>
      ) : null}
    </>
  );
}

export const { CreatePage: FunctionCreatePage, EditPage: FunctionPage } = itemFormPages({
  back: { href: '/admin/functions', label: 'fn.back' },
  createTitle: <FormattedMessage id="fn.create.title" />,
  read: functionQueryOptions,
  title: (f) => (f ? <FormattedMessage id="fn.edit.title" values={{ name: f.name }} /> : <FormattedMessage id="fn.list.title" />),
  form: (fn) => <FunctionForm existing={fn} />,
});
