// Directory and file cards (spec section 2 "Media library screen"): names cut at 15 characters (the
// whole name in the title), an image preview for jpg, jpeg, png, webp and gif, sizes in KB or MB.
import type { KeyboardEvent, MouseEvent } from 'react';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { isImageName, mediaPreviewUrl, type MediaFile } from '../../../../runtime/api/media';
import { File as FileIcon, Folder } from '../../../../renderers/ui/icons';
import { truncateCardName } from '../../../../renderers/ui/truncate';
import { formatSize } from './rules';

const baseName = (key: string) => key.split('/').filter(Boolean).at(-1) ?? key;

export function DirCard({ dir, onOpen }: { dir: MediaFile; onOpen: (path: string) => void }) {
  const name = dir.name || baseName(dir.key);
  return (
    <button type="button" className="media-card media-dir-card" data-testid="media-dir" data-key={dir.key} title={name} onClick={() => onOpen(dir.key.replace(/\/+$/, ''))}>
      <span className="media-card-visual" aria-hidden="true">
        <Folder />
      </span>
      <span className="media-card-name">{truncateCardName(name)}</span>
    </button>
  );
}

export function FileCard({
  file,
  selected,
  onSelect,
  onOpen,
}: {
  file: MediaFile;
  selected: boolean;
  onSelect: (key: string, toggle: boolean) => void;
  onOpen: (file: MediaFile) => void;
}) {
  const name = file.name || baseName(file.key);
  const [broken, setBroken] = useState(false);
  const preview = isImageName(name) && !broken;
  const click = (event: MouseEvent) => onSelect(file.key, event.ctrlKey || event.metaKey);
  const key = (event: KeyboardEvent) => {
    if (event.key === 'Enter') onOpen(file);
    else if (event.key === ' ') {
      event.preventDefault();
      onSelect(file.key, event.ctrlKey || event.metaKey);
    }
  };
  return (
    <div
      role="button"
      aria-pressed={selected}
      tabIndex={0}
      className={`media-card media-file-card${selected ? ' is-selected' : ''}`}
      data-testid="media-file"
      data-key={file.key}
      title={name}
      onClick={click}
      onDoubleClick={() => onOpen(file)}
      onKeyDown={key}
    >
      <span className="media-card-visual">
        {preview ? (
          <img src={mediaPreviewUrl(file.library_uuid, file.key)} alt="" loading="lazy" onError={() => setBroken(true)} data-testid="media-preview" />
        ) : (
          <span className="media-file-icon" aria-hidden="true">
            <FileIcon />
            <span className="media-file-ext">{file.ext || name.split('.').at(-1)}</span>
          </span>
        )}
      </span>
      <span className="media-card-name">{truncateCardName(name)}</span>
      <span className="media-card-meta">
        <span data-testid="media-file-size">{formatSize(file.size)}</span>
        {file.public ? (
          <span className="badge badge-info">
            <FormattedMessage id="media.public" />
          </span>
        ) : null}
      </span>
    </div>
  );
}
