// input/image, input/imagev2, image/carousel and input/file in the record list: small thumbnails of
// the images (at most three, then '+n'; the library's 250 px previews), or the file names.
import { fileNameOf, readFileList, readImageList } from '../../runtime/media/mediaValues';
import { ImageThumb } from '../controls/media/MediaPreview';
import '../controls/media/media.css';
import type { CellProps } from '../registry/cells';

const SHOWN = 3;

export function MediaCell({ field, value }: CellProps) {
  if (field.renderer === 'input/file') {
    const names = readFileList(value).map(fileNameOf);
    return names.length ? <span title={names.join(', ')}>{names.join(', ')}</span> : null;
  }
  const images = readImageList(value);
  if (images.length === 0) return null;
  return (
    <span className="cell-media" data-testid={`cell-media-${field.key}`}>
      {images.slice(0, SHOWN).map((image, index) => (
        <ImageThumb key={index} image={image} preview />
      ))}
      {images.length > SHOWN ? <span className="cell-media-more">+{images.length - SHOWN}</span> : null}
    </span>
  );
}
