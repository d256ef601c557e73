// /two-factor-auth: the second sign-in step. A 6-digit code from the authenticator app, and an optional
// "remember this device" (30 days). invalidCode lets the user try again; twoFactorExpired needs a new sign-in.
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { IAM_LIMITS, IAM_MESSAGE } from '../../../../runtime/api/iam';
import { verifyTwoFactor } from '../../../../runtime/client/account';
import { CONNECTION_FAILED, isApiRequestError } from '../../../../runtime/client/errors';
import { Message } from '../../../../renderers/ui/Message';
import { PublicFrame } from '../../components/PublicFrame';
import { clearBreadcrumbs } from '../../routes/breadcrumbs';
import { safeRedirect } from '../../routes/guard';
import { SubmitButton } from '../../components/form/TextField';
import { CodeField, useOneTimeCode } from './CodeField';

const route = getRouteApi('/two-factor-auth');

function twoFactorErrorKey(error: unknown): string | null {
  if (!isApiRequestError(error)) return 'unexpectedError';
  if (error.kind !== 'http') return CONNECTION_FAILED;
  if (error.status >= 500 && error.status !== 501) return null;
  if (error.status === 429) return 'tooManyAttempts';
  return error.messageKey;
}

export function TwoFactorPage() {
  const { redirect } = route.useSearch();
  const router = useRouter();
  const queryClient = useQueryClient();
  const code = useOneTimeCode();
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hintId = useId();
  const rememberId = useId();
  const expired = error === IAM_MESSAGE.twoFactorExpired;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || expired) return;
    if (!code.complete) {
      setError('account.twoFactor.codeFormat');
      code.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await verifyTwoFactor({ code: code.code, remember });
      // A new session: nothing cached from before may leak into it.
      queryClient.clear();
      clearBreadcrumbs();
      await router.navigate({ href: safeRedirect(redirect) });
    } catch (e) {
      setError(twoFactorErrorKey(e));
      code.retry();
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicFrame testId="two-factor-page">
      <form className="card auth-card" onSubmit={submit} noValidate>
        <h1>
          <FormattedMessage id="account.twoFactor.title" />
        </h1>
        <p className="muted" id={hintId}>
          <FormattedMessage id="account.twoFactor.intro" />
        </p>
        <CodeField code={code} testId="two-factor-code" invalid={error === IAM_MESSAGE.invalidCode} describedBy={hintId} disabled={expired} required autoFocus />
        <div className="field field-check">
          <input
            id={rememberId}
            type="checkbox"
            data-testid="two-factor-remember"
            checked={remember}
            onChange={(e) => setRemember(e.target.checked)}
            disabled={expired}
          />
          <label htmlFor={rememberId}>
            <FormattedMessage id="account.twoFactor.remember" values={{ days: IAM_LIMITS.rememberDeviceDays }} />
          </label>
        </div>
        {error ? (
          <div role="alert" className="form-error" data-testid="two-factor-error">
            <Message value={error} />
            {expired ? (
              <>
                {' '}
                <Link to="/login" search={redirect ? { redirect } : {}} data-testid="two-factor-login">
                  <FormattedMessage id="account.twoFactor.signInAgain" />
                </Link>
              </>
            ) : null}
          </div>
        ) : null}
        <SubmitButton pending={busy} idle="account.twoFactor.submit" busy="account.twoFactor.submitting" testId="two-factor-submit" disabled={expired} block />
        <div className="auth-links">
          <Link to="/login" search={redirect ? { redirect } : {}}>
            <FormattedMessage id="account.backToSignIn" />
          </Link>
        </div>
      </form>
    </PublicFrame>
  );
}
