// The environment the console reads and writes (dev or live, spec "Environment is dev or live"), shown in
// the header apart from the live-updates indicator, and the one way to switch it: everything cached
// belongs to the other environment afterwards, so it is all read again (the menu first, which gates
// the component routes).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useId } from 'react';
import { useIntl } from 'react-intl';
import { ENVIRONMENTS, type Environment } from '../../../runtime/api/contract';
import { componentMenuQueryOptions } from '../../../renderers/data/components';
import { environmentStore, setEnvironment } from '../../../renderers/ui/prefs';
import { useStore } from '../../../renderers/ui/store';

export function useSwitchEnvironment(): (next: Environment) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (next: Environment) => {
      setEnvironment(next);
      await queryClient.invalidateQueries();
      await queryClient.fetchQuery(componentMenuQueryOptions());
    },
    [queryClient],
  );
}

/** The header's environment pill: a select reading "Dev" or "Live", labelled "Environment". */
export function EnvironmentPill() {
  const env = useStore(environmentStore);
  const switchTo = useSwitchEnvironment();
  const intl = useIntl();
  const id = useId();
  return (
    <div className={`env-pill env-${env}`} data-testid="header-env" data-env={env} title={intl.formatMessage({ id: 'shell.environmentHint' })}>
      <label htmlFor={id} className="env-pill-label">
        {intl.formatMessage({ id: 'dashboard.environment' })}
      </label>
      <select id={id} value={env} onChange={(event) => void switchTo(event.target.value as Environment)} data-testid="header-env-select">
        {ENVIRONMENTS.map((e) => (
          <option key={e} value={e}>
            {intl.formatMessage({ id: `shell.env.${e}` })}
          </option>
        ))}
      </select>
    </div>
  );
}
