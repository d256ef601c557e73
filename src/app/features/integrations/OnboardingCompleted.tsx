// The dashboard's 'onboarding completed' card (spec section 2's onboarding text pack: completed,
// congratulations): shown to an admin once nothing is left to set up and something was, until they
// dismiss it (the user config entry ONBOARDING_COMPLETED_PATH, data true).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { configApi, entryDataOrUnset } from '../../../../runtime/client/config';
import { ONBOARDING_COMPLETED_PATH } from '../../../../runtime/integrations/onboarding';
import { claimsQueryOptions } from '../../../../renderers/data/queries';
import { FailureText, failureSummary } from '../../components/form/failure';

const dismissedKey = ['config', 'user', ONBOARDING_COMPLETED_PATH] as const;

const readDismissed = async (signal: AbortSignal) => (await entryDataOrUnset(configApi.user(ONBOARDING_COMPLETED_PATH, signal))) === true;

export function OnboardingCompleted() {
  const queryClient = useQueryClient();
  const claims = useQuery(claimsQueryOptions());
  const dismissed = useQuery({ queryKey: dismissedKey, queryFn: ({ signal }) => readDismissed(signal), retry: false });
  const dismiss = useMutation({
    mutationFn: () => configApi.putUser({ path: ONBOARDING_COMPLETED_PATH, data: true, project_uuid: claims.data?.ProjectUUID ?? '' }),
    onSuccess: () => queryClient.setQueryData(dismissedKey, true),
  });
  if (dismissed.data !== false) return null;
  return (
    <section className="card stack" data-testid="onboarding-completed" role="status" aria-labelledby="onboarding-completed-title">
      <div className="required-onboarding-head">
        <h2 id="onboarding-completed-title" className="card-title">
          <FormattedMessage id="onboarding.completed" />
        </h2>
        <button type="button" className="button" data-testid="onboarding-completed-dismiss" disabled={dismiss.isPending} onClick={() => dismiss.mutate()}>
          <FormattedMessage id="onboarding.dismiss" />
        </button>
      </div>
      <p className="muted">
        <FormattedMessage id="onboarding.congratulations" />
      </p>
      <FailureText message={dismiss.isError ? failureSummary(dismiss.error) : null} />
    </section>
  );
}
