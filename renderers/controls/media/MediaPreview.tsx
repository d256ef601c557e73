// One image of a widget: the picture, its name, and a remove button when the field may change.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { isImageName, mediaPreviewUrl } from '../../../runtime/api/media';
import { fileNameOf, imageSrc, parseLibraryUrl, type ImageValue } from '../../../runtime/media/mediaValues';
import { Image as ImageIcon, X } from '../../ui/icons';

/**
 * An image of a media value. `preview` asks for the library's 250 px preview of a library image (list
 * cells: a row of full-size photos would be megabytes); if the preview fails, the file itself, then an icon.
 */
export function ImageThumb({ image, className, preview }: { image: ImageValue; className?: string; preview?: boolean }) {
  const src = imageSrc(image);
  const library = preview ? parseLibraryUrl(src) : null;
  const candidates = [library && isImageName(library.key) ? mediaPreviewUrl(library.libraryUuid, library.key) : null, src].filter((url): url is string => !!url);
  const [failed, setFailed] = useState(0);
  const shown = candidates[failed];
  if (!shown) {
    return (
      <span className={`media-thumb media-thumb-missing ${className ?? ''}`} title={src}>
        <ImageIcon aria-hidden="true" />
      </span>
    );
  }
  return <img className={`media-thumb ${className ?? ''}`} src={shown} alt={fileNameOf(src)} loading="lazy" onError={() => setFailed((n) => n + 1)} />;
}

export function RemoveButton({ label, onRemove, testId }: { label: string; onRemove: () => void; testId: string }) {
  const intl = useIntl();
  return (
    <button type="button" className="icon-button media-remove" aria-label={intl.formatMessage({ id: 'mediaWidgets.remove' }, { name: label })} title={intl.formatMessage({ id: 'mediaWidgets.remove' }, { name: label })} onClick={onRemove} data-testid={testId}>
      <X aria-hidden="true" />
    </button>
  );
}
