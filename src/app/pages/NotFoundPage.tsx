import { useRouterState } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { AppLink } from '../components/AppLink';

export function NotFoundPage() {
  const path = useRouterState({ select: (s) => s.location.pathname });
  return (
    <section className="status-page" data-testid="not-found">
      <p className="status-code" aria-hidden="true">
        404
      </p>
      <h1>
        <FormattedMessage id="notFound.title" />
      </h1>
      <p className="muted">
        <FormattedMessage id="notFound.body" values={{ path: <code>{path}</code> }} />
      </p>
      <AppLink className="button button-primary" href="/">
        <FormattedMessage id="common.backHome" />
      </AppLink>
    </section>
  );
}
