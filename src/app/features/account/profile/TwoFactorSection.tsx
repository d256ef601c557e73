// Two-factor authentication of the caller: its state; turning it on (a new secret shown as a QR code and as
// text, confirmed by a first code); turning it off (asks for a current code).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TwoFactorSetup, TwoFactorState } from '../../../../../runtime/api/iam';
import { accountKeys, twoFactorQueryOptions } from '../../../../../renderers/data/account';
import { disableTwoFactor, enableTwoFactor, setupTwoFactor } from '../../../../../runtime/client/account';
import { showToast, TOAST_MS } from '../../../../../renderers/ui/toast';
import { FormMessage, type Problem } from '../fields';
import { CodeField, useOneTimeCode } from '../CodeField';
import { useAccountCall } from '../useAccountForm';
import { SectionRead } from './SectionRead';

type Mode = { kind: 'idle' } | { kind: 'enrolling'; setup: TwoFactorSetup } | { kind: 'disabling' };

/** Turning two-factor on or off: the step shown, the code typed, its messages, and the calls. */
function useTwoFactorChange() {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const code = useOneTimeCode();
  const call = useAccountCall();

  const reset = (next: Mode) => {
    setMode(next);
    code.setCode('');
    call.setFields({});
    call.setMessage(null);
  };
  /** A refused code is said under the input, which empties for the next try; anything else above the actions. */
  const codeRefused = (problem: Problem): boolean => {
    const refused = problem.fields.code;
    if (!refused || refused.messages.length === 0) return false;
    call.setFields({ code: refused });
    code.retry();
    return true;
  };

  const start = () => call.send(async () => reset({ kind: 'enrolling', setup: await setupTwoFactor() }), codeRefused);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (call.busy || mode.kind === 'idle') return;
    const refusal = code.refusal();
    if (refusal) {
      call.refuse({ code: [refusal] });
      return;
    }
    await call.send(async () => {
      const next: TwoFactorState = mode.kind === 'enrolling' ? await enableTwoFactor(code.code) : await disableTwoFactor(code.code);
      queryClient.setQueryData(accountKeys.twoFactor, next);
      showToast(next.enabled ? 'account.twoFactor.turnedOn' : 'account.twoFactor.turnedOff', 'success', TOAST_MS.default);
      reset({ kind: 'idle' });
    }, codeRefused);
  };

  return { mode, code, codeErrors: call.fields.code?.messages ?? [], message: call.message, busy: call.busy, start, confirm, reset };
}

type Change = ReturnType<typeof useTwoFactorChange>;

async function copySecret(secret: string) {
  try {
    await navigator.clipboard.writeText(secret);
    showToast('common.copied', 'success', TOAST_MS.copied);
  } catch {
    // No clipboard: the key stays on screen to type by hand.
  }
}

/** Enrolling: scan the QR code (or type the key), then enter the first code. */
function EnrolSteps({ setup }: { setup: TwoFactorSetup }) {
  const intl = useIntl();
  return (
    <ol className="twofactor-steps">
      <li>
        <p>
          <FormattedMessage id="account.twoFactor.scan" />
        </p>
        <img className="twofactor-qr" data-testid="twofactor-qr" src={setup.qr} width={192} height={192} alt={intl.formatMessage({ id: 'account.twoFactor.qrAlt' })} />
      </li>
      <li>
        <p id="twofactor-secret-label">
          <FormattedMessage id="account.twoFactor.typeKey" />
        </p>
        <div className="copy-row">
          <code className="twofactor-secret" data-testid="twofactor-secret">
            {setup.secret}
          </code>
          <button type="button" className="button button-ghost button-small" onClick={() => void copySecret(setup.secret)}>
            <FormattedMessage id="common.copy" />
          </button>
        </div>
      </li>
      <li>
        <p>
          <FormattedMessage id="account.twoFactor.enterCode" />
        </p>
      </li>
    </ol>
  );
}

/** The code that confirms turning it on (after the enrolment steps) or off. */
function CodeStep({ change, mode }: { change: Change; mode: Exclude<Mode, { kind: 'idle' }> }) {
  const { busy } = change;
  const disabling = mode.kind === 'disabling';
  return (
    <form className="inline-form" onSubmit={change.confirm} noValidate>
      {mode.kind === 'enrolling' ? (
        <EnrolSteps setup={mode.setup} />
      ) : (
        <p>
          <FormattedMessage id="account.twoFactor.disableIntro" />
        </p>
      )}
      <CodeField code={change.code} testId="twofactor-code" invalid={change.codeErrors.length > 0} errors={change.codeErrors} autoFocus={disabling} />
      <FormMessage message={change.message} />
      <div className="form-actions">
        <button type="button" className="button" onClick={() => change.reset({ kind: 'idle' })} disabled={busy}>
          <FormattedMessage id="common.cancel" />
        </button>
        <button
          type="submit"
          className={`button ${disabling ? 'button-primary danger-fill' : 'button-primary'}`}
          data-testid="twofactor-confirm"
          disabled={busy}
          aria-busy={busy || undefined}
        >
          <FormattedMessage id={busy ? 'account.twoFactor.checking' : disabling ? 'account.twoFactor.confirmDisable' : 'account.twoFactor.confirmEnable'} />
        </button>
      </div>
    </form>
  );
}

/** On or off, and the button that starts changing it. */
function TwoFactorBody({ enabled, change }: { enabled: boolean; change: Change }) {
  const { busy, mode } = change;
  return (
    <>
      <p data-testid="twofactor-status" data-enabled={enabled ? 'true' : 'false'}>
        <span className={`badge ${enabled ? 'badge-success' : 'badge-neutral'}`}>
          <FormattedMessage id={enabled ? 'account.twoFactor.on' : 'account.twoFactor.off'} />
        </span>{' '}
        <FormattedMessage id={enabled ? 'account.twoFactor.onHint' : 'account.twoFactor.offHint'} />
      </p>
      {mode.kind !== 'idle' ? (
        <CodeStep change={change} mode={mode} />
      ) : (
        <>
          <div className="form-actions">
            {enabled ? (
              <button type="button" className="button" data-testid="twofactor-disable" onClick={() => change.reset({ kind: 'disabling' })}>
                <FormattedMessage id="account.twoFactor.disable" />
              </button>
            ) : (
              <button type="button" className="button button-primary" data-testid="twofactor-enable" onClick={() => void change.start()} disabled={busy} aria-busy={busy || undefined}>
                <FormattedMessage id={busy ? 'account.twoFactor.preparing' : 'account.twoFactor.enable'} />
              </button>
            )}
          </div>
          <FormMessage message={change.message} />
        </>
      )}
    </>
  );
}

export function TwoFactorSection() {
  const state = useQuery(twoFactorQueryOptions());
  // Held here: a failed read again does not lose a step under way.
  const change = useTwoFactorChange();
  return (
    <section className="card" aria-labelledby="twofactor-title">
      <div className="section-head">
        <h2 className="card-title" id="twofactor-title">
          <FormattedMessage id="account.twoFactor.section" />
        </h2>
      </div>
      <SectionRead query={state}>{(data) => <TwoFactorBody enabled={data.enabled === true} change={change} />}</SectionRead>
    </section>
  );
}
