// /admin/functions/create and /admin/functions/:id: a global function's settings (name, description,
// public, signed, the API user it runs as) and its code; on an existing one, its signing keys, the
// test panel (it runs the editor's code as that API user) and removal after a confirmation.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FUNCTION_LIMITS, type GlobalFunction, type GlobalFunctionWrite } from '../../../../runtime/api/functions';
import { functionsApi } from '../../../../runtime/client/functions';
import { showToast, TOAST_MS } from '../../../../renderers/ui/toast';
import { CodeEditor } from '../../components/code/CodeEditor';
import { FieldErrors } from '../../components/FieldErrors';
import { BackLink, ConfirmDialog, FailureText, failureOf, failureSummary, fieldMessages, LoadError, Loading, NO_FAILURE, PageHeader, type Failure } from '../iam/ui';
import { apiUsersQueryOptions, functionHref, functionKeys, functionQueryOptions } from './data';
import { FunctionKeys } from './FunctionKeys';
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

function FunctionForm({ existing }: { existing: GlobalFunction | null }) {
  const intl = useIntl();
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(existing ? draftOf(existing) : EMPTY);
  const [failure, setFailure] = useState<Failure>(NO_FAILURE);
  const [removing, setRemoving] = useState(false);
  const apiUsers = useQuery(apiUsersQueryOptions());
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const failed = (error: unknown) => {
    const next = failureOf(error);
    setFailure(next);
    if (next.message === 'functionExists') showToast('functionExists', 'danger', TOAST_MS.functionExists);
  };
  const save = useMutation({
    mutationFn: (body: GlobalFunctionWrite) => (existing ? functionsApi.update(existing.uuid, body) : functionsApi.create(body)),
    onSuccess: async (saved) => {
      setFailure(NO_FAILURE);
      queryClient.setQueryData(functionKeys.one(saved.uuid), saved);
      await queryClient.invalidateQueries({ queryKey: functionKeys.all, exact: true });
      showToast(existing ? 'fn.saved' : 'fn.created', 'success');
      if (!existing) void navigate({ href: functionHref(saved.uuid) });
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: () => functionsApi.remove(existing!.uuid),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: functionKeys.one(existing!.uuid) });
      await queryClient.invalidateQueries({ queryKey: functionKeys.all, exact: true });
      showToast('fn.removed', 'success');
      void navigate({ href: '/admin/functions' });
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const name = draft.name.trim();
    if (name === '') {
      setFailure({ message: null, fields: { name: ['fieldRequired'] } });
      return;
    }
    save.mutate({ ...draft, name });
  };

  return (
    <>
      <form className="card form stack" onSubmit={submit} noValidate data-testid="function-form">
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
            aria-invalid={fieldMessages(failure.fields, 'name') !== undefined}
            onChange={(e) => set('name', e.target.value)}
          />
          <span id={`${id}-name-hint`} className="muted small">
            <FormattedMessage id="fn.nameHint" />
          </span>
          <FieldErrors messages={fieldMessages(failure.fields, 'name')} values={{ min: FUNCTION_LIMITS.nameMin, max: FUNCTION_LIMITS.nameMax }} />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-description`}>
            <FormattedMessage id="fn.description" />
          </label>
          <textarea id={`${id}-description`} name="description" rows={2} value={draft.description} onChange={(e) => set('description', e.target.value)} />
          <FieldErrors messages={fieldMessages(failure.fields, 'description')} values={{ max: FUNCTION_LIMITS.descriptionMax }} />
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
          <FieldErrors messages={fieldMessages(failure.fields, 'api_user_uuid')} />
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
          <FieldErrors messages={fieldMessages(failure.fields, 'code')} values={{ max: FUNCTION_LIMITS.codeMax }} />
        </div>
        <FailureText message={failure.message} />
        <div className="form-actions">
          {existing ? (
            <button type="button" className="button button-ghost danger" onClick={() => setRemoving(true)} data-testid="function-remove">
              <FormattedMessage id="fn.remove" />
            </button>
          ) : null}
          <button type="submit" className="button button-primary" disabled={save.isPending} data-testid="function-save">
            <FormattedMessage id="fn.save" />
          </button>
        </div>
      </form>
      {existing ? (
        <>
          <FunctionKeys fn={existing} />
          <div className="card">
            <FunctionTestPanel call={(data) => functionsApi.run(existing.uuid, { data, options: { expression: draft.code, include_logs: true } })} />
          </div>
          <ConfirmDialog
            open={removing}
            title={<FormattedMessage id="fn.remove" />}
            confirmLabel={<FormattedMessage id="fn.remove" />}
            onConfirm={() => remove.mutate()}
            onClose={() => setRemoving(false)}
            pending={remove.isPending}
            failure={remove.isError ? failureSummary(remove.error) : null}
          >
            <FormattedMessage id="fn.removeConfirm" values={{ name: <strong>{existing.name}</strong> }} />
          </ConfirmDialog>
        </>
      ) : null}
    </>
  );
}

export function FunctionCreatePage() {
  return (
    <div className="page page-narrow">
      <PageHeader title={<FormattedMessage id="fn.create.title" />}>
        <BackLink href="/admin/functions" label="fn.back" />
      </PageHeader>
      <FunctionForm existing={null} />
    </div>
  );
}

export function FunctionPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const fn = useQuery(functionQueryOptions(id));
  return (
    <div className="page page-narrow">
      <PageHeader title={fn.data ? <FormattedMessage id="fn.edit.title" values={{ name: fn.data.name }} /> : <FormattedMessage id="fn.list.title" />}>
        <BackLink href="/admin/functions" label="fn.back" />
      </PageHeader>
      {fn.isPending ? <Loading /> : fn.isError ? <LoadError error={fn.error} /> : <FunctionForm key={fn.data.uuid} existing={fn.data} />}
    </div>
  );
}
