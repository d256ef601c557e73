// 404. A component page opened in the environment where the component has no version (a new component
// exists only in dev; the console starts in live) says so and switches in one click, instead of a bare 404.
import { useQuery } from '@tanstack/react-query';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Environment } from '../../../runtime/api/contract';
import { findComponent } from '../../../runtime/client/components';
import { componentsQueryOptions } from '../../../renderers/data/components';
import { componentLabel } from '../../../renderers/ui/componentLabel';
import { environmentStore, localeStore } from '../../../renderers/ui/prefs';
import { useStore } from '../../../renderers/ui/store';
import { AppLink } from '../components/AppLink';
import { useSwitchEnvironment } from '../components/EnvironmentSwitch';
import { recordsAccess } from '../features/components/RecordsLink';

/** The component ref of a component page's path (list, create, edit, settings), else undefined. */
export function componentRefOfPath(path: string): string | undefined {
  const match = /^\/(?:admin|home)\/component\/(.+?)(?:\/create|\/edit\/[^/]+|\/settings)?\/?$/.exec(path);
  return match ? decodeURIComponent(match[1]!) : undefined;
}

function OtherEnvironmentHint({ componentRef }: { componentRef: string }) {
  const env = useStore(environmentStore);
  const locale = useStore(localeStore);
  const intl = useIntl();
  const router = useRouter();
  const switchTo = useSwitchEnvironment();
  // Members without the components list get the plain 404.
  const components = useQuery({ ...componentsQueryOptions(), retry: false });
  const component = components.data ? findComponent(components.data, componentRef) : undefined;
  if (!component) return null;
  const access = recordsAccess(component, env);
  if (access.kind !== 'switch') return null;
  const envName = (e: Environment) => intl.formatMessage({ id: `shell.env.${e}` });
  const go = async () => {
    await switchTo(access.env);
    await router.invalidate();
  };
  return (
    <div className="callout" data-testid="not-found-other-env">
      <p>
        <FormattedMessage id="notFound.onlyIn" values={{ name: <strong>{componentLabel(component, locale)}</strong>, current: envName(env), env: envName(access.env) }} />
      </p>
      <button type="button" className="button button-primary" data-testid="not-found-switch-env" onClick={() => void go()}>
        <FormattedMessage id="notFound.switchTo" values={{ env: envName(access.env) }} />
      </button>
    </div>
  );
}

export function NotFoundPage() {
  const path = useRouterState({ select: (s) => s.location.pathname });
  const ref = componentRefOfPath(path);
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
      {ref ? <OtherEnvironmentHint componentRef={ref} /> : null}
      <AppLink className="button" href="/">
        <FormattedMessage id="common.backHome" />
      </AppLink>
    </section>
  );
}
