// Two-factor authentication of the caller: its state; turning it on (a new secret shown as a QR code and as
// text, confirmed by a first code); turning it off (asks for a current code).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TwoFactorSetup, TwoFactorState } from '../../../../../runtime/api/iam';
import { accountKeys, twoFactorQueryOptions } from '../../../../../renderers/data/account';
import { disableTwoFactor, enableTwoFactor, setupTwoFactor } from '../../../../../runtime/client/account';
import { showToast, TOAST_MS } from '../../../../../renderers/ui/toast';
import { FormMessage, problemOf } from '../fields';
import { CodeField, useOneTimeCode } from '../CodeField';

type Mode = { kind: 'idle' } | { kind: 'enrolling'; setup: TwoFactorSetup } | { kind: 'disabling' };

export function TwoFactorSection() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const state = useQuery(twoFactorQueryOptions());
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const code = useOneTimeCode();
  const [codeErrors, setCodeErrors] = useState<string[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const enabled = state.data?.enabled === true;

  const reset = (next: Mode) => {
    setMode(next);
    code.setCode('');
    setCodeErrors([]);
    setMessage(null);
  };

  const fail = (error: unknown) => {
    const problem = problemOf(error);
    const codeMessages = problem.fields.code?.messages ?? [];
    setCodeErrors(codeMessages);
    setMessage(codeMessages.length > 0 ? null : problem.message);
    if (codeMessages.length > 0) code.retry();
  };

  const start = async () => {
    setBusy(true);
    setMessage(null);
    try {
      reset({ kind: 'enrolling', setup: await setupTwoFactor() });
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || mode.kind === 'idle') return;
    if (!code.complete) {
      setCodeErrors(['account.twoFactor.codeFormat']);
      code.focus();
      return;
    }
    setBusy(true);
    setCodeErrors([]);
    setMessage(null);
    try {
      const next: TwoFactorState = mode.kind === 'enrolling' ? await enableTwoFactor(code.code) : await disableTwoFactor(code.code);
      queryClient.setQueryData(accountKeys.twoFactor, next);
      showToast(next.enabled ? 'account.twoFactor.turnedOn' : 'account.twoFactor.turnedOff', 'success', TOAST_MS.default);
      reset({ kind: 'idle' });
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const copySecret = async (secret: string) => {
    try {
      await navigator.clipboard.writeText(secret);
      showToast('common.copied', 'success', TOAST_MS.copied);
    } catch {
      // No clipboard: the key stays on screen to type by hand.
    }
  };

  return (
    <section className="card" aria-labelledby="twofactor-title">
      <div className="section-head">
        <h2 className="card-title" id="twofactor-title">
          <FormattedMessage id="account.twoFactor.section" />
        </h2>
      </div>
      {state.isPending ? (
        <div className="skeleton" aria-busy="true" />
      ) : state.isError ? (
        <>
          <FormMessage message={problemOf(state.error).message ?? 'unexpectedError'} />
          <button type="button" className="button" onClick={() => void state.refetch()}>
            <FormattedMessage id="common.retry" />
          </button>
        </>
      ) : (
        <>
          <p data-testid="twofactor-status" data-enabled={enabled ? 'true' : 'false'}>
            <span className={`badge ${enabled ? 'badge-success' : 'badge-neutral'}`}>
              <FormattedMessage id={enabled ? 'account.twoFactor.on' : 'account.twoFactor.off'} />
            </span>{' '}
            <FormattedMessage id={enabled ? 'account.twoFactor.onHint' : 'account.twoFactor.offHint'} />
          </p>

          {mode.kind === 'idle' ? (
            <div className="form-actions">
              {enabled ? (
                <button type="button" className="button" data-testid="twofactor-disable" onClick={() => reset({ kind: 'disabling' })}>
                  <FormattedMessage id="account.twoFactor.disable" />
                </button>
              ) : (
                <button type="button" className="button button-primary" data-testid="twofactor-enable" onClick={start} disabled={busy} aria-busy={busy || undefined}>
                  <FormattedMessage id={busy ? 'account.twoFactor.preparing' : 'account.twoFactor.enable'} />
                </button>
              )}
            </div>
          ) : (
            <form className="inline-form" onSubmit={confirm} noValidate>
              {mode.kind === 'enrolling' ? (
                <ol className="twofactor-steps">
                  <li>
                    <p>
                      <FormattedMessage id="account.twoFactor.scan" />
                    </p>
                    <img className="twofactor-qr" data-testid="twofactor-qr" src={mode.setup.qr} width={192} height={192} alt={intl.formatMessage({ id: 'account.twoFactor.qrAlt' })} />
                  </li>
                  <li>
                    <p id="twofactor-secret-label">
                      <FormattedMessage id="account.twoFactor.typeKey" />
                    </p>
                    <div className="copy-row">
                      <code className="twofactor-secret" data-testid="twofactor-secret">
                        {mode.setup.secret}
                      </code>
                      <button type="button" className="button button-ghost button-small" onClick={() => void copySecret(mode.setup.secret)}>
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
              ) : (
                <p>
                  <FormattedMessage id="account.twoFactor.disableIntro" />
                </p>
              )}
              <CodeField code={code} testId="twofactor-code" invalid={codeErrors.length > 0} errors={codeErrors} autoFocus={mode.kind === 'disabling'} />
              <FormMessage message={message} />
              <div className="form-actions">
                <button type="button" className="button" onClick={() => reset({ kind: 'idle' })} disabled={busy}>
                  <FormattedMessage id="common.cancel" />
                </button>
                <button
                  type="submit"
                  className={`button ${mode.kind === 'disabling' ? 'button-primary danger-fill' : 'button-primary'}`}
                  data-testid="twofactor-confirm"
                  disabled={busy}
                  aria-busy={busy || undefined}
                >
                  <FormattedMessage
                    id={busy ? 'account.twoFactor.checking' : mode.kind === 'disabling' ? 'account.twoFactor.confirmDisable' : 'account.twoFactor.confirmEnable'}
                  />
                </button>
              </div>
            </form>
          )}
          {mode.kind === 'idle' ? <FormMessage message={message} /> : null}
        </>
      )}
    </section>
  );
}
