// The media screen's browser (features/media/MediaBrowser.tsx) in library mode for the widgets'
// chooser: fixed to the field's default library (else its first allowed one, else the browser lets
// the user choose among the libraries they may use); only files the field can take are handed back.
import type { MediaBrowserProps } from '../../../../renderers/controls/media/MediaWidgetsContext';
import { MediaBrowser } from '../media/MediaBrowser';

export function MediaBrowserForWidgets({ libraries, defaultLibrary, onPick, accept }: MediaBrowserProps) {
  const libraryUuid = defaultLibrary || libraries?.[0] || undefined;
  return <MediaBrowser mode="library" libraryUuid={libraryUuid} onPick={(items) => onPick(accept ? items.filter(accept) : items)} />;
}
