// /two-factor-auth: the second sign-in step. A 6-digit code from the authenticator app, and an optional
// "remember this device" (30 days). invalidCode lets the user try again; twoFactorExpired needs a new sign-in.
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import { useId, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { IAM_LIMITS, IAM_MESSAGE } from '../../../../runtime/api/iam';
import { verifyTwoFactor } from '../../../../runtime/client/account';
import { Message } from '../../../../renderers/ui/Message';
import { clearBreadcrumbs } from '../../routes/breadcrumbs';
import { safeRedirect } from '../../routes/guard';
import { SubmitButton } from '../../components/form/TextField';
import { AuthCard, BackToSignIn } from './AuthCard';
import { CodeField, useOneTimeCode } from './CodeField';
import { useAccountForm } from './useAccountForm';

const route = getRouteApi('/two-factor-auth');

function RememberDevice({ checked, onChange, disabled }: { checked: boolean; onChange: (on: boolean) => void; disabled: boolean }) {
  const id = useId();
  return (
    <div className="field field-check">
      <input id={id} type="checkbox" data-testid="two-factor-remember" checked={checked} onChange={(e) => onChange(e.target.checked)} disabled={disabled} />
      <label htmlFor={id}>
        <FormattedMessage id="account.twoFactor.remember" values={{ days: IAM_LIMITS.rememberDeviceDays }} />
      </label>
    </div>
  );
}

/** Why the code was refused; an expired step offers to sign in again. */
function StepError({ message, redirect }: { message: string; redirect: string | undefined }) {
  return (
    <div role="alert" className="form-error" data-testid="two-factor-error">
      <Message value={message} />
      {message === IAM_MESSAGE.twoFactorExpired ? (
        <>
          {' '}
          <Link to="/login" search={redirect ? { redirect } : {}} data-testid="two-factor-login">
            <FormattedMessage id="account.twoFactor.signInAgain" />
          </Link>
        </>
      ) : null}
    </div>
  );
}

export function TwoFactorPage() {
  const { redirect } = route.useSearch();
  const router = useRouter();
  const queryClient = useQueryClient();
  const code = useOneTimeCode();
  const { form, set, message, setMessage, busy, send } = useAccountForm({ remember: false });
  const hintId = useId();
  const expired = message === IAM_MESSAGE.twoFactorExpired;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || expired) return;
    const refusal = code.refusal();
    if (refusal) {
      setMessage(refusal);
      return;
    }
    await send(
      async () => {
        await verifyTwoFactor({ code: code.code, remember: form.remember });
        // A new session: nothing cached from before may leak into it.
        queryClient.clear();
        clearBreadcrumbs();
        await router.navigate({ href: safeRedirect(redirect) });
      },
      (problem) => {
        setMessage(problem.status === 429 ? 'tooManyAttempts' : problem.message);
        code.retry();
        return true;
      },
    );
  };

  return (
    <AuthCard testId="two-factor-page" title="account.twoFactor.title" onSubmit={submit}>
      <p className="muted" id={hintId}>
        <FormattedMessage id="account.twoFactor.intro" />
      </p>
      <CodeField code={code} testId="two-factor-code" invalid={message === IAM_MESSAGE.invalidCode} describedBy={hintId} disabled={expired} required autoFocus />
      <RememberDevice checked={form.remember} onChange={set('remember')} disabled={expired} />
      {message ? <StepError message={message} redirect={redirect} /> : null}
      <SubmitButton pending={busy} idle="account.twoFactor.submit" busy="account.twoFactor.submitting" testId="two-factor-submit" disabled={expired} block />
      <BackToSignIn redirect={redirect} />
    </AuthCard>
  );
}
