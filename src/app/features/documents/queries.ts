// Query factories of the documents panel (runtime/client/documents.ts): one per read, one key each.
import { queryOptions } from '@tanstack/react-query';
import type { DocumentsApi } from '../../../../runtime/client/documents';

export const documentKeys = {
  all: (lib: string) => ['documents', lib] as const,
  list: (lib: string, path: string, searchText: string, recursive: boolean) => ['documents', lib, 'list', path, searchText, recursive] as const,
  deleted: (lib: string) => ['documents', lib, 'deleted'] as const,
  one: (lib: string, path: string) => ['documents', lib, 'one', path] as const,
  versions: (lib: string, path: string, variant: string) => ['documents', lib, 'versions', path, variant] as const,
};

export const documentListQueryOptions = (api: DocumentsApi, lib: string, path: string, searchText: string, recursive: boolean) =>
  queryOptions({ queryKey: documentKeys.list(lib, path, searchText, recursive), queryFn: ({ signal }) => api.list(lib, { path, searchText, recursive }, signal) });

export const deletedDocumentsQueryOptions = (api: DocumentsApi, lib: string) => queryOptions({ queryKey: documentKeys.deleted(lib), queryFn: ({ signal }) => api.deleted(lib, undefined, signal) });

export const documentQueryOptions = (api: DocumentsApi, lib: string, path: string) => queryOptions({ queryKey: documentKeys.one(lib, path), queryFn: ({ signal }) => api.get(lib, path, undefined, signal) });

export const documentVersionsQueryOptions = (api: DocumentsApi, lib: string, path: string, variant: string) =>
  queryOptions({ queryKey: documentKeys.versions(lib, path, variant), queryFn: ({ signal }) => api.versions(lib, path, variant, signal) });
