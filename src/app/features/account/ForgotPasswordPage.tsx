// /user/forgotpassword: asks for an e-mail and always answers the same way, so nobody learns from this
// screen whether an account exists.
import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { IAM_LIMITS } from '../../../../runtime/api/iam';
import { forgotPassword } from '../../../../runtime/client/account';
import { SubmitButton, TextField } from '../../components/form/TextField';
import { AuthCard, BackToSignIn } from './AuthCard';
import { FormMessage } from './fields';
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
      <BackToSignIn />
    </form>
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
