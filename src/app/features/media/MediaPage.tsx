// /admin/integrations/page/$id[/$subPage] and /home/integrations/page/$id for the luma-media
// integration (spec section 2 "Media library screen"): the library in ?lib, the directory in the URL
// hash; the files and documents tabs (?tab=documents: the chosen library's documents panel, with
// 'use luma-media'), under /admin also the settings tab (the subPage names it). Without 'use luma-media' the alert shows and nothing loads; admins with no library are asked
// to create one; the right sidebar creates a library.
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useRouterState, useSearch } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { MEDIA_INTEGRATION_ID } from '../../../../runtime/api/media';
import { EmptyState } from '../../../../renderers/ui/EmptyState';
import { Folder, Plus } from '../../../../renderers/ui/icons';
import { NotAvailableYet } from '../../pages/NotAvailableYet';
import { CreateLibrarySidebar } from './CreateLibrarySidebar';
import { librariesQueryOptions } from './data';
import { LibrarySettings } from './LibrarySettings';
import { DocumentsPanel } from '../documents';
import { MediaBrowser, NoPermissions, Unavailable } from './MediaBrowser';
import { useMediaPermissions } from './permissions';
import { dirFromHash, formatSize, hashOfDir } from './rules';
import './media.css';

type TabId = 'files' | 'settings' | 'documents';

export function IntegrationPage() {
  const params = useParams({ strict: false }) as { id?: string };
  if (params.id !== MEDIA_INTEGRATION_ID) return <NotAvailableYet />;
  return <MediaPage />;
}

export function MediaPage() {
  const t = useIntl();
  const navigate = useNavigate();
  const params = useParams({ strict: false }) as { id?: string; subPage?: string };
  const search = useSearch({ strict: false }) as { lib?: string; tab?: 'documents' };
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const hash = useRouterState({ select: (s) => s.location.hash });
  const inAdmin = pathname.startsWith('/admin');
  const { may } = useMediaPermissions();
  const [creating, setCreating] = useState(false);
  const libraries = useQuery({ ...librariesQueryOptions(), enabled: may?.use === true });

  const base = `${inAdmin ? '/admin' : '/home'}/integrations/page/${MEDIA_INTEGRATION_ID}`;
  const tab: TabId = inAdmin && may?.admin && params.subPage === 'settings' ? 'settings' : search.tab === 'documents' ? 'documents' : 'files';
  const dir = dirFromHash(hash);
  const go = (patch: { lib?: string; dir?: string; tab?: TabId }) =>
    void navigate({
      to: patch.tab === undefined ? '.' : patch.tab === 'settings' ? `${base}/settings` : base,
      search: (s: { lib?: string; tab?: string }) => {
        const lib = patch.lib ?? s.lib;
        const tab = patch.tab === undefined ? s.tab : patch.tab === 'documents' ? 'documents' : undefined;
        return { ...(lib ? { lib } : {}), ...(tab ? { tab } : {}) };
      },
      hash: patch.dir === undefined ? (patch.lib === undefined ? hash : '') : hashOfDir(patch.dir),
      hashScrollIntoView: false,
    } as never);

  const header = (actions?: ReactNode) => (
    <header className="page-header page-header-row">
      <h1>
        <FormattedMessage id="media.title" />
      </h1>
      {actions}
    </header>
  );

  if (!may) return <div className="page"><div className="skeleton" aria-busy="true" /></div>;
  if (!may.use) {
    return (
      <div className="page" data-testid="media-page">
        {header()}
        <NoPermissions />
      </div>
    );
  }
  const sidebar = creating ? (
    <CreateLibrarySidebar libraries={libraries.data ?? []} onClose={() => setCreating(false)} onCreated={(uuid) => { setCreating(false); go({ lib: uuid, tab: 'files' }); }} />
  ) : null;
  const newButton = may.admin ? (
    <button type="button" className="button" data-testid="media-library-new" onClick={() => setCreating(true)}>
      <Plus aria-hidden="true" />
      <FormattedMessage id="media.newLibrary" />
    </button>
  ) : null;

  if (libraries.isPending) return <div className="page" data-testid="media-page">{header()}<div className="skeleton" aria-busy="true" /></div>;
  if (libraries.isError) return <div className="page" data-testid="media-page">{header()}<Unavailable error={libraries.error} /></div>;

  const list = libraries.data;
  const library = list.find((l) => l.uuid === search.lib) ?? list[0];
  if (!library) {
    return (
      <div className="page" data-testid="media-page">
        {header()}
        <div className="card">
          {may.admin ? (
            <>
              <EmptyState
                testId="media-start"
                icon={<Folder />}
                title={<FormattedMessage id="media.startTitle" />}
                hint={<FormattedMessage id="media.startHint" />}
                action={
                  <button type="button" className="button button-primary" data-testid="media-start-create" onClick={() => setCreating(true)}>
                    <Plus aria-hidden="true" />
                    <FormattedMessage id="media.createLibrary" />
                  </button>
                }
              />
            </>
          ) : (
            <EmptyState testId="media-no-libraries" icon={<Folder />} title={<FormattedMessage id="media.noLibraries" />} />
          )}
        </div>
        {sidebar}
      </div>
    );
  }

  const picker = (
    <div className="media-library-bar">
      {list.length > 1 ? (
        <select className="media-library-select" aria-label={t.formatMessage({ id: 'media.library' })} data-testid="media-library-select" value={library.uuid} onChange={(e) => go({ lib: e.target.value })}>
          {list.map((l) => (
            <option key={l.uuid} value={l.uuid}>
              {l.name}
            </option>
          ))}
        </select>
      ) : (
        <span className="media-library-name" data-testid="media-library-name">{library.name}</span>
      )}
      <span className="muted media-library-usage" data-testid="media-library-usage">
        <FormattedMessage
          id={library.allowed_storage ? 'media.usageOf' : 'media.usage'}
          values={{ used: formatSize(library.size), total: formatSize(library.allowed_storage ?? 0) }}
        />
      </span>
      {newButton}
    </div>
  );
  const files = (
    <MediaBrowser key={library.uuid} mode="standalone" libraryUuid={library.uuid} dir={dir} onDirChange={(next) => go({ dir: next })} />
  );

  return (
    <div className="page media-page" data-testid="media-page">
      {header()}
      {picker}
      <Tabs selectedKey={tab} onSelectionChange={(key) => go({ tab: key as TabId, dir: key === 'files' ? dir : '' })}>
        <TabList className="tabs" aria-label={t.formatMessage({ id: 'media.title' })}>
          <Tab id="files" className={({ isSelected }) => `tab${isSelected ? ' is-selected' : ''}`} data-testid="media-tab-files">
            <FormattedMessage id="media.tab.files" />
          </Tab>
          <Tab id="documents" className={({ isSelected }) => `tab${isSelected ? ' is-selected' : ''}`} data-testid="media-tab-documents">
            <FormattedMessage id="media.tab.documents" />
          </Tab>
          {inAdmin && may.admin ? (
            <Tab id="settings" className={({ isSelected }) => `tab${isSelected ? ' is-selected' : ''}`} data-testid="media-tab-settings">
              <FormattedMessage id="media.tab.settings" />
            </Tab>
          ) : null}
        </TabList>
        <TabPanel id="files" className="tab-panel">
          {files}
        </TabPanel>
        <TabPanel id="documents" className="tab-panel">
          <DocumentsPanel key={library.uuid} libraryUuid={library.uuid} />
        </TabPanel>
        {inAdmin && may.admin ? (
          <TabPanel id="settings" className="tab-panel">
            <LibrarySettings key={library.uuid} library={library} libraries={list} onRemoved={() => go({ lib: '', tab: 'files', dir: '' })} />
          </TabPanel>
        ) : null}
      </Tabs>
      {sidebar}
    </div>
  );
}
