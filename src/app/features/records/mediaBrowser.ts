// The media screen's file browser for the widgets' library mode (src/app/features/media, the media
// screen's part). null until that screen exports it: the widgets then offer device and external only.
import type { ComponentType } from 'react';
import type { MediaBrowserProps } from '../../../../renderers/controls/media/MediaWidgetsContext';

export const mediaBrowserModule: (() => Promise<{ default: ComponentType<MediaBrowserProps> }>) | null = null;
