// /register: name, e-mail, password and its confirmation. The new account has no project yet, so it lands
// on /?force=true, which offers to create one (and explains invites).
import { useQueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { register } from '../../../../runtime/client/account';
import { PublicFrame } from '../../components/PublicFrame';
import { FormMessage, messagesOf, NAME_VALUES, PASSWORD_VALUES, problemOf, SubmitButton, TextField, type FieldMessageMap } from './fields';
import { beginSession } from './session';
import { passwordProblems } from './passwords';

interface Form {
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
}

export function RegisterPage() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>({ name: '', email: '', password: '', password_confirmation: '' });
  const [fields, setFields] = useState<FieldMessageMap>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof Form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const local = passwordProblems(form.password, form.password_confirmation, true);
    if (!form.name.trim()) local.name = ['fieldRequired'];
    if (!form.email.trim()) local.email = ['fieldRequired'];
    if (Object.keys(local).length > 0) {
      setFields(messagesOf(local));
      setMessage('fieldsNotValid');
      return;
    }
    setBusy(true);
    setFields({});
    setMessage(null);
    try {
      await register({ ...form, name: form.name.trim(), email: form.email.trim() });
      // Signed in as the new account, which has no project yet.
      beginSession(queryClient, null);
      await router.navigate({ to: '/', search: { force: true } });
    } catch (error) {
      const problem = problemOf(error);
      setFields(problem.fields);
      setMessage(problem.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicFrame testId="register-page">
      <form className="card auth-card" onSubmit={submit} noValidate>
        <h1>
          <FormattedMessage id="account.register.title" />
        </h1>
        <p className="muted">
          <FormattedMessage id="account.register.intro" />
        </p>
        <TextField
          label={<FormattedMessage id="account.name" />}
          name="name"
          testId="register-name"
          autoComplete="name"
          value={form.name}
          onValue={set('name')}
          errors={fields.name}
          defaults={NAME_VALUES}
          required
          autoFocus
        />
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
        <TextField
          label={<FormattedMessage id="account.password" />}
          name="password"
          type="password"
          testId="register-password"
          autoComplete="new-password"
          value={form.password}
          onValue={set('password')}
          errors={fields.password}
          defaults={PASSWORD_VALUES}
          hint={<FormattedMessage id="account.passwordHint" values={PASSWORD_VALUES} />}
          required
        />
        <TextField
          label={<FormattedMessage id="account.passwordConfirmation" />}
          name="password_confirmation"
          type="password"
          testId="register-password-confirmation"
          autoComplete="new-password"
          value={form.password_confirmation}
          onValue={set('password_confirmation')}
          errors={fields.password_confirmation}
          defaults={PASSWORD_VALUES}
          required
        />
        <FormMessage message={message} testId="register-error" />
        <SubmitButton pending={busy} idle="account.register.submit" busy="account.register.submitting" testId="register-submit" />
        <div className="auth-links">
          <span className="muted">
            <FormattedMessage id="account.register.haveAccount" />
          </span>
          <Link to="/login">
            <FormattedMessage id="common.signIn" />
          </Link>
        </div>
      </form>
    </PublicFrame>
  );
}
