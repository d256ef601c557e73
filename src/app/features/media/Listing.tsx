// The files of one directory (spec section 2 "Media library screen"): loading, a failed read, empty
// (or nothing matching the search), else the grid of directory and file cards; under it the next
// page, by infinite scroll or its button; the selection's count, and in library mode the choose
// button.
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MediaFile } from '../../../../runtime/api/media';
import { EmptyState } from '../../../../renderers/ui/EmptyState';
import { Folder } from '../../../../renderers/ui/icons';
import { DirCard, FileCard } from './Cards';

export function Listing({
  listing,
  items,
  searching,
  selected,
  onSelect,
  onOpen,
  onOpenDir,
}: {
  listing: { isPending: boolean; isError: boolean };
  items: MediaFile[];
  searching: boolean;
  selected: readonly string[];
  onSelect: (key: string, toggle: boolean) => void;
  onOpen: (file: MediaFile) => void;
  onOpenDir: (path: string) => void;
}) {
  const t = useIntl();
  if (listing.isPending) return <div className="skeleton" aria-busy="true" />;
  if (listing.isError) {
    return (
      <p className="form-error" role="alert" data-testid="media-list-error">
        <FormattedMessage id="media.unableToLoad" />
      </p>
    );
  }
  if (items.length === 0) return <EmptyState testId="media-empty" icon={<Folder />} title={<FormattedMessage id={searching ? 'media.noMatches' : 'media.emptyDir'} />} />;
  return (
    <div className="media-grid" role="group" aria-label={t.formatMessage({ id: 'media.files' })} data-testid="media-grid">
      {items.filter((i) => i.mime_type === 'dir').map((d) => (
        <DirCard key={d.key} dir={d} onOpen={onOpenDir} />
      ))}
      {items.filter((i) => i.mime_type !== 'dir').map((f) => (
        <FileCard key={f.key} file={f} selected={selected.includes(f.key)} onSelect={onSelect} onOpen={onOpen} />
      ))}
    </div>
  );
}

/** The next page: the sentinel under the grid asks for it when it comes into view (infinite scroll),
 * and its button does when clicked. `count` is the items shown, so a page that leaves the sentinel in
 * view asks again. */
export function LoadMore({ fetching, onMore, count }: { fetching: boolean; onMore: () => Promise<unknown>; count: number }) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !fetching) void onMore();
    }, { rootMargin: '200px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [fetching, onMore, count]);
  return (
    <div ref={sentinel} className="media-more">
      <button type="button" className="button button-small" data-testid="media-load-more" disabled={fetching} onClick={() => void onMore()}>
        <FormattedMessage id={fetching ? 'common.loading' : 'media.loadMore'} />
      </button>
    </div>
  );
}

export function SelectionNote({ count, onClear }: { count: number; onClear: () => void }) {
  return (
    <p className="media-selection muted" data-testid="media-selection" aria-live="polite">
      <FormattedMessage id="media.selected" values={{ count }} />
      <button type="button" className="link-button" onClick={onClear}>
        <FormattedMessage id="media.clearSelection" />
      </button>
    </p>
  );
}

/** Library mode: hands the chosen files that may be picked to the widget. */
export function PickBar({ files, onPick }: { files: MediaFile[]; onPick: (files: MediaFile[]) => void }) {
  return (
    <div className="modal-actions media-pick">
      <button type="button" className="button button-primary" data-testid="media-pick" disabled={files.length === 0} onClick={() => onPick(files)}>
        <FormattedMessage id="media.choose" values={{ count: files.length }} />
      </button>
    </div>
  );
}
