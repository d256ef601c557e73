// /login: e-mail and password; 401 'Login failed', 429 too many attempts, two_factor -> /two-factor-auth
// (keeping ?redirect). Links to the forgotten-password and registration screens.
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { login } from '../../../runtime/client/auth';
import { AppLink } from '../components/AppLink';
import { useMessage } from '../../../renderers/ui/Message';
import { PublicFrame } from '../components/PublicFrame';
import { clearBreadcrumbs } from '../routes/breadcrumbs';
import { safeRedirect } from '../routes/guard';
import { loginErrorKey } from './loginError';

const route = getRouteApi('/login');

export function LoginPage() {
  const { redirect } = route.useSearch();
  const router = useRouter();
  const queryClient = useQueryClient();
  const message = useMessage();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailId = useId();
  const passwordId = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const answer = await login({ email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') });
      // A new session: nothing cached from a previous one may leak into it.
      queryClient.clear();
      clearBreadcrumbs();
      if (answer?.two_factor) {
        // The code step keeps where to go afterwards.
        await router.navigate({ to: '/two-factor-auth', search: redirect ? { redirect } : {} });
      } else {
        await router.navigate({ href: safeRedirect(redirect) });
      }
    } catch (e) {
      setError(loginErrorKey(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicFrame testId="login-page">
      <form className="card auth-card" onSubmit={submit} noValidate={false}>
        <h1>
          <FormattedMessage id="login.title" />
        </h1>
        <p className="muted">
          <FormattedMessage id="login.subtitle" />
        </p>
        <div className="field">
          <label htmlFor={emailId} className="field-label">
            <FormattedMessage id="login.email" />
          </label>
          <input id={emailId} name="email" type="email" autoComplete="username" required autoFocus />
        </div>
        <div className="field">
          <label htmlFor={passwordId} className="field-label">
            <FormattedMessage id="login.password" />
          </label>
          <input id={passwordId} name="password" type="password" autoComplete="current-password" required />
        </div>
        {error ? (
          <div role="alert" className="form-error" data-testid="login-error">
            {message(error)}
          </div>
        ) : null}
        <button type="submit" className="button button-primary button-block" data-testid="login-submit" disabled={busy}>
          <FormattedMessage id={busy ? 'login.submitting' : 'login.submit'} />
        </button>
        <div className="auth-links">
          <AppLink href="/user/forgotpassword" data-testid="login-forgot">
            <FormattedMessage id="login.forgot" />
          </AppLink>
          <AppLink href="/register" data-testid="login-register">
            <FormattedMessage id="login.register" />
          </AppLink>
        </div>
      </form>
    </PublicFrame>
  );
}
