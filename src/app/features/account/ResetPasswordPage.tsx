// /user/resetpassword/:uuid: a new password and its confirmation. The link is single-use and lasts
// 60 minutes; an old, used or unknown link (resetLinkInvalid) offers to ask for a new one.
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { IAM_MESSAGE } from '../../../../runtime/api/iam';
import { resetPassword } from '../../../../runtime/client/account';
import { PublicFrame } from '../../components/PublicFrame';
import { FormMessage, messagesOf, PASSWORD_VALUES, problemOf, SubmitButton, TextField, type FieldMessageMap } from './fields';
import { passwordProblems } from './passwords';

const route = getRouteApi('/user/resetpassword/$uuid');

type Outcome = 'form' | 'done' | 'invalid';

export function ResetPasswordPage() {
  const { uuid } = route.useParams();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [outcome, setOutcome] = useState<Outcome>('form');
  const [fields, setFields] = useState<FieldMessageMap>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const local = passwordProblems(password, confirmation, true);
    if (Object.keys(local).length > 0) {
      setFields(messagesOf(local));
      setMessage(null);
      return;
    }
    setBusy(true);
    setFields({});
    setMessage(null);
    try {
      await resetPassword({ token: uuid, password, password_confirmation: confirmation });
      setOutcome('done');
    } catch (error) {
      const problem = problemOf(error);
      if (problem.message === IAM_MESSAGE.resetLinkInvalid) {
        setOutcome('invalid');
        return;
      }
      setFields(problem.fields);
      setMessage(problem.message);
    } finally {
      setBusy(false);
    }
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
            <TextField
              label={<FormattedMessage id="account.newPassword" />}
              name="password"
              type="password"
              testId="reset-password"
              autoComplete="new-password"
              value={password}
              onValue={setPassword}
              errors={fields.password}
              defaults={PASSWORD_VALUES}
              hint={<FormattedMessage id="account.passwordHint" values={PASSWORD_VALUES} />}
              required
              autoFocus
            />
            <TextField
              label={<FormattedMessage id="account.passwordConfirmation" />}
              name="password_confirmation"
              type="password"
              testId="reset-password-confirmation"
              autoComplete="new-password"
              value={confirmation}
              onValue={setConfirmation}
              errors={fields.password_confirmation}
              defaults={PASSWORD_VALUES}
              required
            />
            <FormMessage message={message} />
            <SubmitButton pending={busy} idle="account.reset.submit" busy="account.reset.submitting" testId="reset-submit" />
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
