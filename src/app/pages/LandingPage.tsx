// The landing page '/': product intro; with ?force=true (the entry guard found no project) an explanation.
import { getRouteApi } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { AppLink } from '../components/AppLink';
import { PublicFrame } from '../components/PublicFrame';

const route = getRouteApi('/');

export function LandingPage() {
  const { force } = route.useSearch();
  return (
    <PublicFrame wide testId="landing">
      <section className="landing">
        {force ? (
          <div className="callout callout-warning" role="alert" data-testid="no-project">
            <h2>
              <FormattedMessage id="landing.noProject.title" />
            </h2>
            <p>
              <FormattedMessage id="landing.noProject.body" />
            </p>
          </div>
        ) : null}
        <p className="eyebrow">
          <FormattedMessage id="app.tagline" />
        </p>
        <h1>
          <FormattedMessage id="landing.title" />
        </h1>
        <p className="lead">
          <FormattedMessage id="landing.intro" />
        </p>
        <ul className="features">
          <li>
            <FormattedMessage id="landing.feature.components" />
          </li>
          <li>
            <FormattedMessage id="landing.feature.workflows" />
          </li>
          <li>
            <FormattedMessage id="landing.feature.media" />
          </li>
        </ul>
        <div className="actions">
          <AppLink className="button button-primary" href="/login" data-testid="landing-sign-in">
            <FormattedMessage id="common.signIn" />
          </AppLink>
          {force ? null : (
            <AppLink className="button" href="/admin/dashboard">
              <FormattedMessage id="landing.openConsole" />
            </AppLink>
          )}
        </div>
      </section>
    </PublicFrame>
  );
}
