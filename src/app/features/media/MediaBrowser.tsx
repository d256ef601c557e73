// The files of a media library (spec section 2 "Media library screen", section 4 "Library files"):
// search, breadcrumb, actions, directory and file cards, infinite scroll by last key. Standalone it
// fills the page (grid 4/3) and the page keeps the directory in the URL hash; in library mode (the
// widgets' media chooser) it keeps the directory itself (grid 3/2) and hands chosen files to onPick.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MEDIA_MESSAGE, type MediaFile } from '../../../../runtime/api/media';
import { isApiRequestError } from '../../../../runtime/client/errors';
import { mediaApi } from '../../../../runtime/client/media';
import { EmptyState } from '../../../../renderers/ui/EmptyState';
import { Folder } from '../../../../renderers/ui/icons';
import { showToast } from '../../../../renderers/ui/toast';
import { ConfirmDialog } from '../iam/ui';
import { DirCard, FileCard } from './Cards';
import { invalidateFiles, librariesQueryOptions, mediaListQueryOptions } from './data';
import { downloadFile } from './download';
import { MediaErrorDialog, showMediaError } from './errors';
import { FileDetailsModal } from './modals/FileDetailsModal';
import { MoveModal } from './modals/MoveModal';
import { NewDirModal } from './modals/NewDirModal';
import { ShareModal } from './modals/ShareModal';
import { UploadModal } from './modals/UploadModal';
import { useMediaPermissions, type MediaMay } from './permissions';
import { nextSelection, parentDir } from './rules';
import { ACTION_ICON, ActionButtons, Breadcrumb, SearchBox, type MediaAction } from './Toolbar';
import './media.css';

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

export const SEARCH_DEBOUNCE_MS = 500;

type Modal = 'upload' | 'newDir' | 'move' | 'details' | 'share' | 'deleteDir' | 'delete' | null;

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

function WithLibraryChoice(props: MediaBrowserProps & { may: MediaMay }) {
  const t = useIntl();
  const libraries = useQuery(librariesQueryOptions());
  const [chosen, setChosen] = useState<string | null>(null);
  if (libraries.isPending) return <div className="skeleton" aria-busy="true" />;
  if (libraries.isError) return <Unavailable error={libraries.error} />;
  const allowed = props.libraries && props.libraries.length > 0 ? libraries.data.filter((l) => props.libraries!.includes(l.uuid)) : libraries.data;
  const lib = allowed.find((l) => l.uuid === chosen) ?? allowed[0];
  if (!lib) return <EmptyState testId="media-no-libraries" icon={<Folder />} title={<FormattedMessage id="media.noLibraries" />} />;
  return (
    <div className="media-with-choice">
      {allowed.length > 1 ? (
        <select className="media-library-select" aria-label={t.formatMessage({ id: 'media.library' })} data-testid="media-library-select" value={lib.uuid} onChange={(e) => setChosen(e.target.value)}>
          {allowed.map((l) => (
            <option key={l.uuid} value={l.uuid}>
              {l.name}
            </option>
          ))}
        </select>
      ) : null}
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
  const queryClient = useQueryClient();
  const [ownDir, setOwnDir] = useState('');
  const dir = heldDir ?? ownDir;
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [modal, setModal] = useState<Modal>(null);

  // Changing directory (or library) clears the selection and the search (spec section 4).
  useEffect(() => {
    setSelected([]);
    setSearchText('');
    setSearch('');
  }, [dir, libraryUuid]);
  useEffect(() => {
    const trimmed = searchText.trim();
    if (trimmed === search) return undefined;
    // Clearing restores the listing at once; typing waits for a pause.
    if (trimmed === '') {
      setSearch('');
      return undefined;
    }
    const timer = setTimeout(() => setSearch(trimmed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, search]);

  const openDir = (path: string) => {
    setModal(null);
    if (onDirChange) onDirChange(path);
    else setOwnDir(path);
  };

  const listing = useInfiniteQuery(mediaListQueryOptions(libraryUuid, dir, search));
  const items = useMemo(() => listing.data?.pages.flatMap((p) => p.items) ?? [], [listing.data]);
  const dirs = items.filter((i) => i.mime_type === 'dir');
  const files = items.filter((i) => i.mime_type !== 'dir');
  const chosenFiles = files.filter((f) => selected.includes(f.key));
  const one = chosenFiles.length === 1 ? chosenFiles[0]! : null;

  // Infinite scroll: the sentinel under the grid asks for the next page when it comes into view.
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = listing;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    }, { rootMargin: '200px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, items.length]);

  const removeFiles = useMutation({
    mutationFn: () => mediaApi.remove(libraryUuid, chosenFiles.map((f) => f.key)),
    onSuccess: async () => {
      setModal(null);
      setSelected([]);
      await invalidateFiles(queryClient, libraryUuid);
      showToast('media.filesDeleted', 'success');
    },
    onError: (error) => {
      setModal(null);
      showMediaError(error);
    },
  });
  const removeDir = useMutation({
    mutationFn: () => mediaApi.deleteDir(libraryUuid, dir),
    onSuccess: async () => {
      await invalidateFiles(queryClient, libraryUuid);
      showToast('media.dirDeleted', 'success');
      openDir(parentDir(dir));
    },
    onError: (error) => {
      setModal(null);
      showMediaError(error);
    },
  });
  const download = useMutation({ mutationFn: downloadFile, onError: (error) => showMediaError(error) });

  const label = (id: string) => t.formatMessage({ id });
  const actions: MediaAction[] = [];
  const add = (id: keyof typeof ACTION_ICON, when: boolean, run: () => void, danger?: boolean) => {
    if (when) actions.push({ id, label: label(`media.${id}`), icon: ACTION_ICON[id], run, danger });
  };
  add('upload', may.upload, () => setModal('upload'));
  add('newDir', may.createDir, () => setModal('newDir'));
  add('deleteDir', may.deleteDir && dir !== '', () => setModal('deleteDir'), true);
  add('download', may.download && one !== null, () => one && download.mutate(one));
  add('details', mode === 'standalone' && one !== null, () => setModal('details'));
  add('share', mode === 'standalone' && one !== null && !one.public, () => setModal('share'));
  add('move', may.upload && chosenFiles.length > 0, () => setModal('move'));
  add('delete', may.delete && chosenFiles.length > 0, () => setModal('delete'), true);

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
      {selected.length > 0 ? (
        <p className="media-selection muted" data-testid="media-selection" aria-live="polite">
          <FormattedMessage id="media.selected" values={{ count: chosenFiles.length }} />
          <button type="button" className="link-button" onClick={() => setSelected([])}>
            <FormattedMessage id="media.clearSelection" />
          </button>
        </p>
      ) : null}
      {listing.isPending ? (
        <div className="skeleton" aria-busy="true" />
      ) : listing.isError ? (
        <p className="form-error" role="alert" data-testid="media-list-error">
          <FormattedMessage id="media.unableToLoad" />
        </p>
      ) : items.length === 0 ? (
        <EmptyState testId="media-empty" icon={<Folder />} title={<FormattedMessage id={search ? 'media.noMatches' : 'media.emptyDir'} />} />
      ) : (
        <div className="media-grid" role="group" aria-label={label('media.files')} data-testid="media-grid">
          {dirs.map((d) => (
            <DirCard key={d.key} dir={d} onOpen={openDir} />
          ))}
          {files.map((f) => (
            <FileCard key={f.key} file={f} selected={selected.includes(f.key)} onSelect={select} onOpen={open} />
          ))}
        </div>
      )}
      {hasNextPage ? (
        <div ref={sentinel} className="media-more">
          <button type="button" className="button button-small" data-testid="media-load-more" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            <FormattedMessage id={isFetchingNextPage ? 'common.loading' : 'media.loadMore'} />
          </button>
        </div>
      ) : null}
      {mode === 'library' && onPick ? (
        <div className="modal-actions media-pick">
          <button type="button" className="button button-primary" data-testid="media-pick" disabled={pickable(chosenFiles).length === 0} onClick={() => onPick(pickable(chosenFiles))}>
            <FormattedMessage id="media.choose" values={{ count: pickable(chosenFiles).length }} />
          </button>
        </div>
      ) : null}

      {modal === 'upload' ? <UploadModal libraryUuid={libraryUuid} dir={dir} onClose={() => setModal(null)} /> : null}
      {modal === 'newDir' ? <NewDirModal libraryUuid={libraryUuid} dir={dir} onClose={() => setModal(null)} onCreated={() => setModal(null)} /> : null}
      {modal === 'move' ? <MoveModal libraryUuid={libraryUuid} items={chosenFiles.map((f) => f.key)} onClose={() => setModal(null)} onMoved={() => { setModal(null); setSelected([]); }} /> : null}
      {modal === 'details' && one ? <FileDetailsModal file={one} onClose={() => setModal(null)} /> : null}
      {modal === 'share' && one ? <ShareModal file={one} onClose={() => setModal(null)} /> : null}
      <ConfirmDialog
        open={modal === 'delete'}
        title={<FormattedMessage id="media.delete" />}
        confirmLabel={<FormattedMessage id="media.delete" />}
        pending={removeFiles.isPending}
        onClose={() => setModal(null)}
        onConfirm={() => removeFiles.mutate()}
      >
        <FormattedMessage id="selectedFilesWillBeDeleted" values={{ count: chosenFiles.length }} />
      </ConfirmDialog>
      <ConfirmDialog
        open={modal === 'deleteDir'}
        title={<FormattedMessage id="media.deleteDir" />}
        confirmLabel={<FormattedMessage id="media.deleteDir" />}
        pending={removeDir.isPending}
        onClose={() => setModal(null)}
        onConfirm={() => removeDir.mutate()}
      >
        <FormattedMessage id="actionWillRemoveDirAndContents" values={{ dir }} />
      </ConfirmDialog>
      <MediaErrorDialog />
    </div>
  );
}
