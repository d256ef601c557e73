// A menu component's list, create and edit pages until the records screens arrive: names the component.
import { useQuery } from '@tanstack/react-query';
import { useParams, useRouterState } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { componentMenuQueryOptions } from '../../../../../renderers/data/components';
import { AppLink } from '../../../components/AppLink';
import { localeStore } from '../../../../../renderers/ui/prefs';
import { useStore } from '../../../../../renderers/ui/store';
import { truncateTitle } from '../../../../../renderers/ui/truncate';
import { componentLabel, settingsPath } from '../../../../../renderers/ui/componentLabel';
import { findMenuItem, refFromParams, type RefParams } from './menuRef';
import { Clock } from '../../../../../renderers/ui/icons';

export function ComponentNotAvailable() {
  const params = useParams({ strict: false }) as RefParams;
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const locale = useStore(localeStore);
  const menu = useQuery(componentMenuQueryOptions());
  const item = findMenuItem(menu.data, refFromParams(params));
  const name = item ? componentLabel(item, locale) : refFromParams(params);
  return (
    <section className="status-page" data-testid="not-available">
      <p className="status-code" aria-hidden="true">
        <Clock />
      </p>
      <h1 data-testid="component-route-name">{truncateTitle(name)}</h1>
      <p>
        <FormattedMessage id="cmp.route.notAvailable" values={{ name: <strong>{name}</strong>, path: <code>{pathname}</code> }} />
      </p>
      <div className="actions">
        {item && pathname.startsWith('/admin') ? (
          <AppLink className="button" href={settingsPath(item.ref)}>
            <FormattedMessage id="cmp.list.settings" />
          </AppLink>
        ) : null}
        <AppLink className="button" href={pathname.startsWith('/home') ? '/home/home' : '/admin/dashboard'}>
          <FormattedMessage id="common.backToDashboard" />
        </AppLink>
      </div>
    </section>
  );
}
