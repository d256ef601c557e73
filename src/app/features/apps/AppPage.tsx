// /admin/app/:id: an app's pages in its dev version, a page added (a title, a component view and/or
// text) or removed, and the ways to its settings and to the app itself.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { APP_ENTRYPOINTS, type AppDefinition, type AppEntrypoint, type AppWithDefinition } from '../../../../runtime/api/apps';
import { appsApi } from '../../../../runtime/client/apps';
import { appKeys, appQueryOptions, invalidateApps } from '../../../../renderers/data/apps';
import { componentsQueryOptions } from '../../../../renderers/data/components';
import { componentLabel } from '../../../../renderers/ui/componentLabel';
import { localeStore } from '../../../../renderers/ui/prefs';
import { useStore } from '../../../../renderers/ui/store';
import { showToast } from '../../../../renderers/ui/toast';
import { AppLink } from '../../components/AppLink';
import { FailureText, failureSummary } from '../../components/form/failure';
import { BackLink, PageHeader } from '../../components/PageHeader';
import { LoadError, Loading } from '../../components/LoadState';
import './apps.css';
import { addPage, removePage, type PageDraft } from './pageDraft';
import { AppVersionBadge, appContainerHref, appSettingsHref } from './parts';

const EMPTY_DRAFT: PageDraft = { title: '', component: '', entrypoint: 'list', text: '' };

function useSaveDefinition(app: AppWithDefinition) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (definition: AppDefinition) => appsApi.saveDefinition(app.uuid, app.version, definition),
    onSuccess: async (saved) => {
      queryClient.setQueryData(appKeys.one(app.uuid, undefined), saved);
      await invalidateApps(queryClient);
      showToast('apps.saved', 'success');
    },
  });
}

function AddPage({ app, onAdd, pending }: { app: AppWithDefinition; onAdd: (definition: AppDefinition) => void; pending: boolean }) {
  const [draft, setDraft] = useState(EMPTY_DRAFT);
  const components = useQuery(componentsQueryOptions());
  const locale = useStore(localeStore);
  const ids = { title: useId(), component: useId(), entrypoint: useId(), text: useId() };
  const set = <K extends keyof PageDraft>(key: K, value: PageDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  return (
    <form
      className="card form"
      data-testid="app-add-page"
      onSubmit={(e) => {
        e.preventDefault();
        if (!draft.title.trim()) return;
        onAdd(addPage(app.definition, draft));
        setDraft(EMPTY_DRAFT);
      }}
    >
      <h2 className="card-title">
        <FormattedMessage id="apps.addPage" />
      </h2>
      <div className="field">
        <label className="field-label" htmlFor={ids.title}>
          <FormattedMessage id="apps.pageTitle" />
        </label>
        <input id={ids.title} required maxLength={100} data-testid="app-page-title" value={draft.title} onChange={(e) => set('title', e.target.value)} />
      </div>
      <div className="row">
        <div className="field grow">
          <label className="field-label" htmlFor={ids.component}>
            <FormattedMessage id="apps.pageComponent" />
          </label>
          <select id={ids.component} data-testid="app-page-component" value={draft.component} onChange={(e) => set('component', e.target.value)}>
            <option value="">—</option>
            {(components.data ?? []).map((component) => (
              <option key={component.uuid} value={component.ref}>
                {componentLabel(component, locale)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={ids.entrypoint}>
            <FormattedMessage id="apps.pageEntrypoint" />
          </label>
          <select id={ids.entrypoint} data-testid="app-page-entrypoint" value={draft.entrypoint} onChange={(e) => set('entrypoint', e.target.value as AppEntrypoint)}>
            {APP_ENTRYPOINTS.map((entrypoint) => (
              <option key={entrypoint} value={entrypoint}>
                {entrypoint}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={ids.text}>
          <FormattedMessage id="apps.pageText" />
        </label>
        <textarea id={ids.text} rows={3} data-testid="app-page-text" value={draft.text} onChange={(e) => set('text', e.target.value)} />
      </div>
      <div className="form-actions">
        <button type="submit" className="button button-primary" data-testid="app-page-add" disabled={pending || !draft.title.trim()}>
          <FormattedMessage id="apps.addPage" />
        </button>
      </div>
    </form>
  );
}

function Pages({ app, onRemove, pending }: { app: AppWithDefinition; onRemove: (id: string) => void; pending: boolean }) {
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
            {page.blocks.map((block) => (block.kind === 'component' ? `${block.ref} (${block.entrypoint ?? 'list'})` : 'text')).join(', ')}
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
  const { id = '' } = useParams({ strict: false });
  const app = useQuery(appQueryOptions(id));
  if (app.isPending) return <div className="page"><Loading /></div>;
  if (app.isError) {
    return (
      <div className="page">
        <PageHeader title={<FormattedMessage id="apps.title" />}>
          <BackLink href="/admin/app" label="apps.title" />
        </PageHeader>
        <LoadError error={app.error} />
      </div>
    );
  }
  return <AppOverview app={app.data} />;
}

function AppOverview({ app }: { app: AppWithDefinition }) {
  const save = useSaveDefinition(app);
  return (
    <div className="page stack" data-testid="app-page">
      <PageHeader title={<span data-testid="app-title">{app.label}</span>}>
        <BackLink href="/admin/app" label="apps.title" />
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
      <AddPage app={app} pending={save.isPending} onAdd={(definition) => save.mutate(definition)} />
    </div>
  );
}
