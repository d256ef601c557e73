// The whole app (real router, guard, shell, query client and clients) against a fake media host that
// follows runtime/api/media.ts: fetch is replaced at the client boundary (as iam-harness.tsx does),
// and the uploader through the context the upload modal reads it from.
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import type { MediaFile, MediaLibrary } from '../../runtime/api/media';
import { browserStorage, STORAGE_KEY } from '../../runtime/client/storage';
import { toastStore } from '../../renderers/ui/toast';
import { mediaErrorStore } from '../../src/app/features/media/errors';
import { MediaUploaderContext, type Uploader } from '../../src/app/features/media/upload';
import { UploadFailed, UploadInBackground, type UploadTarget } from '../../runtime/media/upload';
import { openReportError, reportErrorStore } from '../../src/app/api/reportError';
import { setServerErrorHandler } from '../../runtime/client/clients';
import { createAppRouter, createQueryClient, type AppRouter } from '../../src/app/routes/router';
import { withIntl } from './harness';

export const PROJECT = '00000000-0000-4000-8000-0000000000b1';
export const LIB = '00000000-0000-4000-8000-00000000c001';

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

export interface FakeMedia {
  isAdmin: boolean;
  permissions: string[];
  libraries: MediaLibrary[];
  files: MediaFile[];
  calls: Call[];
  /** Forced answers: `${METHOD} ${path}` -> status and body. */
  fail: Record<string, { status: number; body: unknown }>;
  uploads: { target: UploadTarget; file: string }[];
  /** Documents per library, for the documents tab. */
  documents: { lib: string; path: string }[];
  /** The transaction host: the products payment_info says need a subscription, and the project's subscriptions' product types and states. */
  productsRequired: string[];
  subscriptions: { product_type: string; state: string }[];
}

export let media: FakeMedia;

const at = '2030-01-01T10:00:00Z';

export function library(uuid: string, name: string, rest: Partial<MediaLibrary> = {}): MediaLibrary {
  return {
    uuid, name, provider: 'luma-simple', s3_bucket: null, s3_key: null, s3_secret: null, s3_endpoint: null, s3_region: null,
    host: null, dir: '', allowed_storage: null, size: 2048, free_space: null, roles: [], ...rest,
  };
}

export function file(key: string, rest: Partial<MediaFile> = {}): MediaFile {
  const name = key.split('/').at(-1)!;
  const dir = rest.mime_type === 'dir';
  return {
    uuid: `uuid-${key}`, key, name, orig_name: name, ext: dir ? '' : (name.split('.').at(-1) ?? ''), size: 2048, mime_type: 'image/png',
    local_url: `/media/library/${LIB}/get/${key}`, public_url: null, public: false, created_by: null, metadata: {}, status: 'active',
    public_path: null, library_uuid: LIB, expires_at: null, created_at: at, updated_at: at, ...rest,
  };
}

export const dir = (key: string) => file(key, { mime_type: 'dir', size: 0 });

export const ALL_MEDIA = ['use', 'upload', 'create_dir', 'delete_dir', 'download', 'delete'].map((v) => `${v} luma-media`);

export function freshMedia(): FakeMedia {
  return { isAdmin: true, permissions: ALL_MEDIA, libraries: [library(LIB, 'Photos')], files: [], calls: [], fail: {}, uploads: [], documents: [], productsRequired: [], subscriptions: [] };
}

function json(body: unknown, status = 200): Response {
  const payload = status >= 400 && body && typeof body === 'object' ? { status, ...body } : body;
  return new Response(payload === undefined ? '' : JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
}

const parentOf = (key: string) => key.split('/').slice(0, -1).join('/');
const order = (a: MediaFile, b: MediaFile) => (a.mime_type === 'dir' ? 0 : 1) - (b.mime_type === 'dir' ? 0 : 1) || a.key.localeCompare(b.key);

async function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
  const path = url.pathname;
  media.calls.push({ method, path, body });
  const forced = media.fail[`${method} ${path}`];
  if (forced) return json(forced.body, forced.status);
  let m: RegExpExecArray | null;

  // Session and shell.
  if (path === '/api/v1/user/claims') return json({ ProjectUUID: PROJECT, IsAdmin: media.isAdmin });
  if (path === '/api/v1/user/model') {
    return json({ uuid: 'me', name: 'Ada', email: 'ada@example.com', settings: {}, billing_address: null, login_at: at, status: 'active', project_uuid: PROJECT, workspace_uuid: 'ws-1', is_admin: media.isAdmin });
  }
  if (path === '/api/v3/system/component/menu') return json([]);
  if (path === '/api/v1/user/role/permissions') return json({ is_admin: media.isAdmin, permissions: media.permissions, roles: [] });
  if (path === '/api/v1/user/role/list') return json([{ uuid: 'role-editor', name: 'Editor' }]);
  if (path === '/api/v1/project/info') return json({ uuid: PROJECT, name: 'Acme', workspaces: [], users: [], account: { owner_uuid: 'me' } });
  if (path === '/api/v1/project/list') return json([]);

  // The transaction host's reads the create sidebar's Buy asks (media/purchase.ts).
  if (path === '/api/transaction/billing/subscription/payment_info') return json({ methods: [], bank: null, billing_information: true, products_required: media.productsRequired });
  if (path === '/api/transaction/billing/subscription') return json({ items: media.subscriptions, limits: { users: 25, sparks: 10, public_apps: 1 } });

  // Media host.
  if (path === '/api/media/v1/dms/media/library/list') return json(media.libraries);
  if ((m = /^\/api\/media\/v1\/dms\/media\/library\/info\/([^/]+)$/.exec(path))) {
    const lib = media.libraries.find((l) => l.uuid === m![1]);
    return lib ? json(lib) : json({ message: 'libraryNotFound' }, 404);
  }
  if (path === '/api/media/v1/dms/media/library' && method === 'POST') {
    const created = library(`lib-${media.libraries.length + 1}`, String(body!.name), { provider: body!.provider as MediaLibrary['provider'], dir: String(body!.dir ?? '') });
    media.libraries.push(created);
    return json(created, 201);
  }
  if ((m = /^\/api\/media\/v1\/dms\/media\/library\/([^/]+)$/.exec(path))) {
    const lib = media.libraries.find((l) => l.uuid === m![1]);
    if (!lib) return json({ message: 'libraryNotFound' }, 404);
    if (method === 'DELETE') {
      media.libraries = media.libraries.filter((l) => l !== lib);
      return json({});
    }
    Object.assign(lib, body, { s3_secret: lib.s3_secret });
    return json(lib);
  }
  if (path === '/api/media/v1/dms/media/list') {
    const { path: dirPath, last_key, limit, search } = body as { path: string; last_key?: string | null; limit: number; search?: string };
    const all = media.files
      .filter((f) => f.library_uuid === body!.library_uuid && (search ? f.key.startsWith(dirPath ? `${dirPath}/` : '') && f.name.includes(search) : parentOf(f.key) === dirPath))
      .sort(order);
    const from = last_key ? all.findIndex((f) => f.key === last_key) + 1 : 0;
    const items = all.slice(from, from + limit);
    return json({ items, last_key: items.length === limit ? items.at(-1)!.key : null });
  }
  if ((m = /^\/api\/media\/v2\/dms\/media\/library\/([^/]+)\/dirs$/.exec(path))) {
    const under = String(body!.path);
    return json(media.files.filter((f) => f.mime_type === 'dir' && parentOf(f.key) === under).map((f) => f.name));
  }
  if ((m = /^\/api\/media\/v2\/dms\/media\/library\/([^/]+)\/dir$/.exec(path))) {
    const created = dir(String(body!.path));
    media.files.push(created);
    return json(created, 201);
  }
  if ((m = /^\/api\/media\/v2\/dms\/media\/library\/([^/]+)\/delete\/dir$/.exec(path))) {
    const gone = String(body!.path);
    media.files = media.files.filter((f) => f.key !== gone && !f.key.startsWith(`${gone}/`));
    return json({});
  }
  if ((m = /^\/api\/media\/v2\/dms\/media\/library\/([^/]+)\/download$/.exec(path))) {
    return new Response('bytes', { status: 200, headers: { 'content-type': 'image/png', 'content-disposition': 'attachment' } });
  }
  if (path === '/api/media/v2/dms/media/delete') {
    const items = body!.items as string[];
    media.files = media.files.filter((f) => !items.includes(f.key));
    return json({});
  }
  if (path === '/api/media/media/move') {
    const items = body!.items as string[];
    const target = String(body!.path);
    const moved = media.files.filter((f) => items.includes(f.key));
    for (const f of moved) f.key = target ? `${target}/${f.name}` : f.name;
    return json(moved);
  }
  if ((m = /^\/api\/media\/v1\/media\/edit\/([^/]+)$/.exec(path))) {
    const f = media.files.find((x) => x.uuid === decodeURIComponent(m![1]!));
    if (!f) return json({ message: 'fileNotFound' }, 404);
    Object.assign(f, { name: body!.name, public: body!.public, metadata: body!.metadata, expires_at: body!.expiresAt });
    return json(f);
  }
  if ((m = /^\/api\/media\/v1\/media\/library\/([^/]+)\/share$/.exec(path))) {
    return json({ data: `/media/library/${m[1]}/get/${String(body!.key)}?token=signed` });
  }
  // The documents tab's list (the documents host; documents-panel.test.tsx covers the panel itself).
  const docs = /^\/api\/integration\/dms\/documents\/([^/]+)\/list$/.exec(path);
  if (docs && method === 'GET') {
    const items = media.documents.filter((d) => d.lib === docs[1]).map((d) => ({ type: 'document', path: d.path, name: d.path.split('/').at(-1)!, uuid: `doc-${d.path}`, updated_at: at, variants: ['main'] }));
    return json({ path: url.searchParams.get('path') ?? '', items, truncated: false });
  }
  return json({ message: 'notFound' }, 404);
}

/** The uploader the app hands the upload machine (runtime/media/upload's uploadFiles, tested against
 * the real tus endpoint in tests/api): here it stores into the fake host, with progress at half way,
 * and can hold, refuse or lose the result. */
export const uploads = {
  hold: false,
  pending: [] as (() => void)[],
  failure: null as UploadFailed | null,
  background: false,
};

const aborted = () => new DOMException('The upload was cancelled', 'AbortError');

export const fakeUploader: Uploader = async (files, target, callbacks = {}, signal = new AbortController().signal) => {
  const stored: MediaFile[] = [];
  for (const [index, source] of files.entries()) {
    const name = source.name ?? 'file';
    media.uploads.push({ target, file: name });
    await new Promise((resolve) => setTimeout(resolve, 0));
    callbacks.onProgress?.(index, Math.floor(source.size / 2), source.size);
    if (uploads.hold) {
      await new Promise<void>((resolve, reject) => {
        uploads.pending.push(resolve);
        signal.addEventListener('abort', () => reject(aborted()), { once: true });
      });
    }
    if (signal.aborted) throw aborted();
    if (uploads.failure) throw uploads.failure;
    if (uploads.background) throw new UploadInBackground(index, '/api/media/v2/dms/media/upload/tus/x', stored);
    callbacks.onProgress?.(index, source.size, source.size);
    const created = file(target.path ? `${target.path}/${name}` : name, { public: target.isPublic });
    media.files.push(created);
    callbacks.onFileStored?.(index, created);
    stored.push(created);
  }
  return stored;
};

export const mediaCalls = (suffix: string) => media.calls.filter((c) => c.path.endsWith(suffix));

export let router: AppRouter;

beforeEach(() => {
  // As main.tsx does: a server error opens the report modal.
  setServerErrorHandler((error) => openReportError(error.requestUuid));
  media = freshMedia();
  toastStore.set([]);
  mediaErrorStore.set(null);
  reportErrorStore.set({ open: false, requestUuid: null });
  uploads.hold = false;
  uploads.pending = [];
  uploads.failure = null;
  uploads.background = false;
  browserStorage.setItem(STORAGE_KEY.projectUuid, PROJECT);
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  vi.stubGlobal('scrollTo', () => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(async () => undefined) }, configurable: true });
  // The download's temporary link: jsdom does not navigate.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  setServerErrorHandler(() => undefined);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

export async function mountApp(path: string): Promise<void> {
  const queryClient = createQueryClient();
  router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  render(withIntl(
    <QueryClientProvider client={queryClient}>
      <MediaUploaderContext.Provider value={fakeUploader}>
        <RouterProvider router={router} />
      </MediaUploaderContext.Provider>
    </QueryClientProvider>,
  ));
}

export const location = () => router.state.location;
