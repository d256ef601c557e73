// /user/resetpassword/:uuid: a new password and its confirmation. The link is single-use and lasts
// 60 minutes; an old, used or unknown link (resetLinkInvalid) offers to ask for a new one.
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { IAM_MESSAGE } from '../../../../runtime/api/iam';
import { resetPassword } from '../../../../runtime/client/account';
import { SubmitButton } from '../../components/form/TextField';
import { AuthCard, BackToSignIn, Outcome } from './AuthCard';
import { FormMessage } from './fields';
import { PasswordFields } from './NewAccountFields';
import { passwordProblems } from './passwords';
import { useAccountForm } from './useAccountForm';

const route = getRouteApi('/user/resetpassword/$uuid');

type Result = 'done' | 'invalid';

function PasswordForm({ token, onResult }: { token: string; onResult: (result: Result) => void }) {
  const { form, set, fields, message, busy, refuse, send } = useAccountForm({ password: '', confirmation: '' });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || refuse(passwordProblems(form.password, form.confirmation, true), null)) return;
    await send(
      async () => {
        await resetPassword({ token, password: form.password, password_confirmation: form.confirmation });
        onResult('done');
      },
      (problem) => {
        if (problem.message !== IAM_MESSAGE.resetLinkInvalid) return false;
        onResult('invalid');
        return true;
      },
    );
  };
  return (
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
      <BackToSignIn />
    </form>
  );
}

export function ResetPasswordPage() {
  const { uuid } = route.useParams();
  const [result, setResult] = useState<Result | null>(null);
  return (
    <AuthCard testId="reset-page" title="account.reset.title">
      {result === 'done' ? (
        <Outcome testId="reset-done" tone="success" message="account.reset.done">
          <Link to="/login" className="button button-primary button-block">
            <FormattedMessage id="common.signIn" />
          </Link>
        </Outcome>
      ) : result === 'invalid' ? (
        <Outcome testId="reset-invalid" tone="warning" message="resetLinkInvalid">
          <Link to="/user/forgotpassword" className="button button-primary button-block">
            <FormattedMessage id="account.reset.requestNew" />
          </Link>
        </Outcome>
      ) : (
        <PasswordForm token={uuid} onResult={setResult} />
      )}
    </AuthCard>
  );
}
