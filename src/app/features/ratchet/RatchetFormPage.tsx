// /admin/ratchet/create and /admin/ratchet/edit/:id: a connection's settings (the password write-only:
// the page says whether one is set; typing one changes it), and on a saved connection its test, the
// read-only SQL console and its removal after a question.
import { useMutation } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { RATCHET_DEFAULT_PORT, RATCHET_KINDS, type RatchetConnection, type RatchetConnectionWrite, type RatchetKind } from '../../../../runtime/api/ratchet';
import { ratchetApi } from '../../../../runtime/client/ratchet';
import { Message } from '../../../../renderers/ui/Message';
import { FormFooter, itemFormPages, useSavedThen } from '../../components/form/FormPage';
import { RemoveButton } from '../../components/form/RemoveButton';
import { TextField } from '../../components/form/TextField';
import { useFormPage, type FieldRules } from '../../components/form/useFormPage';
import { connectionHref, connectionQueryOptions, ratchetKeys } from './data';
import { RatchetConsole } from './RatchetConsole';
import './ratchet.css';

interface Draft {
  name: string;
  kind: RatchetKind;
  host: string;
  port: string;
  database: string;
  user: string;
  password: string;
  removePassword: boolean;
  tls: boolean;
}

const EMPTY: Draft = { name: '', kind: 'postgres', host: '', port: '', database: '', user: '', password: '', removePassword: false, tls: false };

const draftOf = (connection: RatchetConnection): Draft => ({ ...connection, port: String(connection.port), password: '', removePassword: false });

function writeOf(draft: Draft): RatchetConnectionWrite {
  const write: RatchetConnectionWrite = { name: draft.name, kind: draft.kind, host: draft.host, database: draft.database, user: draft.user, tls: draft.tls };
  if (draft.port.trim() !== '') write.port = Number(draft.port);
  if (draft.removePassword) write.password = null;
  else if (draft.password !== '') write.password = draft.password;
  return write;
}

function rulesOf(draft: Draft): FieldRules {
  const rules: FieldRules = {};
  for (const key of ['name', 'host', 'database', 'user'] as const) if (draft[key].trim() === '') rules[key] = ['fieldRequired'];
  if (draft.port.trim() !== '' && !/^\d{1,5}$/.test(draft.port.trim())) rules.port = ['invalid'];
  return rules;
}

function TestConnection({ connection }: { connection: RatchetConnection }) {
  const test = useMutation({ mutationFn: () => ratchetApi.test(connection.uuid) });
  const result = test.data;
  return (
    <div className="ratchet-test" aria-live="polite">
      <button type="button" className="button" data-testid="ratchet-test" disabled={test.isPending} onClick={() => test.mutate()}>
        <FormattedMessage id={test.isPending ? 'ratchet.testing' : 'ratchet.test'} />
      </button>
      {result?.ok ? (
        <p className="ratchet-test-ok" data-testid="ratchet-test-result" data-ok="true">
          <FormattedMessage id="ratchet.testOk" values={{ version: result.version ?? '', ms: result.ms }} />
        </p>
      ) : result ? (
        <p className="form-error" data-testid="ratchet-test-result" data-ok="false">
          <Message value={result.message ?? 'unexpectedError'} />
          {result.detail ? <span className="muted small ratchet-detail">{result.detail}</span> : null}
        </p>
      ) : test.isError ? (
        <p className="form-error" data-testid="ratchet-test-result">
          <Message value={test.error.message} />
        </p>
      ) : null}
    </div>
  );
}

function RemoveConnection({ connection }: { connection: RatchetConnection }) {
  return (
    <RemoveButton
      label={<FormattedMessage id="ratchet.remove" />}
      title={<FormattedMessage id="ratchet.remove" />}
      testId="ratchet-remove"
      className="button button-ghost danger"
      remove={() => ratchetApi.remove(connection.uuid)}
      toast="ratchet.removed"
      forget={(client) => {
        client.removeQueries({ queryKey: ratchetKeys.one(connection.uuid) });
        return client.invalidateQueries({ queryKey: ratchetKeys.all });
      }}
      backTo="/admin/ratchet"
    >
      <FormattedMessage id="ratchet.removeConfirm" values={{ name: <strong>{connection.name}</strong> }} />
    </RemoveButton>
  );
}

/** The write-only password (set, change or remove) and the TLS switch. */
function PasswordAndTls({ values, set, errors, passwordSet }: { values: Draft; set: <K extends keyof Draft>(key: K, value: Draft[K]) => void; errors: string[] | undefined; passwordSet: boolean }) {
  return (
    <>
        <TextField
          label={<FormattedMessage id="ratchet.password" />}
          type="password"
          autoComplete="new-password"
          value={values.password}
          disabled={values.removePassword}
          onValue={(value) => set('password', value)}
          errors={errors}
          testId="ratchet-password"
          hint={<FormattedMessage id={passwordSet ? 'ratchet.passwordSet' : 'ratchet.passwordNotSet'} />}
        />
        {passwordSet ? (
          <div className="field field-check">
            <input id="ratchet-remove-password" type="checkbox" checked={values.removePassword} onChange={(e) => set('removePassword', e.target.checked)} />
            <label htmlFor="ratchet-remove-password">
              <FormattedMessage id="ratchet.passwordRemove" />
            </label>
          </div>
        ) : null}
        <div className="field field-check">
          <input id="ratchet-tls" type="checkbox" data-testid="ratchet-tls" checked={values.tls} onChange={(e) => set('tls', e.target.checked)} />
          <label htmlFor="ratchet-tls">
            <FormattedMessage id="ratchet.tls" />
          </label>
        </div>
    </>
  );
}

function ConnectionForm({ existing }: { existing: RatchetConnection | null }) {
  const intl = useIntl();
  const onSaved = useSavedThen<RatchetConnection>({
    cache: ratchetKeys.one,
    refresh: (client) => client.invalidateQueries({ queryKey: ratchetKeys.all }),
    next: (saved) => (existing ? null : connectionHref(saved.uuid)),
  });
  const form = useFormPage({
    initial: () => (existing ? draftOf(existing) : EMPTY),
    validate: rulesOf,
    save: (draft: Draft) => (existing ? ratchetApi.update(existing.uuid, writeOf(draft)) : ratchetApi.create(writeOf(draft))),
    toast: existing ? 'ratchet.saved' : 'ratchet.created',
    onSaved: (saved: RatchetConnection, values: Draft) => {
      form.rebase({ ...values, password: '', removePassword: false });
      return onSaved(saved);
    },
  });
  const values = form.values;
  /** Sets a value and drops the messages of its field: what they said has been answered. */
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    form.set(key, value);
    if (form.failure.fields[key]) form.setFailure((failure) => ({ ...failure, fields: Object.fromEntries(Object.entries(failure.fields).filter(([name]) => name !== key)) }));
  };
  const field = (key: 'name' | 'host' | 'database' | 'user', label: string, more: { autoComplete?: string } = {}) => (
    <TextField label={<FormattedMessage id={label} />} value={values[key]} onValue={(value) => set(key, value)} errors={form.errors(key)} testId={`ratchet-${key}`} {...more} />
  );
  return (
    <form className="card form stack ratchet-form" onSubmit={form.submit} noValidate data-testid="ratchet-form">
      <div className="ratchet-fields">
        {field('name', 'ratchet.name', { autoComplete: 'off' })}
        <div className="field">
          <label className="field-label" htmlFor="ratchet-kind">
            <FormattedMessage id="ratchet.kind" />
          </label>
          <select id="ratchet-kind" data-testid="ratchet-kind" value={values.kind} onChange={(e) => form.set('kind', e.target.value as RatchetKind)}>
            {RATCHET_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {intl.formatMessage({ id: `ratchet.kind.${kind}` })}
              </option>
            ))}
          </select>
        </div>
        {field('host', 'ratchet.host', { autoComplete: 'off' })}
        <TextField
          label={<FormattedMessage id="ratchet.port" />}
          value={values.port}
          onValue={(value) => set('port', value)}
          errors={form.errors('port')}
          testId="ratchet-port"
          inputMode="numeric"
          placeholder={String(RATCHET_DEFAULT_PORT[values.kind])}
        />
        {field('database', 'ratchet.database', { autoComplete: 'off' })}
        {field('user', 'ratchet.user', { autoComplete: 'off' })}
        <PasswordAndTls values={values} set={set} errors={form.errors('password')} passwordSet={existing?.password_set ?? false} />
      </div>
      <FormFooter form={form} idle="ratchet.save" testId="ratchet-save">
        {existing ? <RemoveConnection connection={existing} /> : null}
      </FormFooter>
    </form>
  );
}

function ConnectionPage({ existing }: { existing: RatchetConnection | null }) {
  return (
    <div className="ratchet-editor">
      <ConnectionForm existing={existing} />
      {existing ? (
        <>
          <TestConnection connection={existing} />
          <RatchetConsole connection={existing} />
        </>
      ) : null}
    </div>
  );
}

export const { CreatePage: RatchetCreatePage, EditPage: RatchetEditPage } = itemFormPages({
  back: { href: '/admin/ratchet', label: 'ratchet.back' },
  className: 'page-ratchet-editor',
  createTitle: <FormattedMessage id="ratchet.create.title" />,
  read: connectionQueryOptions,
  title: (connection) => (connection ? <FormattedMessage id="ratchet.edit.title" values={{ name: connection.name }} /> : <FormattedMessage id="ratchet.title" />),
  form: (connection) => <ConnectionPage existing={connection} />,
});
