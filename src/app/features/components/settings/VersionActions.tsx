// Version actions through the componentVersion machine: fork, fork from schema, deploy (live asks
// first), remove. A refused guard or call shows its translated reason in role="alert".
import { useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ENVIRONMENTS, type Environment } from '../../../../../runtime/api/contract';
import { canRemoveVersion } from '../../../../../runtime/components';
import { Dialog } from '../../../../../renderers/ui/Dialog';
import { showToast, TOAST_MS } from '../../../../../renderers/ui/toast';
import { ChoiceButtons, FormError } from '../formParts';
import { Note, Section, WrapField } from './controls';
import type { SettingsController } from './useSettingsController';
import { useVersionMachine } from './useVersionMachine';
import { VersionDiffPanel } from './VersionDiffView';

type Panel = null | 'fork' | 'schema' | 'deploy' | 'remove';
type Send = ReturnType<typeof useVersionMachine>['send'];

/** A new version by name, copied from the viewed one or (withSchema) from a pasted settings schema. */
function ForkForm({ version, withSchema, send, onClose }: { version: string; withSchema: boolean; send: Send; onClose: () => void }) {
  const [name, setName] = useState('');
  const [schema, setSchema] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!withSchema) {
      send({ type: 'FORK', name: name.trim() });
      onClose();
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(schema);
    } catch {
      showToast('cmp.config.invalidJson', 'danger', TOAST_MS.invalidJson);
      return;
    }
    send({ type: 'FORK_SCHEMA', name: name.trim(), schema: parsed });
    onClose();
  };
  return (
    <form className="inline-form" onSubmit={submit}>
      <WrapField label={<FormattedMessage id="cmp.actions.forkName" values={{ version }} />}>
        <input name="fork-name" value={name} autoFocus autoComplete="off" onChange={(e) => setName(e.target.value)} />
      </WrapField>
      {withSchema ? (
        <WrapField label={<FormattedMessage id="cmp.actions.schema" />}>
          <textarea name="fork-schema" rows={8} className="mono" value={schema} onChange={(e) => setSchema(e.target.value)} />
        </WrapField>
      ) : null}
      <div className="form-actions">
        <ChoiceButtons no="common.cancel" onNo={onClose} yes="cmp.actions.fork" yesTestId={withSchema ? 'fork-schema-submit' : 'fork-submit'} yesDisabled={name.trim() === ''} />
      </div>
    </form>
  );
}

/** Deploys the viewed version to an environment; the chosen one stays while the screen lives. */
function DeployForm({ version, env, onEnv, send, onClose }: { version: string; env: Environment; onEnv: (env: Environment) => void; send: Send; onClose: () => void }) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'DEPLOY', env });
    onClose();
  };
  return (
    <form className="inline-form" onSubmit={submit}>
      <WrapField label={<FormattedMessage id="cmp.actions.deployTo" values={{ version }} />}>
        <select data-testid="deploy-env" name="deploy-env" value={env} onChange={(e) => onEnv(e.target.value as Environment)}>
          {ENVIRONMENTS.map((e) => (
            <option key={e} value={e}>
              {e}
            </option>
          ))}
        </select>
      </WrapField>
      <div className="form-actions">
        <ChoiceButtons no="common.cancel" onNo={onClose} yes="cmp.actions.deploy" yesTestId="deploy-submit" />
      </div>
    </form>
  );
}

/** A yes/no question in a dialog; `more` goes under the question (the deploy's diff). */
function YesNoDialog({ open, title, onNo, onYes, noTestId, yesTestId, children, more }: { open: boolean; title: string; onNo: () => void; onYes: () => void; noTestId?: string; yesTestId: string; children: ReactNode; more?: ReactNode }) {
  return (
    <Dialog
      open={open}
      title={<FormattedMessage id={title} />}
      onClose={onNo}
      actions={<ChoiceButtons no="common.no" noTestId={noTestId} onNo={onNo} yes="common.yes" yesTestId={yesTestId} onYes={onYes} />}
    >
      <p>{children}</p>
      {more}
    </Dialog>
  );
}

/** The four buttons; each opens its panel (a removal the machine refuses goes to it straight away, to say why). */
function VersionButtons({ disabled, busy, open, remove }: { disabled: boolean; busy: boolean; open: (panel: Panel) => void; remove: () => void }) {
  return (
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
  );
}

export function VersionActions({ ctl }: { ctl: SettingsController }) {
  const intl = useIntl();
  const { state, send, busy } = useVersionMachine(ctl);
  const [panel, setPanel] = useState<Panel>(null);
  // Each opening starts a fresh form (the key of the fork form).
  const [opening, setOpening] = useState(0);
  const [env, setEnv] = useState<Environment>('dev');
  const loaded = ctl.loaded!;
  const version = ctl.version!;
  const blocked = ctl.dirty;

  const open = (next: Panel) => {
    setPanel(next);
    setOpening((n) => n + 1);
  };
  const close = () => setPanel(null);
  // An allowed removal asks first; a refused one goes straight to the machine, which says why.
  const remove = () => {
    if (canRemoveVersion(loaded, version) === null) open('remove');
    else send({ type: 'REMOVE' });
  };

  return (
    <Section title={<FormattedMessage id="cmp.actions.version" values={{ version }} />}>
      {blocked ? <Note id="cmp.actions.saveFirst" testId="version-actions-blocked" /> : null}
      <VersionButtons disabled={busy || blocked} busy={busy} open={open} remove={remove} />
      {busy ? (
        <p className="muted" role="status">
          <FormattedMessage id="common.loading" />
        </p>
      ) : null}
      <FormError message={state.context.error ?? null} testId="version-error" />
      {panel === 'fork' || panel === 'schema' ? <ForkForm key={opening} version={version} withSchema={panel === 'schema'} send={send} onClose={close} /> : null}
      {panel === 'deploy' ? <DeployForm version={version} env={env} onEnv={setEnv} send={send} onClose={close} /> : null}
      <YesNoDialog
        open={state.value === 'confirmingLive'}
        title="cmp.actions.confirmLiveTitle"
        noTestId="confirm-no"
        yesTestId="confirm-yes"
        onNo={() => send({ type: 'CANCEL' })}
        onYes={() => send({ type: 'CONFIRM' })}
        more={
          state.value === 'confirmingLive' ? (
            <VersionDiffPanel componentRef={loaded.ref} from={null} to={version} line={(summary) => intl.formatMessage({ id: 'cmp.diff.deployLine' }, { version, summary })} />
          ) : null
        }
      >
        <FormattedMessage id="cmp.actions.confirmLive" values={{ version, current: loaded.public_version ?? intl.formatMessage({ id: 'cmp.none' }) }} />
      </YesNoDialog>
      <YesNoDialog
        open={panel === 'remove'}
        title="cmp.actions.removeVersion"
        yesTestId="confirm-remove-version"
        onNo={close}
        onYes={() => {
          close();
          send({ type: 'REMOVE' });
        }}
      >
        <FormattedMessage id="cmp.actions.removeVersionConfirm" values={{ version }} />
      </YesNoDialog>
    </Section>
  );
}
