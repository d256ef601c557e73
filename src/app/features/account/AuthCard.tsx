// The parts the public account screens share: the frame with its card and heading, a form in the card,
// an outcome in place of the form (done, or a link that no longer works), and the way back to signing in.
import { Link } from '@tanstack/react-router';
import type { FormEvent, ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { PublicFrame } from '../../components/PublicFrame';
import { SubmitButton } from '../../components/form/TextField';
import { FormMessage } from './fields';

/** The screen's card under its heading; with `onSubmit` the card is the form. */
export function AuthCard({ testId, title, onSubmit, children }: { testId: string; title: string; onSubmit?: (event: FormEvent) => void; children: ReactNode }) {
  const body = (
    <>
      <h1>
        <FormattedMessage id={title} />
      </h1>
      {children}
    </>
  );
  return (
    <PublicFrame testId={testId}>
      {onSubmit ? (
        <form className="card auth-card" onSubmit={onSubmit} noValidate>
          {body}
        </form>
      ) : (
        <div className="card auth-card">{body}</div>
      )}
    </PublicFrame>
  );
}

/** What happened instead of the form: a success, or a link that no longer works; then what to do next. */
export function Outcome({ testId, tone, message, children }: { testId: string; tone: 'success' | 'warning'; message: string; children: ReactNode }) {
  return (
    <div role={tone === 'success' ? 'status' : 'alert'} data-testid={testId}>
      <div className={`callout callout-${tone}`}>
        <p>
          <FormattedMessage id={message} />
        </p>
      </div>
      {children}
    </div>
  );
}

/** The link back to the sign-in page (keeping where it leads after), under a form. */
export function BackToSignIn({ redirect, children }: { redirect?: string; children?: ReactNode }) {
  return (
    <div className="auth-links">
      {children}
      <Link to="/login" search={redirect ? { redirect } : {}}>
        <FormattedMessage id="account.backToSignIn" />
      </Link>
    </div>
  );
}

/** A form in the card: its intro, its fields, what went wrong, the submit button and the way back to signing in. */
export function AuthForm({
  intro,
  onSubmit,
  message,
  busy,
  submit,
  children,
}: {
  intro: string;
  onSubmit: (event: FormEvent) => void;
  message: string | null;
  busy: boolean;
  /** The submit button's message keys and test id. */
  submit: { idle: string; busy: string; testId: string };
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <p className="muted">
        <FormattedMessage id={intro} />
      </p>
      {children}
      <FormMessage message={message} />
      <SubmitButton pending={busy} idle={submit.idle} busy={submit.busy} testId={submit.testId} block />
      <BackToSignIn />
    </form>
  );
}
