// /admin/app/:id: an app's pages in its dev version, a page added (a title, a component view and/or
// text) or removed, and the ways to its settings and to the app itself.
import { FormattedMessage } from 'react-intl';
import type { AppWithDefinition } from '../../../../runtime/api/apps';
import { AppLink } from '../../components/AppLink';
import { FailureText, failureSummary } from '../../components/form/failure';
import { BackLink, PageHeader } from '../../components/PageHeader';
import './apps.css';
import { AddPage, useBlockSummary, useSaveDefinition } from './pageForms';
import { removePage } from './pageDraft';
import { AppVersionBadge, appContainerHref, appEditorHref, appSettingsHref } from './parts';
import { DevVersionScreen } from './DevVersionScreen';

function Pages({ app, onRemove, pending }: { app: AppWithDefinition; onRemove: (id: string) => void; pending: boolean }) {
  const summary = useBlockSummary();
  if (app.definition.pages.length === 0) {
    return (
      <p className="muted" data-testid="app-no-pages">
        <FormattedMessage id="apps.noPages" />
      </p>
    );
  }
  return (
    <ul className="app-pages">
      {app.definition.pages.map((page) => (
        <li key={page.id} className="app-page-row" data-testid="app-page-row" data-page={page.id}>
          <strong>{page.title}</strong> <code>/{page.path}</code>
          <span className="muted">
            {' '}
            {page.blocks.map(summary).join(' · ')}
          </span>
          <button type="button" className="button button-small button-ghost" disabled={pending} data-testid="app-page-remove" onClick={() => onRemove(page.id)}>
            <FormattedMessage id="apps.remove" />
          </button>
        </li>
      ))}
    </ul>
  );
}

export function AppPage() {
  return <DevVersionScreen>{(app) => <AppOverview app={app} />}</DevVersionScreen>;
}

function AppOverview({ app }: { app: AppWithDefinition }) {
  const save = useSaveDefinition(app);
  return (
    <div className="page stack" data-testid="app-page">
      <PageHeader title={<span data-testid="app-title">{app.label}</span>}>
        <BackLink href="/admin/app" label="apps.title" />
        <AppLink className="button" href={appEditorHref(app.uuid)} data-testid="app-editor-link">
          <FormattedMessage id="apps.editor" />
        </AppLink>
        <AppLink className="button" href={appSettingsHref(app.uuid)} data-testid="app-settings-link">
          <FormattedMessage id="apps.settings" />
        </AppLink>
        <AppLink className="button button-primary" href={appContainerHref(app.uuid)} data-testid="app-open">
          <FormattedMessage id="apps.open" />
        </AppLink>
      </PageHeader>
      <p className="muted">
        <code>{app.name}</code> · <FormattedMessage id="apps.dev" /> <AppVersionBadge version={app.dev_version} /> · <FormattedMessage id="apps.live" />{' '}
        <AppVersionBadge version={app.public_version} tone="success" />
      </p>
      <section className="card stack" aria-labelledby="app-pages-title">
        <h2 id="app-pages-title" className="card-title">
          <FormattedMessage id="apps.pagesOf" values={{ version: app.version }} />
        </h2>
        <Pages app={app} pending={save.isPending} onRemove={(page) => save.mutate(removePage(app.definition, page))} />
        <FailureText message={save.isError ? failureSummary(save.error) : null} />
      </section>
      <AddPage definition={app.definition} pending={save.isPending} onAdd={(definition) => save.mutate(definition)} />
    </div>
  );
}
