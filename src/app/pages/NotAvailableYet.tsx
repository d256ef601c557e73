// The one page every route whose screen arrives in a later issue renders.
import { useMatches, useRouterState } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { AppLink } from '../components/AppLink';
import { Clock } from '../../../renderers/ui/icons';

export function NotAvailableYet() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const route = useMatches({ select: (matches) => String(matches.at(-1)?.fullPath ?? pathname) });
  const isAdmin = pathname.startsWith('/admin') || pathname.startsWith('/home');
  return (
    <section className="status-page" data-testid="not-available">
      <p className="status-code" aria-hidden="true">
        <Clock />
      </p>
      <h1>
        <FormattedMessage id="notAvailable.title" />
      </h1>
      <p>
        <FormattedMessage id="notAvailable.body" values={{ path: <code>{pathname}</code> }} />
      </p>
      <p className="muted">
        <FormattedMessage id="notAvailable.route" values={{ route: <code>{route.replace(/(.)\/$/, '$1')}</code> }} />
      </p>
      <AppLink className="button" href={isAdmin ? '/admin/dashboard' : '/'}>
        <FormattedMessage id={isAdmin ? 'common.backToDashboard' : 'common.backHome'} />
      </AppLink>
    </section>
  );
}
