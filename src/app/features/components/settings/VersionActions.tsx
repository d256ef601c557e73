// Version actions through the componentVersion machine: fork, fork from schema, deploy (live asks
// first), remove. A refused guard or call shows its translated reason in role="alert".
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ENVIRONMENTS, type Environment } from '../../../../../runtime/api/contract';
import { canRemoveVersion } from '../../../../../runtime/components';
import { Dialog } from '../../../../../renderers/ui/Dialog';
import { Message } from '../../../../../renderers/ui/Message';
import { showToast, TOAST_MS } from '../../../../../renderers/ui/toast';
import { Section } from './controls';
import type { SettingsController } from './useSettingsController';
import { useVersionMachine } from './useVersionMachine';

type Panel = null | 'fork' | 'schema' | 'deploy' | 'remove';

export function VersionActions({ ctl }: { ctl: SettingsController }) {
  const intl = useIntl();
  const { state, send, busy } = useVersionMachine(ctl);
  const [panel, setPanel] = useState<Panel>(null);
  const [name, setName] = useState('');
  const [schema, setSchema] = useState('');
  const [env, setEnv] = useState<Environment>('dev');
  const loaded = ctl.loaded!;
  const version = ctl.version!;
  const blocked = ctl.dirty;

  const open = (next: Panel) => {
    setPanel(next);
    setName('');
    setSchema('');
  };
  const fork = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'FORK', name: name.trim() });
    setPanel(null);
  };
  const forkSchema = (e: FormEvent) => {
    e.preventDefault();
    let parsed: unknown;
    try {
      parsed = JSON.parse(schema);
    } catch {
      showToast('cmp.config.invalidJson', 'danger', TOAST_MS.invalidJson);
      return;
    }
    send({ type: 'FORK_SCHEMA', name: name.trim(), schema: parsed });
    setPanel(null);
  };
  const deploy = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'DEPLOY', env });
    setPanel(null);
  };
  // An allowed removal asks first; a refused one goes straight to the machine, which says why.
  const remove = () => {
    if (canRemoveVersion(loaded, version) === null) open('remove');
    else send({ type: 'REMOVE' });
  };

  const disabled = busy || blocked;
  return (
    <Section title={<FormattedMessage id="cmp.actions.version" values={{ version }} />}>
      {blocked ? (
        <p className="muted" data-testid="version-actions-blocked">
          <FormattedMessage id="cmp.actions.saveFirst" />
        </p>
      ) : null}
      <div className="action-list" aria-busy={busy}>
        <button type="button" className="button" data-testid="action-fork" disabled={disabled} onClick={() => open('fork')}>
          <FormattedMessage id="cmp.actions.fork" />
        </button>
        <button type="button" className="button" data-testid="action-fork-schema" disabled={disabled} onClick={() => open('schema')}>
          <FormattedMessage id="cmp.actions.forkSchema" />
        </button>
        <button type="button" className="button" data-testid="action-deploy" disabled={disabled} onClick={() => open('deploy')}>
          <FormattedMessage id="cmp.actions.deploy" />
        </button>
        <button type="button" className="button danger" data-testid="action-remove-version" disabled={disabled} onClick={remove}>
          <FormattedMessage id="cmp.actions.removeVersion" />
        </button>
      </div>
      {busy ? (
        <p className="muted" role="status">
          <FormattedMessage id="common.loading" />
        </p>
      ) : null}
      {state.context.error ? (
        <p className="form-error" role="alert" data-testid="version-error">
          <Message value={state.context.error} />
        </p>
      ) : null}

      {panel === 'fork' || panel === 'schema' ? (
        <form className="inline-form" onSubmit={panel === 'fork' ? fork : forkSchema}>
          <label className="field">
            <span className="field-label">
              <FormattedMessage id="cmp.actions.forkName" values={{ version }} />
            </span>
            <input name="fork-name" value={name} autoFocus autoComplete="off" onChange={(e) => setName(e.target.value)} />
          </label>
          {panel === 'schema' ? (
            <label className="field">
              <span className="field-label">
                <FormattedMessage id="cmp.actions.schema" />
              </span>
              <textarea name="fork-schema" rows={8} className="mono" value={schema} onChange={(e) => setSchema(e.target.value)} />
            </label>
          ) : null}
          <div className="form-actions">
            <button type="button" className="button" onClick={() => setPanel(null)}>
              <FormattedMessage id="common.cancel" />
            </button>
            <button type="submit" className="button button-primary" data-testid={panel === 'fork' ? 'fork-submit' : 'fork-schema-submit'} disabled={name.trim() === ''}>
              <FormattedMessage id="cmp.actions.fork" />
            </button>
          </div>
        </form>
      ) : null}

      {panel === 'deploy' ? (
        <form className="inline-form" onSubmit={deploy}>
          <label className="field">
            <span className="field-label">
              <FormattedMessage id="cmp.actions.deployTo" values={{ version }} />
            </span>
            <select data-testid="deploy-env" name="deploy-env" value={env} onChange={(e) => setEnv(e.target.value as Environment)}>
              {ENVIRONMENTS.map((e) => (
                <option key={e} value={e}>
                  {e}
                </option>
              ))}
            </select>
          </label>
          <div className="form-actions">
            <button type="button" className="button" onClick={() => setPanel(null)}>
              <FormattedMessage id="common.cancel" />
            </button>
            <button type="submit" className="button button-primary" data-testid="deploy-submit">
              <FormattedMessage id="cmp.actions.deploy" />
            </button>
          </div>
        </form>
      ) : null}

      <Dialog
        open={state.value === 'confirmingLive'}
        title={<FormattedMessage id="cmp.actions.confirmLiveTitle" />}
        onClose={() => send({ type: 'CANCEL' })}
        actions={
          <>
            <button type="button" className="button" data-testid="confirm-no" onClick={() => send({ type: 'CANCEL' })}>
              <FormattedMessage id="common.no" />
            </button>
            <button type="button" className="button button-primary" data-testid="confirm-yes" onClick={() => send({ type: 'CONFIRM' })}>
              <FormattedMessage id="common.yes" />
            </button>
          </>
        }
      >
        <p>
          <FormattedMessage id="cmp.actions.confirmLive" values={{ version, current: loaded.public_version ?? intl.formatMessage({ id: 'cmp.none' }) }} />
        </p>
      </Dialog>
      <Dialog
        open={panel === 'remove'}
        title={<FormattedMessage id="cmp.actions.removeVersion" />}
        onClose={() => setPanel(null)}
        actions={
          <>
            <button type="button" className="button" onClick={() => setPanel(null)}>
              <FormattedMessage id="common.no" />
            </button>
            <button
              type="button"
              className="button button-primary"
              data-testid="confirm-remove-version"
              onClick={() => {
                setPanel(null);
                send({ type: 'REMOVE' });
              }}
            >
              <FormattedMessage id="common.yes" />
            </button>
          </>
        }
      >
        <p>
          <FormattedMessage id="cmp.actions.removeVersionConfirm" values={{ version }} />
        </p>
      </Dialog>
    </Section>
  );
}
