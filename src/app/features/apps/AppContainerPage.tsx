// /a/:id, the app container (spec section 1; docs/apps.md): the app's menu and the chosen page's
// blocks, in the version the caller's environment shows. A required, unfinished onboarding shows a
// notice first; an admin finishes it there.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import type { AppWithDefinition } from '../../../../runtime/api/apps';
import { appsApi } from '../../../../runtime/client/apps';
import { appQueryOptions, invalidateApps } from '../../../../renderers/data/apps';
import { claimsQueryOptions } from '../../../../renderers/data/queries';
import { AppLink } from '../../components/AppLink';
import { FailureText, failureSummary } from '../../components/form/failure';
import { LoadError, Loading } from '../../components/LoadState';
import { AppView } from './AppView';
import './apps.css';

function Onboarding({ app }: { app: AppWithDefinition }) {
  const queryClient = useQueryClient();
  const claims = useQuery(claimsQueryOptions());
  const finish = useMutation({ mutationFn: () => appsApi.setOnboarding(app.uuid, true), onSuccess: () => invalidateApps(queryClient) });
  return (
    <section className="card stack app-onboarding" data-testid="app-onboarding" role="status">
      <h2 className="card-title">
        <FormattedMessage id="apps.onboardingTitle" />
      </h2>
      <p>
        <FormattedMessage id="apps.onboardingText" />
      </p>
      <FailureText message={finish.isError ? failureSummary(finish.error) : null} />
      {claims.data?.IsAdmin ? (
        <div className="form-actions">
          <button type="button" className="button button-primary" data-testid="app-onboarding-finish" disabled={finish.isPending} onClick={() => finish.mutate()}>
            <FormattedMessage id="apps.onboardingFinish" />
          </button>
        </div>
      ) : (
        <p className="muted">
          <FormattedMessage id="apps.onboardingWaiting" />
        </p>
      )}
    </section>
  );
}

function Container({ app }: { app: AppWithDefinition }) {
  const waiting = app.onboarding.required && !app.onboarding.finished;
  return <AppView app={app.uuid} label={app.label} definition={app.definition} back="/home/home" notice={waiting ? <Onboarding app={app} /> : null} />;
}

export function AppContainerPage() {
  const { id = '' } = useParams({ strict: false });
  const app = useQuery(appQueryOptions(id));
  if (app.isPending) return <div className="page"><Loading /></div>;
  if (app.isError) {
    return (
      <div className="page" data-testid="app-container-error">
        <LoadError error={app.error} />
        <AppLink href="/home/home">
          <FormattedMessage id="nav.home" />
        </AppLink>
      </div>
    );
  }
  return <Container app={app.data} />;
}
