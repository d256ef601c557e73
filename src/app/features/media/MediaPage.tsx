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
import { MEDIA_INTEGRATION_ID, type MediaLibrary } from '../../../../runtime/api/media';
import { EmptyState } from '../../../../renderers/ui/EmptyState';
import { Folder, Plus } from '../../../../renderers/ui/icons';
import { PageHeader } from '../../components/PageHeader';
import { usePlaceCrumbs } from '../../components/usePlaceCrumbs';
import type { Crumb } from '../../routes/breadcrumbs';
import { CreateLibrarySidebar } from './CreateLibrarySidebar';
import { librariesQueryOptions } from './data';
import { LibrarySettings } from './LibrarySettings';
import { DocumentsPanel } from '../documents';
import { LibrarySelect, MediaBrowser, NoPermissions, Unavailable } from './MediaBrowser';
import { useMediaPermissions } from './permissions';
import { dirFromHash, formatSize, hashOfDir } from './rules';
import './media.css';

type TabId = 'files' | 'settings' | 'documents';
type Go = (patch: { lib?: string; dir?: string; tab?: TabId; doc?: string | null }) => void;

/** Where the page stands (?lib, the tab: the settings subPage for admins under /admin or
 * ?tab=documents, the directory in the hash), and `go` elsewhere: a new library starts at its root. */
function useMediaLocation(admin: boolean) {
  const navigate = useNavigate();
  const params = useParams({ strict: false }) as { id?: string; subPage?: string };
  const search = useSearch({ strict: false }) as { lib?: string; tab?: 'documents'; doc?: string };
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const hash = useRouterState({ select: (s) => s.location.hash });
  const inAdmin = pathname.startsWith('/admin');
  const base = `${inAdmin ? '/admin' : '/home'}/integrations/page/${MEDIA_INTEGRATION_ID}`;
  const tab: TabId = inAdmin && admin && params.subPage === 'settings' ? 'settings' : search.tab === 'documents' ? 'documents' : 'files';
  const go: Go = (patch) =>
    void navigate({
      to: patch.tab === undefined ? '.' : patch.tab === 'settings' ? `${base}/settings` : base,
      search: (s: { lib?: string; tab?: string; doc?: string }) => {
        const lib = patch.lib ?? s.lib;
        const tab = patch.tab === undefined ? s.tab : patch.tab === 'documents' ? 'documents' : undefined;
        // The open document stays while the library and tab do.
        const doc = patch.doc !== undefined ? patch.doc : patch.lib === undefined && patch.tab === undefined ? s.doc : undefined;
        return { ...(lib ? { lib } : {}), ...(tab ? { tab } : {}), ...(tab && doc ? { doc } : {}) };
      },
      hash: patch.dir === undefined ? (patch.lib === undefined ? hash : '') : hashOfDir(patch.dir),
      hashScrollIntoView: false,
    } as never);
  return { inAdmin, base, lib: search.lib, tab, doc: tab === 'documents' ? (search.doc ?? null) : null, dir: dirFromHash(hash), go };
}

/** The page frame with its title; the states before the library shows it too. */
function MediaFrame({ className = 'page', children }: { className?: string; children: ReactNode }) {
  return (
    <div className={className} data-testid="media-page">
      <PageHeader title={<FormattedMessage id="media.title" />} />
      {children}
    </div>
  );
}

export function MediaPage() {
  const { may } = useMediaPermissions();
  const here = useMediaLocation(may?.admin === true);
  const [creating, setCreating] = useState(false);
  const libraries = useQuery({ ...librariesQueryOptions(), enabled: may?.use === true });

  if (!may) return <div className="page"><div className="skeleton" aria-busy="true" /></div>;
  if (!may.use) return <MediaFrame><NoPermissions /></MediaFrame>;
  const sidebar = creating ? (
    <CreateLibrarySidebar libraries={libraries.data ?? []} onClose={() => setCreating(false)} onCreated={(uuid) => { setCreating(false); here.go({ lib: uuid, tab: 'files' }); }} />
  ) : null;
  if (libraries.isPending) return <MediaFrame><div className="skeleton" aria-busy="true" /></MediaFrame>;
  if (libraries.isError) return <MediaFrame><Unavailable error={libraries.error} /></MediaFrame>;

  const list = libraries.data;
  const library = list.find((l) => l.uuid === here.lib) ?? list[0];
  if (!library) {
    return (
      <MediaFrame>
        <NoLibrary admin={may.admin} onCreate={() => setCreating(true)} />
        {sidebar}
      </MediaFrame>
    );
  }
  return (
    <MediaFrame className="page media-page">
      <LibraryBar libraries={list} library={library} onChoose={(lib) => here.go({ lib })} onNew={may.admin ? () => setCreating(true) : undefined} />
      <MediaTabs here={here} settings={here.inAdmin && may.admin} library={library} libraries={list} />
      {sidebar}
    </MediaFrame>
  );
}

/** No library yet: admins are asked to create one, the others told there is none. */
function NoLibrary({ admin, onCreate }: { admin: boolean; onCreate: () => void }) {
  return (
    <div className="card">
      {admin ? (
        <EmptyState
          testId="media-start"
          icon={<Folder />}
          title={<FormattedMessage id="media.startTitle" />}
          hint={<FormattedMessage id="media.startHint" />}
          action={
            <button type="button" className="button button-primary" data-testid="media-start-create" onClick={onCreate}>
              <Plus aria-hidden="true" />
              <FormattedMessage id="media.createLibrary" />
            </button>
          }
        />
      ) : (
        <EmptyState testId="media-no-libraries" icon={<Folder />} title={<FormattedMessage id="media.noLibraries" />} />
      )}
    </div>
  );
}

/** The library: chosen among several (or named), its storage used, and for admins New library. */
function LibraryBar({ libraries, library, onChoose, onNew }: { libraries: MediaLibrary[]; library: MediaLibrary; onChoose: (uuid: string) => void; onNew?: () => void }) {
  return (
    <div className="media-library-bar">
      {libraries.length > 1 ? (
        <LibrarySelect libraries={libraries} value={library.uuid} onChange={onChoose} />
      ) : (
        <span className="media-library-name" data-testid="media-library-name">{library.name}</span>
      )}
      <span className="muted media-library-usage" data-testid="media-library-usage">
        <FormattedMessage
          id={library.allowed_storage ? 'media.usageOf' : 'media.usage'}
          values={{ used: formatSize(library.size), total: formatSize(library.allowed_storage ?? 0) }}
        />
      </span>
      {onNew ? (
        <button type="button" className="button" data-testid="media-library-new" onClick={onNew}>
          <Plus aria-hidden="true" />
          <FormattedMessage id="media.newLibrary" />
        </button>
      ) : null}
    </div>
  );
}

const tabClass = ({ isSelected }: { isSelected: boolean }) => `tab${isSelected ? ' is-selected' : ''}`;

type Here = ReturnType<typeof useMediaLocation>;

/** The trail after the page's crumb: the library by name, the tab (files is the library itself), the open document. */
export function mediaPlaces(here: Pick<Here, 'base' | 'tab' | 'doc'>, library: MediaLibrary): Crumb[] {
  const lib = `?lib=${encodeURIComponent(library.uuid)}`;
  const places: Crumb[] = [{ href: `${here.base}${lib}`, label: 'media.title', text: library.name }];
  if (here.tab === 'settings') places.push({ href: `${here.base}/settings${lib}`, label: 'media.tab.settings' });
  if (here.tab === 'documents') places.push({ href: `${here.base}${lib}&tab=documents`, label: 'media.tab.documents' });
  if (here.tab === 'documents' && here.doc) places.push({ href: `${here.base}${lib}&tab=documents&doc=${encodeURIComponent(here.doc)}`, label: 'documents.title', text: here.doc });
  return places;
}

/** The files, documents and (admins under /admin) settings tabs of one library. */
function MediaTabs({ here, settings, library, libraries }: { here: Here; settings: boolean; library: MediaLibrary; libraries: MediaLibrary[] }) {
  const t = useIntl();
  const { tab, dir, go } = here;
  usePlaceCrumbs(mediaPlaces(here, library));
  return (
    <Tabs selectedKey={tab} onSelectionChange={(key) => go({ tab: key as TabId, dir: key === 'files' ? dir : '' })}>
      <TabList className="tabs" aria-label={t.formatMessage({ id: 'media.title' })}>
        <Tab id="files" className={tabClass} data-testid="media-tab-files">
          <FormattedMessage id="media.tab.files" />
        </Tab>
        <Tab id="documents" className={tabClass} data-testid="media-tab-documents">
          <FormattedMessage id="media.tab.documents" />
        </Tab>
        {settings ? (
          <Tab id="settings" className={tabClass} data-testid="media-tab-settings">
            <FormattedMessage id="media.tab.settings" />
          </Tab>
        ) : null}
      </TabList>
      <TabPanel id="files" className="tab-panel">
        <MediaBrowser key={library.uuid} mode="standalone" libraryUuid={library.uuid} dir={dir} onDirChange={(next) => go({ dir: next })} />
      </TabPanel>
      <TabPanel id="documents" className="tab-panel">
        <DocumentsPanel key={library.uuid} libraryUuid={library.uuid} open={here.doc} onOpen={(doc) => go({ doc })} />
      </TabPanel>
      {settings ? (
        <TabPanel id="settings" className="tab-panel">
          <LibrarySettings key={library.uuid} library={library} libraries={libraries} onRemoved={() => go({ lib: '', tab: 'files', dir: '' })} />
        </TabPanel>
      ) : null}
    </Tabs>
  );
}
