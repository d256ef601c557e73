// /user/forgotpassword: asks for an e-mail and always answers the same way, so nobody learns from this
// screen whether an account exists.
import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { IAM_LIMITS } from '../../../../runtime/api/iam';
import { forgotPassword } from '../../../../runtime/client/account';
import { TextField } from '../../components/form/TextField';
import { AuthCard, AuthForm, BackToSignIn } from './AuthCard';
import { useAccountForm } from './useAccountForm';

/** Where the link went (if an account has that address), and asking again for another address. */
function Sent({ email, onAgain }: { email: string; onAgain: () => void }) {
  return (
    <>
      <div role="status" className="callout callout-success" data-testid="forgot-sent">
        <p>
          <FormattedMessage id="account.forgot.sent" values={{ email: <strong>{email}</strong>, minutes: IAM_LIMITS.resetMinutes }} />
        </p>
      </div>
      <p className="muted">
        <FormattedMessage id="account.forgot.sentHint" />
      </p>
      <BackToSignIn>
        <button type="button" className="link-button" onClick={onAgain}>
          <FormattedMessage id="account.forgot.again" />
        </button>
      </BackToSignIn>
    </>
  );
}

type EmailController = ReturnType<typeof useAccountForm<{ email: string }>>;

/** The address asked for; its controller lives in the page, so asking again shows the address sent to. */
function EmailForm({ controller, onSent }: { controller: EmailController; onSent: (email: string) => void }) {
  const { form, set, fields, message, busy, refuse, send } = controller;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = form.email.trim();
    if (busy || refuse(address ? {} : { email: ['fieldRequired'] })) return;
    await send(async () => {
      await forgotPassword({ email: address });
      onSent(address);
    });
  };
  return (
    <AuthForm intro="account.forgot.intro" onSubmit={submit} message={message} busy={busy} submit={{ idle: 'account.forgot.submit', busy: 'account.forgot.submitting', testId: 'forgot-submit' }}>
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
    </AuthForm>
  );
}

export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const controller = useAccountForm({ email: '' });
  return (
    <AuthCard testId="forgot-page" title="account.forgot.title">
      {sentTo ? <Sent email={sentTo} onAgain={() => setSentTo(null)} /> : <EmailForm controller={controller} onSent={setSentTo} />}
    </AuthCard>
  );
}
