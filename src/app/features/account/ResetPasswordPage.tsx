// /user/resetpassword/:uuid: a new password and its confirmation. The link is single-use and lasts
// 60 minutes; an old, used or unknown link (resetLinkInvalid) offers to ask for a new one.
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { IAM_MESSAGE } from '../../../../runtime/api/iam';
import { resetPassword } from '../../../../runtime/client/account';
import { PublicFrame } from '../../components/PublicFrame';
import { SubmitButton } from '../../components/form/TextField';
import { FormMessage } from './fields';
import { PasswordFields } from './NewAccountFields';
import { passwordProblems } from './passwords';
import { useAccountForm } from './useAccountForm';

const route = getRouteApi('/user/resetpassword/$uuid');

type Outcome = 'form' | 'done' | 'invalid';

export function ResetPasswordPage() {
  const { uuid } = route.useParams();
  const [outcome, setOutcome] = useState<Outcome>('form');
  const { form, set, fields, message, busy, refuse, send } = useAccountForm({ password: '', confirmation: '' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || refuse(passwordProblems(form.password, form.confirmation, true), null)) return;
    await send(
      async () => {
        await resetPassword({ token: uuid, password: form.password, password_confirmation: form.confirmation });
        setOutcome('done');
      },
      (problem) => {
        if (problem.message !== IAM_MESSAGE.resetLinkInvalid) return false;
        setOutcome('invalid');
        return true;
      },
    );
  };

  return (
    <PublicFrame testId="reset-page">
      <div className="card auth-card">
        <h1>
          <FormattedMessage id="account.reset.title" />
        </h1>
        {outcome === 'done' ? (
          <div role="status" data-testid="reset-done">
            <div className="callout callout-success">
              <p>
                <FormattedMessage id="account.reset.done" />
              </p>
            </div>
            <Link to="/login" className="button button-primary button-block">
              <FormattedMessage id="common.signIn" />
            </Link>
          </div>
        ) : outcome === 'invalid' ? (
          <div role="alert" data-testid="reset-invalid">
            <div className="callout callout-warning">
              <p>
                <FormattedMessage id="resetLinkInvalid" />
              </p>
            </div>
            <Link to="/user/forgotpassword" className="button button-primary button-block">
              <FormattedMessage id="account.reset.requestNew" />
            </Link>
          </div>
        ) : (
          <form onSubmit={submit} noValidate>
            <p className="muted">
              <FormattedMessage id="account.reset.intro" />
            </p>
            <PasswordFields
              prefix="reset"
              label="account.newPassword"
              password={form.password}
              confirmation={form.confirmation}
              onPassword={set('password')}
              onConfirmation={set('confirmation')}
              fields={fields}
              required
              autoFocus
            />
            <FormMessage message={message} />
            <SubmitButton pending={busy} idle="account.reset.submit" busy="account.reset.submitting" testId="reset-submit" block />
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
