// A portal's door (docs/public-apps.md "Portals"): sign in, or create an account, with the visitor's
// own e-mail and password; then the pages. The visitor's name and sign-out sit in the header.
import { useId, useState, type FormEvent } from 'react';
import type { PublicVisitor } from '../../../runtime/api/public-apps';
import { CallError, publicApi } from './api';
import { t } from './messages';

export function PortalDoor({ onVisitor }: { onVisitor: (visitor: PublicVisitor) => void }) {
  const id = useId();
  const [mode, setMode] = useState<'login' | 'register'>('login');
  const [values, setValues] = useState({ email: '', name: '', password: '' });
  const [failure, setFailure] = useState<CallError | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setFailure(null);
    try {
      onVisitor(mode === 'login' ? await publicApi.login({ email: values.email, password: values.password }) : await publicApi.register(values));
    } catch (error) {
      setFailure(error instanceof CallError ? error : new CallError(0, 'failed', {}));
    } finally {
      setPending(false);
    }
  };
  const field = (key: 'email' | 'name' | 'password', type: string, autoComplete: string) => (
    <div className="pa-field">
      <label htmlFor={`${id}-${key}`}>{t(key)}</label>
      <input id={`${id}-${key}`} type={type} autoComplete={autoComplete} value={values[key]} onChange={(e) => setValues({ ...values, [key]: e.target.value })} required />
      {failure?.fields[key] ? <p className="pa-error">{failure.fields[key]!.map((message) => t(message)).join(' ')}</p> : null}
    </div>
  );
  return (
    <form className="pa-card pa-form pa-door" onSubmit={submit} noValidate data-testid="portal-door">
      <h2>{mode === 'login' ? t('signIn') : t('signUp')}</h2>
      {field('email', 'email', 'email')}
      {mode === 'register' ? field('name', 'text', 'name') : null}
      {field('password', 'password', mode === 'login' ? 'current-password' : 'new-password')}
      {failure && Object.keys(failure.fields).length === 0 ? <p className="pa-error" role="alert">{t(failure.message)}</p> : null}
      <button type="submit" className="pa-button" disabled={pending} data-testid="portal-submit">
        {mode === 'login' ? t('signIn') : t('signUp')}
      </button>
      <button type="button" className="pa-link" onClick={() => setMode(mode === 'login' ? 'register' : 'login')}>
        {mode === 'login' ? t('newAccount') : t('haveAccount')}
      </button>
    </form>
  );
}
