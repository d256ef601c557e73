// /app (the project's apps this environment shows, and the playground), /app/:id (an app's dev
// version previewed, deployed or not) and /app/playground (a scratch app: pages edited and seen at
// once, never saved) (docs/apps.md "The screens").
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { EMPTY_APP_DEFINITION, type AppDefinition } from '../../../../runtime/api/apps';
import { allAppsQueryOptions } from '../../../../renderers/data/apps';
import { EmptyState } from '../../../../renderers/ui/EmptyState';
import { Blocks } from '../../../../renderers/ui/icons';
import { AppLink } from '../../components/AppLink';
import { TileList } from '../../components/Tile';
import { homeTiles } from '../../components/tileModel';
import { PageHeader } from '../../components/PageHeader';
import { LoadError, Loading } from '../../components/LoadState';
import { PagesEditor } from './AppEditorPage';
import { AppView } from './AppView';
import { DevVersionScreen } from './DevVersionScreen';
import './apps.css';

export function AppsLauncherPage() {
  const apps = useQuery(allAppsQueryOptions());
  return (
    <div className="page stack app-standalone" data-testid="apps-launcher">
      <PageHeader title={<FormattedMessage id="apps.title" />}>
        <AppLink className="button" href="/home/home">
          <FormattedMessage id="nav.home" />
        </AppLink>
        <AppLink className="button button-primary" href="/app/playground" data-testid="apps-playground-link">
          <FormattedMessage id="apps.playground" />
        </AppLink>
      </PageHeader>
      {apps.isPending ? (
        <Loading />
      ) : apps.isError ? (
        <LoadError error={apps.error} />
      ) : apps.data.length === 0 ? (
        <EmptyState testId="apps-launcher-empty" icon={<Blocks />} title={<FormattedMessage id="apps.empty" />} hint={<FormattedMessage id="apps.intro" />} />
      ) : (
        <TileList tiles={homeTiles(apps.data, [])} />
      )}
    </div>
  );
}

export function AppPreviewPage() {
  return (
    <DevVersionScreen>
      {(app) => (
        <div data-testid="app-preview">
          <p className="app-preview-banner" role="status">
            <FormattedMessage id="apps.previewOf" values={{ version: app.version }} />
          </p>
          <AppView app={app.uuid} label={app.label} definition={app.definition} back={`/app/editor/${encodeURIComponent(app.uuid)}`} />
        </div>
      )}
    </DevVersionScreen>
  );
}

export function AppPlaygroundPage() {
  const [draft, setDraft] = useState<AppDefinition>(EMPTY_APP_DEFINITION);
  return (
    <div className="page stack app-standalone" data-testid="app-playground">
      <PageHeader title={<FormattedMessage id="apps.playground" />}>
        <AppLink className="button" href="/app">
          <FormattedMessage id="apps.title" />
        </AppLink>
      </PageHeader>
      <p className="muted">
        <FormattedMessage id="apps.playgroundIntro" />
      </p>
      <PagesEditor draft={draft} onChange={setDraft} />
      <AppView app="playground" label="Playground" definition={draft} back="/app" framed testId="app-playground-view" />
    </div>
  );
}
