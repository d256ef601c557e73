// What the media widgets get from the app (renderers/controls/media/MediaWidgetsContext.tsx): the
// record screens run in the platform; whether luma-media is active comes from the integrations list
// (no row means active; unknown until the list loads, so library and device show once it is known);
// the library browser is the media screen's, loaded only when a chooser opens in library mode; the
// resumable upload (tus-js-client, 17 KB gzip) is imported with the first upload, not with the form.
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { MEDIA_INTEGRATION_ID } from '../../../../runtime/api/media';
import { mediaApi } from '../../../../runtime/client/media';
import { uploadIntoDir } from '../../../../runtime/media/uploadIntoDir';
import { integrationActiveQueryOptions } from '../../../../renderers/data/integrations';
import { MediaWidgetsProvider, type MediaBrowserProps, type MediaWidgetServices } from '../../../../renderers/controls/media/MediaWidgetsContext';
import { mediaBrowserModule } from './mediaBrowser';

const LazyBrowser = mediaBrowserModule ? lazy(mediaBrowserModule) : null;

function MediaBrowser(props: MediaBrowserProps) {
  if (!LazyBrowser) return null;
  return (
    <Suspense fallback={<div className="skeleton" aria-busy="true" />}>
      <LazyBrowser {...props} />
    </Suspense>
  );
}

export function MediaWidgetServicesProvider({ children }: { children: ReactNode }) {
  const active = useQuery(integrationActiveQueryOptions(MEDIA_INTEGRATION_ID)).data === true;
  const services = useMemo<MediaWidgetServices>(
    () => ({
      integrationActive: active,
      runMode: 'platform',
      MediaBrowser: LazyBrowser ? MediaBrowser : null,
      libraries: (signal) => mediaApi.libraries(signal),
      upload: (files, target, callbacks, signal) =>
        uploadIntoDir(
          () => import('../../../../runtime/media/upload').then(({ uploadFiles }) => uploadFiles(files, target, callbacks, signal)),
          target.path,
          (path) => mediaApi.createDir(target.libraryUuid, path),
        ),
    }),
    [active],
  );
  return <MediaWidgetsProvider value={services}>{children}</MediaWidgetsProvider>;
}
