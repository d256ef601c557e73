// /register: name, e-mail, password and its confirmation. The new account has no project yet, so it lands
// on /?force=true, which offers to create one (and explains invites).
import { useQueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { register } from '../../../../runtime/client/account';
import { SubmitButton, TextField } from '../../components/form/TextField';
import { AuthCard } from './AuthCard';
import { FormMessage } from './fields';
import { NewAccountFields, newAccountProblems } from './NewAccountFields';
import { beginSession } from './session';
import { useAccountForm } from './useAccountForm';

export function RegisterPage() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { form, set, fields, message, busy, refuse, send } = useAccountForm({ name: '', email: '', password: '', password_confirmation: '' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || refuse(newAccountProblems(form), 'fieldsNotValid')) return;
    await send(async () => {
      await register({ ...form, name: form.name.trim(), email: form.email.trim() });
      // Signed in as the new account, which has no project yet.
      beginSession(queryClient, null);
      await router.navigate({ to: '/', search: { force: true } });
    });
  };

  return (
    <AuthCard testId="register-page" title="account.register.title" onSubmit={submit}>
      <p className="muted">
        <FormattedMessage id="account.register.intro" />
      </p>
      <NewAccountFields prefix="register" form={form} set={set} fields={fields}>
        <TextField
          label={<FormattedMessage id="account.email" />}
          name="email"
          type="email"
          testId="register-email"
          autoComplete="email"
          value={form.email}
          onValue={set('email')}
          errors={fields.email}
          required
        />
      </NewAccountFields>
      <FormMessage message={message} testId="register-error" />
      <SubmitButton pending={busy} idle="account.register.submit" busy="account.register.submitting" testId="register-submit" block />
      <div className="auth-links">
        <span className="muted">
          <FormattedMessage id="account.register.haveAccount" />
        </span>
        <Link to="/login">
          <FormattedMessage id="common.signIn" />
        </Link>
      </div>
    </AuthCard>
  );
}
