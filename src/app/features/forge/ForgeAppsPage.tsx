// /admin/forge (list and a new app) and /admin/forge/create (the new app alone): forge apps are
// bundles a developer uploads (docs/forge.md); the new app's page opens next to upload a release.
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { FORGE_NAME_PATTERN, type ForgeApp } from '../../../../runtime/api/forge';
import { forgeApi } from '../../../../runtime/client/forge';
import { forgeAppsQueryOptions, forgeKeys, invalidateForge } from '../../../../renderers/data/forge';
import { LayoutGrid } from '../../../../renderers/ui/icons';
import { AppLink } from '../../components/AppLink';
import { NewAppForm } from '../apps/NewAppForm';
import type { ListColumn } from '../../components/list/AdminTable';
import { ListPage } from '../../components/list/ListPage';
import { PageHeader } from '../../components/PageHeader';
import './forge.css';

export const forgeHref = (uuid: string) => `/admin/forge/${encodeURIComponent(uuid)}`;

const liveNumber = (app: ForgeApp) => app.releases.find((release) => release.uuid === app.live_release)?.number ?? null;

const COLUMNS: ListColumn<ForgeApp>[] = [
  { id: 'name', header: 'apps.name', cell: (app) => <AppLink href={forgeHref(app.uuid)}>{app.name}</AppLink> },
  { id: 'label', header: 'apps.label', cell: (app) => app.label },
  { id: 'releases', header: 'forge.releases', cell: (app) => app.releases.length },
  {
    id: 'live',
    header: 'apps.live',
    cell: (app) => {
      const live = liveNumber(app);
      return live === null ? <span className="muted">—</span> : <span className="badge badge-success">#{live}</span>;
    },
  },
];

export function CreateForgeApp() {
  return (
    <NewAppForm<ForgeApp>
      prefix="forge"
      title="forge.new"
      namePattern={FORGE_NAME_PATTERN}
      nameRule="appNameRule"
      create={forgeApi.create}
      saved={{ cache: (uuid) => forgeKeys.one(uuid), refresh: invalidateForge, next: (app) => forgeHref(app.uuid) }}
    />
  );
}

export function ForgeAppsPage() {
  const apps = useQuery(forgeAppsQueryOptions());
  return (
    <ListPage
      title="nav.forge"
      intro={
        <>
          <p className="muted">
            <FormattedMessage id="forge.intro" />
          </p>
          <CreateForgeApp />
        </>
      }
      sectionTestId="forge-list"
      query={apps}
      columns={COLUMNS}
      rowTestId="forge-row"
      rowAttributes={(app) => ({ 'data-name': app.name })}
      empty={{ testId: 'forge-empty', icon: <LayoutGrid />, title: 'forge.empty', hint: 'forge.intro' }}
    />
  );
}

export function ForgeCreatePage() {
  return (
    <div className="page stack">
      <PageHeader title={<FormattedMessage id="forge.new" />} />
      <p className="muted">
        <FormattedMessage id="forge.intro" />
      </p>
      <CreateForgeApp />
    </div>
  );
}
