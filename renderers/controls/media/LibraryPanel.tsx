// The chooser's library type: the media screen's file browser in library mode, provided by the app
// (MediaWidgetsContext). A pick is turned into the widget's values; a file the field cannot take
// (not an image, an extension not allowed) is not offered.
import { useIntl } from 'react-intl';
import { isImageName, type MediaFile } from '../../../runtime/api/media';
import { hasAllowedExtension } from '../../../runtime/media/mediaValues';
import type { ChooserRequest, ChosenMedia } from './chosen';
import { useMediaWidgets } from './MediaWidgetsContext';

export function acceptsFile(request: ChooserRequest, file: Pick<MediaFile, 'name' | 'mime_type'>): boolean {
  if (file.mime_type === 'dir') return false;
  if (request.kind === 'image') return isImageName(file.name) && hasAllowedExtension(file.name, request.extensions);
  return hasAllowedExtension(file.name, request.extensions);
}

export function LibraryPanel({ request, onChosen }: { request: ChooserRequest; onChosen: (chosen: ChosenMedia[]) => void }) {
  const intl = useIntl();
  const { MediaBrowser } = useMediaWidgets();
  if (!MediaBrowser) return <p className="muted">{intl.formatMessage({ id: 'mediaWidgets.libraryUnavailable' })}</p>;
  const data = request.customData;
  const libraries = Array.isArray(data.libraries) ? data.libraries.filter((uuid): uuid is string => typeof uuid === 'string' && uuid !== '') : [];
  return (
    <div className="media-library" data-testid="media-library">
      <MediaBrowser
        mode="library"
        libraries={libraries}
        defaultLibrary={typeof data.defaultLibrary === 'string' ? data.defaultLibrary : null}
        multiple={request.multiple}
        accept={(file) => acceptsFile(request, file)}
        onPick={(files) =>
          onChosen(files.filter((file) => acceptsFile(request, file)).map((file) => ({ localURL: file.local_url, publicURL: file.public_url ?? '', name: file.name })))
        }
      />
    </div>
  );
}
