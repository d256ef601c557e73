// Media host calls (runtime/api/media.ts) over the media client (no React, usable from Node).
// Uploads go through runtime/media/upload (resumable, with progress), not through here.
import type { LibraryInput, MediaEditBody, MediaFile, MediaLibrary, MediaListBody, MediaListPage, MediaMoveBody, ShareBody } from '../api/media';
import type { ShareLinkList } from '../api/media-shares';
import { mediaClient } from './clients';

export type * from '../api/media';
export type * from '../api/media-shares';

const seg = encodeURIComponent;

export const mediaApi = {
  libraries: (signal?: AbortSignal) => mediaClient.get<MediaLibrary[]>('/v1/dms/media/library/list', { signal }),
  library: (id: string, signal?: AbortSignal) => mediaClient.get<MediaLibrary>(`/v1/dms/media/library/info/${seg(id)}`, { signal }),
  createLibrary: (body: LibraryInput) => mediaClient.post<MediaLibrary>('/v1/dms/media/library', body),
  updateLibrary: (id: string, body: LibraryInput) => mediaClient.post<MediaLibrary>(`/v1/dms/media/library/${seg(id)}`, body),
  removeLibrary: (id: string) => mediaClient.delete<Record<string, never>>(`/v1/dms/media/library/${seg(id)}`),
  list: (body: MediaListBody, signal?: AbortSignal) => mediaClient.post<MediaListPage>('/v1/dms/media/list', body, { signal }),
  dirs: (id: string, path: string, signal?: AbortSignal) => mediaClient.post<string[]>(`/v2/dms/media/library/${seg(id)}/dirs`, { path }, { signal }),
  createDir: (id: string, path: string) => mediaClient.post<MediaFile>(`/v2/dms/media/library/${seg(id)}/dir`, { path }),
  deleteDir: (id: string, path: string) => mediaClient.post<Record<string, never>>(`/v2/dms/media/library/${seg(id)}/delete/dir`, { path }),
  remove: (libraryUuid: string, items: string[]) => mediaClient.post<Record<string, never>>('/v2/dms/media/delete', { library_uuid: libraryUuid, items }),
  move: (body: MediaMoveBody) => mediaClient.post<MediaFile[]>('/media/move', body),
  edit: (fileUuid: string, body: MediaEditBody) => mediaClient.post<MediaFile>(`/v1/media/edit/${seg(fileUuid)}`, body),
  share: (libraryUuid: string, body: ShareBody) => mediaClient.post<{ data: string }>(`/v1/media/library/${seg(libraryUuid)}/share`, body),
  shares: (libraryUuid: string, key: string, signal?: AbortSignal) =>
    mediaClient.get<ShareLinkList>(`/v1/media/library/${seg(libraryUuid)}/shares?key=${seg(key)}`, { signal }),
  revokeShare: (libraryUuid: string, uuid: string) => mediaClient.delete<Record<string, never>>(`/v1/media/library/${seg(libraryUuid)}/shares/${seg(uuid)}`),
  rotateShareKey: () => mediaClient.post<{ revoked: number }>('/v1/media/shares/rotate', {}),
};

export type MediaApi = typeof mediaApi;
