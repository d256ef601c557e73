// The files of a media library (spec section 2 "Media library screen", section 4 "Library files"):
// search, breadcrumb, actions, directory and file cards, infinite scroll by last key. Standalone it
// fills the page (grid 4/3) and the page keeps the directory in the URL hash; in library mode (the
// widgets' media chooser) it keeps the directory itself (grid 3/2) and hands chosen files to onPick.
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MEDIA_MESSAGE, type MediaFile, type MediaLibrary } from '../../../../runtime/api/media';
import { isApiRequestError } from '../../../../runtime/client/errors';
import { EmptyState } from '../../../../renderers/ui/EmptyState';
import { Folder } from '../../../../renderers/ui/icons';
import { BrowserModals } from './BrowserModals';
import { librariesQueryOptions, mediaListQueryOptions } from './data';
import { downloadFile } from './download';
import { showMediaError } from './errors';
import { Listing, LoadMore, PickBar, SelectionNote } from './Listing';
import { useMediaPermissions, type MediaMay } from './permissions';
import { nextSelection } from './rules';
import { ActionButtons, Breadcrumb, browserActions, SearchBox, type MediaModal } from './Toolbar';
import { useDirectory } from './useDirectory';
import './media.css';

export { SEARCH_DEBOUNCE_MS } from './useDirectory';

export interface MediaBrowserProps {
  mode: 'library' | 'standalone';
  /** The library; without it the browser offers the libraries the viewer may use. */
  libraryUuid?: string;
  /** Library mode: the chosen files (a double click, or the choose button). */
  onPick?: (items: MediaFile[]) => void;
  /** Without libraryUuid: the libraries offered (empty or absent: every library the viewer may use). */
  libraries?: readonly string[];
  /** Library mode: false picks one file at most (ctrl/meta click then selects one). Default true. */
  multiple?: boolean;
  /** Library mode: only files this accepts can be picked (the others stay visible). */
  accept?: (file: MediaFile) => boolean;
  /** Standalone: the directory the page holds (URL hash); without it the browser keeps its own. */
  dir?: string;
  onDirChange?: (dir: string) => void;
}

export function MediaBrowser(props: MediaBrowserProps) {
  const { may } = useMediaPermissions();
  if (!may) return <div className="skeleton" aria-busy="true" />;
  if (!may.use) return <NoPermissions />;
  if (props.libraryUuid) return <Files {...props} libraryUuid={props.libraryUuid} may={may} />;
  return <WithLibraryChoice {...props} may={may} />;
}

export function NoPermissions() {
  return (
    <div className="callout callout-warning" role="alert" data-testid="media-no-permissions">
      <FormattedMessage id="integrations.media.noPermissions" />
    </div>
  );
}

/** The libraries to choose from, by name. */
export function LibrarySelect({ libraries, value, onChange }: { libraries: readonly MediaLibrary[]; value: string; onChange: (uuid: string) => void }) {
  const t = useIntl();
  return (
    <select className="media-library-select" aria-label={t.formatMessage({ id: 'media.library' })} data-testid="media-library-select" value={value} onChange={(e) => onChange(e.target.value)}>
      {libraries.map((l) => (
        <option key={l.uuid} value={l.uuid}>
          {l.name}
        </option>
      ))}
    </select>
  );
}

function WithLibraryChoice(props: MediaBrowserProps & { may: MediaMay }) {
  const libraries = useQuery(librariesQueryOptions());
  const [chosen, setChosen] = useState<string | null>(null);
  if (libraries.isPending) return <div className="skeleton" aria-busy="true" />;
  if (libraries.isError) return <Unavailable error={libraries.error} />;
  const allowed = props.libraries && props.libraries.length > 0 ? libraries.data.filter((l) => props.libraries!.includes(l.uuid)) : libraries.data;
  const lib = allowed.find((l) => l.uuid === chosen) ?? allowed[0];
  if (!lib) return <EmptyState testId="media-no-libraries" icon={<Folder />} title={<FormattedMessage id="media.noLibraries" />} />;
  return (
    <div className="media-with-choice">
      {allowed.length > 1 ? <LibrarySelect libraries={allowed} value={lib.uuid} onChange={setChosen} /> : null}
      <Files key={lib.uuid} {...props} libraryUuid={lib.uuid} />
    </div>
  );
}

/** A library list failure marks the library unavailable (spec section 8); a deactivated integration says so. */
export function Unavailable({ error }: { error?: unknown }) {
  const disabled = isApiRequestError(error) && error.messageKey === MEDIA_MESSAGE.integrationDisabled;
  return (
    <p className="form-error" role="alert" data-testid="media-unavailable">
      <FormattedMessage id={disabled ? MEDIA_MESSAGE.integrationDisabled : 'media.libraryUnavailable'} />
    </p>
  );
}

function Files({ mode, libraryUuid, onPick, dir: heldDir, onDirChange, may, multiple = true, accept }: MediaBrowserProps & { libraryUuid: string; may: MediaMay }) {
  const t = useIntl();
  const [ownDir, setOwnDir] = useState('');
  const dir = heldDir ?? ownDir;
  const { selected, setSelected, searchText, setSearchText, search } = useDirectory(libraryUuid, dir);
  const [modal, setModal] = useState<MediaModal | null>(null);
  const openDir = (path: string) => {
    setModal(null);
    if (onDirChange) onDirChange(path);
    else setOwnDir(path);
  };

  const listing = useInfiniteQuery(mediaListQueryOptions(libraryUuid, dir, search));
  const items = useMemo(() => listing.data?.pages.flatMap((p) => p.items) ?? [], [listing.data]);
  const chosenFiles = items.filter((i) => i.mime_type !== 'dir' && selected.includes(i.key));
  const one = chosenFiles.length === 1 ? chosenFiles[0]! : null;
  const download = useMutation({ mutationFn: downloadFile, onError: (error) => showMediaError(error) });
  const actions = browserActions(t, may, { mode, dir, one, chosen: chosenFiles.length }, { open: setModal, download: (file) => download.mutate(file) });

  const select = (key: string, toggle: boolean) => setSelected((s) => nextSelection(s, key, toggle && (mode !== 'library' || multiple)));
  const pickable = (list: MediaFile[]) => (accept ? list.filter(accept) : list);
  const open = (file: MediaFile) => {
    if (mode === 'library' && onPick) {
      if (pickable([file]).length > 0) onPick([file]);
    }
    else {
      setSelected([file.key]);
      setModal('details');
    }
  };

  return (
    <div className={`media-browser media-${mode}`} data-testid="media-browser" data-mode={mode} data-dir={dir}>
      <div className="media-bar">
        <SearchBox value={searchText} onChange={setSearchText} />
        <ActionButtons actions={actions} />
      </div>
      <Breadcrumb dir={dir} onOpen={openDir} />
      {selected.length > 0 ? <SelectionNote count={chosenFiles.length} onClear={() => setSelected([])} /> : null}
      <Listing listing={listing} items={items} searching={search !== ''} selected={selected} onSelect={select} onOpen={open} onOpenDir={openDir} />
      {listing.hasNextPage ? <LoadMore fetching={listing.isFetchingNextPage} onMore={listing.fetchNextPage} count={items.length} /> : null}
      {mode === 'library' && onPick ? <PickBar files={pickable(chosenFiles)} onPick={onPick} /> : null}
      <BrowserModals modal={modal} libraryUuid={libraryUuid} dir={dir} files={chosenFiles} onClose={() => setModal(null)} onFilesGone={() => setSelected([])} onOpenDir={openDir} />
    </div>
  );
}
