// What the media widgets need from the app, provided once around the record screens (renderers never
// import src/app): whether luma-media is active, where the form runs, the library browser of the media
// screen for the chooser's library mode, the libraries the caller may use, and the upload. Without a
// provider (a renderer mounted alone, a public app) only the external source is offered.
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { MediaFile, MediaLibrary } from '../../../runtime/api/media';
import type { MediaEnvironment } from '../../../runtime/media/mediaSources';
import type { UploadCallbacks, UploadTarget } from '../../../runtime/media/upload';

/** What an upload answers per stored file (the resumable upload answers whole MediaFiles). */
export type UploadedFile = Pick<MediaFile, 'library_uuid' | 'key' | 'public_url'>;

/** The media screen's file browser in library mode (grid 3/2): a pick hands back the chosen files. */
export interface MediaBrowserProps {
  mode: 'library' | 'standalone';
  onPick: (files: MediaFile[]) => void;
  /** Library uuids the field allows (empty: every library the caller may use). */
  libraries?: readonly string[];
  defaultLibrary?: string | null;
  multiple?: boolean;
  /** Only files this accepts can be picked (images for an image field, the allowed extensions for a file field). */
  accept?: (file: MediaFile) => boolean;
}

export interface MediaWidgetServices extends MediaEnvironment {
  MediaBrowser: ComponentType<MediaBrowserProps> | null;
  libraries: (signal?: AbortSignal) => Promise<MediaLibrary[]>;
  upload: (files: readonly File[], target: UploadTarget, callbacks?: UploadCallbacks, signal?: AbortSignal) => Promise<UploadedFile[]>;
}

const unavailable = () => Promise.reject(new Error('luma-media is not available here'));

export const NO_MEDIA_SERVICES: MediaWidgetServices = {
  integrationActive: false,
  runMode: 'public',
  MediaBrowser: null,
  libraries: unavailable,
  upload: unavailable,
};

const MediaWidgetsContext = createContext<MediaWidgetServices>(NO_MEDIA_SERVICES);

export function MediaWidgetsProvider({ value, children }: { value: MediaWidgetServices; children: ReactNode }) {
  return <MediaWidgetsContext.Provider value={value}>{children}</MediaWidgetsContext.Provider>;
}

export function useMediaWidgets(): MediaWidgetServices {
  return useContext(MediaWidgetsContext);
}
