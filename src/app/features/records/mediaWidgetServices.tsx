// What the media widgets get from the app (renderers/controls/media/MediaWidgetsContext.tsx): the
// record screens run in the platform; luma-media counts as active unless the media host answers
// 403 integrationDisabled (no integrations row means active); the library browser is the media
// screen's, loaded only when a chooser opens in library mode. The integrations part's
// isIntegrationActive can replace the 403 probe once it is merged.
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { mediaApi } from '../../../../runtime/client/media';
import { isApiRequestError } from '../../../../runtime/client/errors';
import { uploadFiles } from '../../../../runtime/media/upload';
import { MediaWidgetsProvider, type MediaBrowserProps, type MediaWidgetServices } from '../../../../renderers/controls/media/MediaWidgetsContext';
import { mediaBrowserModule } from './mediaBrowser';

export const mediaLibrariesQueryOptions = () => ({
  queryKey: ['media', 'libraries'] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) => mediaApi.libraries(signal),
  staleTime: 60_000,
  retry: false,
});

const LazyBrowser = mediaBrowserModule ? lazy(mediaBrowserModule) : null;

function MediaBrowser(props: MediaBrowserProps) {
  if (!LazyBrowser) return null;
  return (
    <Suspense fallback={<p className="muted">…</p>}>
      <LazyBrowser {...props} />
    </Suspense>
  );
}

export function MediaWidgetServicesProvider({ children }: { children: ReactNode }) {
  const libraries = useQuery(mediaLibrariesQueryOptions());
  const disabled = isApiRequestError(libraries.error) && libraries.error.status === 403 && libraries.error.messageKey === 'integrationDisabled';
  const services = useMemo<MediaWidgetServices>(
    () => ({
      integrationActive: !disabled,
      runMode: 'platform',
      MediaBrowser: LazyBrowser ? MediaBrowser : null,
      libraries: (signal) => mediaApi.libraries(signal),
      upload: uploadFiles,
    }),
    [disabled],
  );
  return <MediaWidgetsProvider value={services}>{children}</MediaWidgetsProvider>;
}
