// Query factories of the media host calls (runtime/client/media.ts): one per read, the same key
// everywhere, and what each change makes stale.
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { MEDIA_PAGE_SIZE, type MediaListPage } from '../../../../runtime/api/media';
import { mediaApi } from '../../../../runtime/client/media';
import { nextLastKey } from './rules';

export const mediaKeys = {
  all: ['media'] as const,
  libraries: ['media', 'libraries'] as const,
  library: (id: string) => ['media', 'library', id] as const,
  files: (lib: string) => ['media', 'files', lib] as const,
  list: (lib: string, path: string, search: string) => ['media', 'files', lib, path, search] as const,
  dirs: (lib: string, path: string) => ['media', 'files', lib, 'dirs', path] as const,
  shares: (lib: string, key: string) => ['media', 'shares', lib, key] as const,
};

export const librariesQueryOptions = () =>
  queryOptions({ queryKey: mediaKeys.libraries, queryFn: ({ signal }) => mediaApi.libraries(signal), retry: false });

/** The settings form keeps its own copy: a background refetch must not replace what is being edited. */
export const libraryQueryOptions = (id: string) =>
  queryOptions({ queryKey: mediaKeys.library(id), queryFn: ({ signal }) => mediaApi.library(id, signal), staleTime: Infinity, retry: false });

/** Spec section 4: 12 at a time by last key; a page of fewer than 12 is the last. */
export const mediaListQueryOptions = (lib: string, path: string, search: string) =>
  infiniteQueryOptions({
    queryKey: mediaKeys.list(lib, path, search),
    queryFn: ({ signal, pageParam }): Promise<MediaListPage> =>
      mediaApi.list({ library_uuid: lib, path, last_key: pageParam, limit: MEDIA_PAGE_SIZE, ...(search ? { search } : {}) }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => nextLastKey(page),
    retry: false,
  });

export const dirsQueryOptions = (lib: string, path: string) =>
  queryOptions({ queryKey: mediaKeys.dirs(lib, path), queryFn: ({ signal }) => mediaApi.dirs(lib, path, signal), retry: false });

/** Files changed (upload, move, delete, edit, directories): every listing of the library, and the
 * library list (its size). */
export const invalidateFiles = (queryClient: QueryClient, lib: string) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: mediaKeys.files(lib) }), queryClient.invalidateQueries({ queryKey: mediaKeys.libraries })]).then(() => undefined);

/** Libraries changed: the list, each library, and the size/free space they show. */
export const invalidateLibraries = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: mediaKeys.libraries }),
    queryClient.invalidateQueries({ queryKey: ['media', 'library'] }),
  ]).then(() => undefined);
