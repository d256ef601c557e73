// /user/forgotpassword: asks for an e-mail and always answers the same way, so nobody learns from this
// screen whether an account exists.
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { IAM_LIMITS } from '../../../../runtime/api/iam';
import { forgotPassword } from '../../../../runtime/client/account';
import { PublicFrame } from '../../components/PublicFrame';
import { SubmitButton, TextField } from '../../components/form/TextField';
import { FormMessage } from './fields';
import { useAccountForm } from './useAccountForm';

export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, set, fields, message, busy, refuse, send } = useAccountForm({ email: '' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = form.email.trim();
    if (busy || refuse(address ? {} : { email: ['fieldRequired'] })) return;
    await send(async () => {
      await forgotPassword({ email: address });
      setSentTo(address);
    });
  };

  return (
    <PublicFrame testId="forgot-page">
      <div className="card auth-card">
        <h1>
          <FormattedMessage id="account.forgot.title" />
        </h1>
        {sentTo ? (
          <>
            <div role="status" className="callout callout-success" data-testid="forgot-sent">
              <p>
                <FormattedMessage id="account.forgot.sent" values={{ email: <strong>{sentTo}</strong>, minutes: IAM_LIMITS.resetMinutes }} />
              </p>
            </div>
            <p className="muted">
              <FormattedMessage id="account.forgot.sentHint" />
            </p>
            <div className="auth-links">
              <button type="button" className="link-button" onClick={() => setSentTo(null)}>
                <FormattedMessage id="account.forgot.again" />
              </button>
              <Link to="/login">
                <FormattedMessage id="account.backToSignIn" />
              </Link>
            </div>
          </>
        ) : (
          <form onSubmit={submit} noValidate>
            <p className="muted">
              <FormattedMessage id="account.forgot.intro" />
            </p>
            <TextField
              label={<FormattedMessage id="account.email" />}
              name="email"
              type="email"
              testId="forgot-email"
              autoComplete="email"
              value={form.email}
              onValue={set('email')}
              errors={fields.email}
              required
              autoFocus
            />
            <FormMessage message={message} />
            <SubmitButton pending={busy} idle="account.forgot.submit" busy="account.forgot.submitting" testId="forgot-submit" block />
            <div className="auth-links">
              <Link to="/login">
                <FormattedMessage id="account.backToSignIn" />
              </Link>
            </div>
          </form>
        )}
      </div>
    </PublicFrame>
  );
}
