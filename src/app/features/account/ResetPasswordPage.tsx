// /user/resetpassword/:uuid: a new password and its confirmation. The link is single-use and lasts
// 60 minutes; an old, used or unknown link (resetLinkInvalid) offers to ask for a new one.
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { IAM_MESSAGE } from '../../../../runtime/api/iam';
import { resetPassword } from '../../../../runtime/client/account';
import { AuthCard, AuthForm, Outcome } from './AuthCard';
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
    <AuthForm intro="account.reset.intro" onSubmit={submit} message={message} busy={busy} submit={{ idle: 'account.reset.submit', busy: 'account.reset.submitting', testId: 'reset-submit' }}>
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
    </AuthForm>
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
