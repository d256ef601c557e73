// A documents panel for one media library (docs/documents.md): browse by directory with search and a
// recursive switch, create a document by path, open one in the editor, see deleted documents and
// restore them to a new path. Route-free: a screen mounts it with the library's uuid, e.g. as a tab of
// the media library screen: <DocumentsPanel libraryUuid={lib} />.
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { DOCUMENT_DEFAULT_VARIANT, isValidVariantName, type DocumentList } from '../../../../runtime/api/documents';
import { useDocumentsApi } from './api';
import { DocumentEditor } from './DocumentEditor';
import { Failure, PromptInput } from './parts';
import { deletedDocumentsQueryOptions, documentKeys, documentListQueryOptions } from './queries';
import './documents.css';

export interface DocumentsPanelProps {
  libraryUuid: string;
  /** The open document's path, when the screen keeps it (the media page: ?doc=); else the panel does. */
  open?: string | null;
  onOpen?: (path: string | null) => void;
}

function Breadcrumb({ dir, onOpen }: { dir: string; onOpen: (dir: string) => void }) {
  const parts = dir === '' ? [] : dir.split('/');
  return (
    <nav className="documents-crumbs" aria-label="breadcrumb">
      <button type="button" className="link-button" onClick={() => onOpen('')} data-testid="documents-crumb-root">
        <FormattedMessage id="documents.root" />
      </button>
      {parts.map((part, i) => (
        <span key={`${i}-${part}`}>
          {' / '}
          <button type="button" className="link-button" onClick={() => onOpen(parts.slice(0, i + 1).join('/'))}>
            {part}
          </button>
        </span>
      ))}
    </nav>
  );
}

function DeletedList({ lib }: { lib: string }) {
  const api = useDocumentsApi();
  const client = useQueryClient();
  const deleted = useQuery(deletedDocumentsQueryOptions(api, lib));
  const [targets, setTargets] = useState<Record<string, string>>({});
  const restore = useMutation({
    mutationFn: (item: { uuid: string; path: string }) => api.restore(lib, { path: item.path, uuid: item.uuid, newPath: targets[item.uuid] ?? item.path }),
    onSuccess: () => client.invalidateQueries({ queryKey: documentKeys.all(lib) }),
  });
  if (deleted.isPending) return <div className="skeleton" aria-busy="true" />;
  if (deleted.isError) return <Failure error={deleted.error} />;
  if (deleted.data.length === 0)
    return (
      <p className="muted" data-testid="documents-no-deleted">
        <FormattedMessage id="documents.noDeleted" />
      </p>
    );
  return (
    <div>
      {restore.isError ? <Failure error={restore.error} /> : null}
      <ul className="documents-list" data-testid="documents-deleted">
        {deleted.data.map((item) => (
          <li key={item.uuid} className="documents-row">
            <span className="documents-name">{item.path}</span>
            <label className="documents-inline">
              <span className="visually-hidden">
                <FormattedMessage id="documents.restoreTo" />
              </span>
              <input className="input" value={targets[item.uuid] ?? item.path} onChange={(event) => setTargets({ ...targets, [item.uuid]: event.target.value })} data-testid="documents-restore-path" />
            </label>
            <button type="button" className="button" disabled={restore.isPending} onClick={() => restore.mutate(item)} data-testid="documents-restore">
              <FormattedMessage id="documents.restore" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function DocumentsPanel({ libraryUuid: lib, ...props }: DocumentsPanelProps) {
  const api = useDocumentsApi();
  const [dir, setDir] = useState('');
  const [search, setSearch] = useState('');
  const [recursive, setRecursive] = useState(false);
  const [showDeleted, setShowDeleted] = useState(false);
  const [ownOpen, setOwnOpen] = useState<string | null>(null);
  const open = props.onOpen ? (props.open ?? null) : ownOpen;
  const setOpen = props.onOpen ?? setOwnOpen;
  const list = useQuery(documentListQueryOptions(api, lib, dir, search.trim(), recursive));
  // Changing directory clears the search (as the media screen does, spec section 4).
  const openDir = (next: string) => {
    setDir(next);
    setSearch('');
    setOpen(null);
  };

  if (open !== null) {
    return (
      <section className="documents-panel" data-testid="documents-panel">
        <DocumentEditor lib={lib} path={open} onClose={() => setOpen(null)} />
      </section>
    );
  }
  return (
    <section className="documents-panel" data-testid="documents-panel">
      <div className="documents-toolbar">
        <Breadcrumb dir={dir} onOpen={openDir} />
        <button type="button" className={`button${showDeleted ? ' button-primary' : ''}`} aria-pressed={showDeleted} onClick={() => setShowDeleted(!showDeleted)} data-testid="documents-show-deleted">
          <FormattedMessage id="documents.deleted" />
        </button>
      </div>
      {showDeleted ? (
        <DeletedList lib={lib} />
      ) : (
        <>
          <div className="documents-toolbar">
            <PromptInput className="input documents-search" type="search" value={search} prompt="documents.search" onChange={(event) => setSearch(event.target.value)} testId="documents-search" />
            <label className="documents-inline">
              <input type="checkbox" checked={recursive} onChange={(event) => setRecursive(event.target.checked)} data-testid="documents-recursive" />{' '}
              <FormattedMessage id="documents.recursive" />
            </label>
          </div>
          <NewDocument key={dir} lib={lib} dir={dir} onCreated={setOpen} />
          <DocumentItems list={list} recursive={recursive} onOpenDir={openDir} onOpen={setOpen} />
        </>
      )}
    </section>
  );
}

/** The path a name gives in a directory: the name as the last segment ('/' is not part of a name). */
export function pathForName(dir: string, name: string): string {
  const clean = name.replace(/[/\\]/g, ' ').trim();
  return dir === '' ? clean : `${dir}/${clean}`;
}

/**
 * A new document: its name (the last part of its path, what the list shows), its path (the name in the
 * open directory until edited by hand) and its first variant ('default' unless named), so it opens
 * ready to write in. It opens once created.
 */
function NewDocument({ lib, dir, onCreated }: { lib: string; dir: string; onCreated: (path: string) => void }) {
  const api = useDocumentsApi();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [typedPath, setTypedPath] = useState<string | null>(null);
  const [variant, setVariant] = useState<string>(DOCUMENT_DEFAULT_VARIANT);
  const path = typedPath ?? pathForName(dir, name);
  const create = useMutation({
    mutationFn: () => api.create(lib, { path: path.trim(), variant: variant.trim() }),
    onSuccess: (document) => {
      setName('');
      setTypedPath(null);
      void client.invalidateQueries({ queryKey: documentKeys.all(lib) });
      onCreated(document.path);
    },
  });
  const ready = path.trim() !== '' && isValidVariantName(variant.trim());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) create.mutate();
  };
  return (
    <form className="documents-new" onSubmit={submit} data-testid="documents-new">
      <div className="documents-toolbar">
        <PromptInput className="input documents-grow" value={name} prompt="documents.newDocument" onChange={(event) => setName(event.target.value)} testId="documents-new-name" />
        <button type="submit" className="button button-primary" disabled={create.isPending || !ready} data-testid="documents-create">
          <FormattedMessage id="documents.create" />
        </button>
      </div>
      {name !== '' || typedPath !== null ? (
        <div className="documents-new-details">
          <label className="documents-field">
            <FormattedMessage id="documents.path" />
            <input className="input" value={path} onChange={(event) => setTypedPath(event.target.value)} aria-describedby="documents-path-hint" data-testid="documents-new-path" />
            <small className="muted" id="documents-path-hint">
              <FormattedMessage id="documents.pathHint" />
            </small>
          </label>
          <label className="documents-field">
            <FormattedMessage id="documents.firstVariant" />
            <input className="input" value={variant} onChange={(event) => setVariant(event.target.value)} aria-describedby="documents-variant-hint" data-testid="documents-new-variant-name" />
            <small className="muted" id="documents-variant-hint">
              <FormattedMessage id="documents.firstVariantHint" />
            </small>
          </label>
        </div>
      ) : null}
      {create.isError ? <Failure error={create.error} /> : null}
    </form>
  );
}

/** The directory's documents and subdirectories (with a recursive search, each by its whole path). */
function DocumentItems({ list, recursive, onOpenDir, onOpen }: { list: UseQueryResult<DocumentList>; recursive: boolean; onOpenDir: (dir: string) => void; onOpen: (path: string) => void }) {
  if (list.isPending) return <div className="skeleton" aria-busy="true" />;
  if (list.isError) return <Failure error={list.error} />;
  if (list.data.items.length === 0) {
    return (
      <p className="muted" data-testid="documents-empty">
        <FormattedMessage id="documents.empty" />
      </p>
    );
  }
  return (
    <ul className="documents-list" data-testid="documents-items">
      {list.data.items.map((item) => (
        <li key={`${item.type}:${item.path}`} className="documents-row" data-type={item.type} data-path={item.path}>
          <button type="button" className="link-button documents-name" onClick={() => (item.type === 'dir' ? onOpenDir(item.path) : onOpen(item.path))}>
            {item.type === 'dir' ? `${item.name}/` : recursive ? item.path : item.name}
          </button>
          {item.variants.length > 0 ? <span className="muted documents-variants">{item.variants.join(', ')}</span> : null}
        </li>
      ))}
    </ul>
  );
}
