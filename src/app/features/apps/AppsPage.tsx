// /admin/app: the project's platform apps with the version each environment shows, and a new app's
// name and label (its page opens next to add pages).
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { APP_MESSAGE, APP_NAME_PATTERN, type App, type AppWithDefinition } from '../../../../runtime/api/apps';
import { appsApi } from '../../../../runtime/client/apps';
import { appKeys, appsQueryOptions, invalidateApps } from '../../../../renderers/data/apps';
import { LayoutGrid } from '../../../../renderers/ui/icons';
import { AppLink } from '../../components/AppLink';
import type { ListColumn } from '../../components/list/AdminTable';
import { ListPage } from '../../components/list/ListPage';
import { NewAppForm } from './NewAppForm';
import { AppVersionBadge, appHref } from './parts';

const COLUMNS: ListColumn<App>[] = [
  { id: 'name', header: 'apps.name', cell: (app) => <AppLink href={appHref(app.uuid)}>{app.name}</AppLink> },
  { id: 'label', header: 'apps.label', cell: (app) => app.label },
  { id: 'dev', header: 'apps.dev', cell: (app) => <AppVersionBadge version={app.dev_version} /> },
  { id: 'live', header: 'apps.live', cell: (app) => <AppVersionBadge version={app.public_version} tone="success" /> },
];

function CreateApp() {
  return (
    <NewAppForm<AppWithDefinition>
      prefix="app"
      title="apps.new"
      namePattern={APP_NAME_PATTERN}
      nameRule={APP_MESSAGE.nameRule}
      create={appsApi.create}
      saved={{ cache: (uuid) => appKeys.one(uuid, undefined), refresh: invalidateApps, next: (app) => appHref(app.uuid) }}
    />
  );
}

export function AppsPage() {
  const apps = useQuery(appsQueryOptions());
  return (
    <ListPage
      title="apps.title"
      intro={
        <>
          <p className="muted">
            <FormattedMessage id="apps.intro" />
          </p>
          <CreateApp />
        </>
      }
      sectionTestId="app-list"
      query={apps}
      columns={COLUMNS}
      rowTestId="app-row"
      rowAttributes={(app) => ({ 'data-name': app.name })}
      empty={{ testId: 'app-empty', icon: <LayoutGrid />, title: 'apps.empty', hint: 'apps.intro' }}
    />
  );
}
