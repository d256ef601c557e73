// The landing page '/': product intro. With ?force=true (the entry guard found the console closed) a signed-in
// user with no project, no role in the workspace or no role at all gets the server's reason explained and can
// create a project or sign out; signed-out visitors see the intro.
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { isApiRequestError } from '../../../runtime/client/errors';
import type { NoAccessReason } from '../../../runtime/api/contract';
import { claimsQueryOptions } from '../../../renderers/data/queries';
import { AppLink } from '../components/AppLink';
import { PublicFrame } from '../components/PublicFrame';
import { NoProjectMessage } from '../features/account/NoProjectMessage';
import { browserStorage, STORAGE_KEY } from '../../../runtime/client/storage';

const route = getRouteApi('/');

/** Why a signed-in user cannot open the console, as the server names it in the claims: null when signed out or
 * all is well, undefined while asking. */
function useNoAccessReason(enabled: boolean): NoAccessReason | null | undefined {
  const claims = useQuery({ ...claimsQueryOptions(), enabled });
  const staleProject = claims.isError && isApiRequestError(claims.error) && claims.error.status === 403;
  const { refetch } = claims;
  useEffect(() => {
    // A stored project that is no longer the user's answers 403: forget it and ask again.
    if (!staleProject || !browserStorage.getItem(STORAGE_KEY.projectUuid)) return;
    browserStorage.removeItem(STORAGE_KEY.projectUuid);
    browserStorage.removeItem(STORAGE_KEY.workspaceUuid);
    void refetch();
  }, [staleProject, refetch]);
  if (!enabled) return null;
  if (claims.isPending || (claims.isError && claims.isFetching)) return undefined;
  if (!claims.isSuccess) return null;
  return claims.data.NoAccess ?? (claims.data.ProjectUUID ? null : 'noProject');
}

export function LandingPage() {
  const { force } = route.useSearch();
  const reason = useNoAccessReason(!!force);
  return (
    <PublicFrame wide testId="landing">
      <section className="landing">
        {reason ? <NoProjectMessage reason={reason} /> : null}
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
        {reason !== null ? null : (
          <div className="actions">
            <AppLink className="button button-primary" href="/login" data-testid="landing-sign-in">
              <FormattedMessage id="common.signIn" />
            </AppLink>
            <AppLink className="button" href="/register">
              <FormattedMessage id="login.register" />
            </AppLink>
            {force ? null : (
              <AppLink className="button" href="/admin/dashboard">
                <FormattedMessage id="landing.openConsole" />
              </AppLink>
            )}
          </div>
        )}
      </section>
    </PublicFrame>
  );
}
