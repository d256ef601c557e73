// The dashboard's 'required onboarding' card (spec section 4): what is installed but not set up yet,
// with a link to each; admins may pause it for the whole project (the project config entry
// 'onboarding', written with PUT /v1/config/ and read with POST /v1/config/get), after the pause
// warning, and resume it. It opens with the onboarding welcome. Nothing to onboard: no card, or for an
// admin once everything is set up, the 'onboarding completed' card (OnboardingCompleted.tsx).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { configApi, entryDataOrUnset } from '../../../../runtime/client/config';
import { isOnboardingPaused, ONBOARDING_CONFIG_PATH, onboardingCompleted, requiredOnboarding } from '../../../../runtime/integrations/onboarding';
import { appsQueryOptions } from '../../../../renderers/data/apps';
import { integrationsQueryOptions } from '../../../../renderers/data/integrations';
import { claimsQueryOptions } from '../../../../renderers/data/queries';
import { Dialog } from '../../../../renderers/ui/Dialog';
import './integrations.css';
import { AppLink } from '../../components/AppLink';
import { FailureText, failureSummary } from '../../components/form/failure';
import { OnboardingCompleted } from './OnboardingCompleted';

const pausedKey = ['config', 'project', ONBOARDING_CONFIG_PATH] as const;

/** Whether onboarding is paused in the project: an unset entry (404) is not. */
const readPaused = async (signal: AbortSignal) => isOnboardingPaused(await entryDataOrUnset(configApi.project(ONBOARDING_CONFIG_PATH, signal)));

export function RequiredOnboarding() {
  const queryClient = useQueryClient();
  const claims = useQuery(claimsQueryOptions());
  const admin = claims.data?.IsAdmin === true;
  const integrations = useQuery(integrationsQueryOptions());
  const apps = useQuery({ ...appsQueryOptions(), enabled: admin });
  const paused = useQuery({ queryKey: pausedKey, queryFn: ({ signal }) => readPaused(signal), retry: false });
  const [asking, setAsking] = useState(false);
  const change = useMutation({
    mutationFn: (next: boolean) => configApi.putProject({ path: ONBOARDING_CONFIG_PATH, data: { paused: next }, project_uuid: claims.data?.ProjectUUID ?? '' }),
    onSuccess: async () => {
      setAsking(false);
      await queryClient.invalidateQueries({ queryKey: pausedKey });
    },
  });
  const items = requiredOnboarding(integrations.data, apps.data);
  if (items.length === 0) {
    const known = integrations.isSuccess && apps.isSuccess;
    return admin && known && onboardingCompleted(integrations.data, apps.data) ? <OnboardingCompleted /> : null;
  }
  if (paused.isPending || paused.isError) return null;
  if (paused.data) {
    return (
      <section className="card integration-onboarding" data-testid="required-onboarding" data-paused="true">
        <p className="muted">
          <FormattedMessage id="onboarding.paused" values={{ count: items.length }} />
        </p>
        {admin ? (
          <button type="button" className="button" data-testid="onboarding-resume" disabled={change.isPending} onClick={() => change.mutate(false)}>
            <FormattedMessage id="onboarding.resume" />
          </button>
        ) : null}
      </section>
    );
  }
  return (
    <section className="card stack" data-testid="required-onboarding" data-paused="false" aria-labelledby="required-onboarding-title">
      <div className="required-onboarding-head">
        <h2 id="required-onboarding-title" className="card-title">
          <FormattedMessage id="integrations.requiredOnboarding" />
        </h2>
        {admin ? (
          <button type="button" className="button" data-testid="onboarding-pause" onClick={() => setAsking(true)}>
            <FormattedMessage id="onboarding.pause" />
          </button>
        ) : null}
      </div>
      <p>
        <FormattedMessage id="onboarding.welcome" />
      </p>
      <p className="muted">
        <FormattedMessage id="integrations.requiredOnboardingHint" />
      </p>
      <ul className="stack required-onboarding-list">
        {items.map((item) => (
          <li key={`${item.kind}-${item.id}`} data-testid="onboarding-item" data-kind={item.kind}>
            <AppLink href={item.href}>{item.label}</AppLink>
          </li>
        ))}
      </ul>
      <Dialog open={asking} title={<FormattedMessage id="onboarding.pauseTitle" />} onClose={() => setAsking(false)} testId={asking ? 'confirm-dialog' : undefined}>
        <p>
          <FormattedMessage id="onboarding.pauseWarning" />
        </p>
        <FailureText message={change.isError ? failureSummary(change.error) : null} />
        <div className="modal-actions">
          <button type="button" className="button" data-testid="confirm-cancel" onClick={() => setAsking(false)}>
            <FormattedMessage id="common.cancel" />
          </button>
          <button type="button" className="button button-primary" data-testid="confirm-accept" disabled={change.isPending} onClick={() => change.mutate(true)}>
            <FormattedMessage id="onboarding.pause" />
          </button>
        </div>
      </Dialog>
    </section>
  );
}
