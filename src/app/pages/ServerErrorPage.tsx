// The server-error page (spec section 2): the /error route and the router's error component.
import { FormattedMessage } from 'react-intl';
import { AppLink } from '../components/AppLink';

export function ServerErrorPage() {
  return (
    <section className="status-page" data-testid="server-error">
      <p className="status-code" aria-hidden="true">
        500
      </p>
      <h1>
        <FormattedMessage id="serverError.title" />
      </h1>
      <p className="muted">
        <FormattedMessage id="serverError.body" />
      </p>
      <AppLink className="button button-primary" href="/">
        <FormattedMessage id="common.backHome" />
      </AppLink>
    </section>
  );
}
