// The media screen's file browser for the widgets' library mode, in its own chunk: a record form
// loads it only when a chooser opens in library mode.
import type { ComponentType } from 'react';
import type { MediaBrowserProps } from '../../../../renderers/controls/media/MediaWidgetsContext';

export const mediaBrowserModule: (() => Promise<{ default: ComponentType<MediaBrowserProps> }>) | null = () =>
  import('./MediaBrowserForWidgets').then((m) => ({ default: m.MediaBrowserForWidgets }));
