// An integration's onboarding (spec section 4: 'required onboarding' covers integrations not onboarded):
// whether it is finished, and Finish onboarding for those who may change it. The server refuses it
// until the required settings are saved (417 at settings.{key}), and the messages say which.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import type { CatalogueEntry, Integration } from '../../../../runtime/api/integrations';
import { integrationsApi } from '../../../../runtime/client/integrations';
import { integrationKeys } from '../../../../renderers/data/integrations';
import { showToast } from '../../../../renderers/ui/toast';
import { FailureText, failureSummary } from '../../components/form/failure';
import { isApiRequestError } from '../../../../runtime/client/errors';
import { isMessageKey } from '../../../../runtime/i18n';
import { useMessage } from '../../../../renderers/ui/Message';

export function OnboardingSection({ entry, installed, name, canChange }: { entry: CatalogueEntry; installed: Integration; name: string; canChange: boolean }) {
  const queryClient = useQueryClient();
  const message = useMessage();
  const title = (key: string) => {
    const id = `integrations.setting.${entry.id}.${key}`;
    return isMessageKey(id) ? message(id) : (entry.settings_schema.properties[key]?.title ?? key);
  };
  const finish = useMutation({
    mutationFn: () => integrationsApi.update({ id: entry.id, onboarded: true }),
    onSuccess: async () => {
      showToast('integrations.onboardedToast', 'success', undefined, { name });
      await queryClient.invalidateQueries({ queryKey: integrationKeys.all });
    },
  });
  // Which settings onboarding still needs: '{setting}: {message}' in the viewer's language.
  const missing = finish.error && isApiRequestError(finish.error) ? finish.error.fieldErrors.flatMap((error) => error.messages.map((text) => `${title(error.field.replace(/^settings\./, ''))}: ${isMessageKey(text) ? message(text) : text}`)) : [];
  return (
    <section className="card stack" aria-labelledby="integration-onboarding" data-testid="integration-onboarding" data-onboarded={installed.onboarded}>
      <h2 id="integration-onboarding" className="integration-section-title">
        <FormattedMessage id="integrations.onboarding" />
      </h2>
      <div className="integration-onboarding">
        <p className={installed.onboarded ? '' : 'muted'}>
          <FormattedMessage id={installed.onboarded ? 'integrations.onboardingDone' : 'integrations.onboardingNeeded'} />
        </p>
        {canChange && !installed.onboarded ? (
          <button type="button" className="button button-primary" data-testid="integration-finish-onboarding" disabled={finish.isPending} onClick={() => finish.mutate()}>
            <FormattedMessage id="integrations.finishOnboarding" />
          </button>
        ) : null}
      </div>
      <FailureText message={finish.isError ? failureSummary(finish.error) : null} />
      {missing.length > 0 ? (
        <ul className="form-error" data-testid="integration-onboarding-missing">
          {missing.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
