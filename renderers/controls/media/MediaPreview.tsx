// One image of a widget: the picture, its name, and a remove button when the field may change.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { fileNameOf, imageSrc, type ImageValue } from '../../../runtime/media/mediaValues';
import { Image as ImageIcon, X } from '../../ui/icons';

export function ImageThumb({ image, className }: { image: ImageValue; className?: string }) {
  const [broken, setBroken] = useState(false);
  const src = imageSrc(image);
  if (broken || !src) {
    return (
      <span className={`media-thumb media-thumb-missing ${className ?? ''}`} title={src}>
        <ImageIcon aria-hidden="true" />
      </span>
    );
  }
  return <img className={`media-thumb ${className ?? ''}`} src={src} alt={fileNameOf(src)} loading="lazy" onError={() => setBroken(true)} />;
}

export function RemoveButton({ label, onRemove, testId }: { label: string; onRemove: () => void; testId: string }) {
  const intl = useIntl();
  return (
    <button type="button" className="icon-button media-remove" aria-label={intl.formatMessage({ id: 'mediaWidgets.remove' }, { name: label })} title={intl.formatMessage({ id: 'mediaWidgets.remove' }, { name: label })} onClick={onRemove} data-testid={testId}>
      <X aria-hidden="true" />
    </button>
  );
}
