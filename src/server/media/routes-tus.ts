// The resumable upload (docs/media-upload.md): the tus 1.0.0 protocol by @tus/server with its file
// store, mounted under /api/media/v2/dms/media/upload/tus. The session hook of the media host has
// already found the caller (session or bearer). The create (POST) is judged whole before the store
// makes its empty file: permission, library, key, declared length against the size limit and the
// quota, expiry (media/uploads.ts). Bytes stream from the socket to the partial file (flat
// memory); a dropped connection keeps what arrived, and HEAD answers the offset to resume from.
// The last byte hands the file to storeFile (media/files.ts), whose MediaFile is answered
// in the final PATCH's Luma-Media-File header and at GET .../{id}/result; the partial file is then removed.
import { randomBytes } from 'node:crypto';
import { createReadStream, rmSync } from 'node:fs';
import { mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server as TusServer, type Upload } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_KEY } from '../../../runtime/api/contract';
import { MEDIA_MESSAGE, mediaFileSchema, type MediaFile } from '../../../runtime/api/media';
import {
  TUS_ABANDONED_AFTER_MS,
  TUS_ENDPOINT,
  TUS_EXPOSED_HEADERS,
  TUS_PATH,
  TUS_RESULT_HEADER,
  UPLOAD_MESSAGE,
  encodeResultHeader,
} from '../../../runtime/api/media-upload';
import { replies } from '../../../runtime/api/schemas';
import { nowDate } from '../platform/clock';
import type { ServerContext } from '../platform/context';
import { HttpError, messageForStatus } from '../platform/errors';
import { applySecurityHeaders } from '../platform/security';
import { storeFile } from './files';
import { checkUploadAllowed, readUploadTarget } from './uploads';
import type { Accountability } from '../auth/tenancy';
import { accountabilityOf } from '../auth/session-hook';

export interface TusOptions {
  /** Where partial uploads live (default: <data dir>/uploads-tus; a temp dir with an in-memory database). */
  directory?: string;
  /** How often this instance sweeps abandoned partial uploads (ms; 0: never, tests sweep by hand). */
  sweepEveryMs?: number;
}

const temporaryDirs = new Set<string>();
/**
 * Names this process's temp dir with more than its pid: a process killed before its exit hook leaves
 * its dir behind, and a later process given the same pid would otherwise inherit hours-old partials.
 */
const processToken = randomBytes(6).toString('hex');

/** Owner fields the server adds to an upload's metadata (a client's own values are overwritten). */
const OWNER = { user: 'luma_user', project: 'luma_project' } as const;
const RESULT_SUFFIX = '.result.json';
/** A header stays well under common proxy limits (8 KiB); a larger result is fetched from /result. */
const MAX_RESULT_HEADER = 6000;

export function tusDirectory(config: ServerContext['config'], given?: string): string {
  if (given) return resolve(given);
  // An in-memory database keeps nothing: its partial uploads go to this process's own temp dir.
  if (config.dataDir.startsWith('memory://')) return join(tmpdir(), `luma-uploads-tus-${process.pid}-${processToken}`);
  return join(resolve(config.dataDir), 'uploads-tus');
}

/** An error as the tus server answers it: the app's ApiError body. */
function tusError(error: unknown): { status_code: number; body: string } {
  if (error instanceof HttpError) {
    return { status_code: error.status, body: JSON.stringify({ status: error.status, message: error.message, ...(error.errors ? { errors: error.errors } : {}) }) };
  }
  throw error;
}

/** The one tus protocol version served (the Tus-Resumable of every request and reply). */
const TUS_VERSION = '1.0.0';

/**
 * A request without Tus-Resumable, or naming a version not served, is 412 with Tus-Version (the
 * protocol's rule), in the app's error shape; @tus/server's own 412 is plain text.
 */
function checkTusResumable(request: FastifyRequest): void {
  const version = request.headers['tus-resumable'];
  if (version === TUS_VERSION) return;
  const message = version === undefined ? 'identityField.requiredField' : 'invalid';
  throw new HttpError(412, ERROR_KEY.badRequest, [{ field: 'Tus-Resumable', messages: [message] }], { 'Tus-Resumable': TUS_VERSION, 'Tus-Version': TUS_VERSION });
}

interface StoredResult {
  user: string;
  project: string;
  file: MediaFile;
}

/**
 * Removes partial uploads that received no byte for `olderThanMs` (and results nobody fetched),
 * judged at `at`. Each instance sweeps its own directory: partial files are local to the instance
 * that received them (docs/media-upload.md "Two instances"). Answers how many uploads went.
 */
export async function sweepAbandonedUploads(directory: string, at: Date, olderThanMs = TUS_ABANDONED_AFTER_MS): Promise<number> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch {
    return 0;
  }
  const cutoff = at.getTime() - olderThanMs;
  let removed = 0;
  const lastTouched = async (path: string) => (await stat(path).catch(() => null))?.mtimeMs ?? null;
  for (const name of names) {
    if (name.endsWith(RESULT_SUFFIX)) {
      const touched = await lastTouched(join(directory, name));
      if (touched !== null && touched < cutoff) await rm(join(directory, name), { force: true });
      continue;
    }
    if (!name.endsWith('.json')) continue;
    const id = name.slice(0, -'.json'.length);
    // The data file's mtime moves with every byte; its info file only at the create.
    const touched = (await lastTouched(join(directory, id))) ?? (await lastTouched(join(directory, name)));
    if (touched === null || touched >= cutoff) continue;
    await rm(join(directory, id), { force: true });
    await rm(join(directory, name), { force: true });
    removed += 1;
  }
  return removed;
}

/** What the tus server and the routes share: the directory, the store, and the caller of each raw request. */
interface TusPlace {
  directory: string;
  store: FileStore;
  /** The caller of each raw request, found by the media host's session hook. */
  callers: WeakMap<object, Accountability>;
}

/** A tus hook's request is the raw request the route handed over: its caller was kept for it. */
function callerOf(place: TusPlace, req: { runtime?: { node?: { req: object } } }): Accountability {
  const raw = req.runtime?.node?.req;
  const accountability = raw ? place.callers.get(raw) : undefined;
  if (!accountability) throw { status_code: 401, body: JSON.stringify({ status: 401, message: 'unauthorized' }) };
  return accountability;
}

const resultPath = (place: TusPlace, id: string) => join(place.directory, `${id}${RESULT_SUFFIX}`);

/** A tus refusal of the protocol's own (a stale offset, a wrong content type) in the app's error shape. */
function protocolError(error: unknown): { status_code: number; body: string } | undefined {
  const { status_code: status = 500, body = '' } = error as { status_code?: number; body?: string };
  if (body.startsWith('{')) return undefined;
  if (status >= 500) return undefined;
  return { status_code: status, body: JSON.stringify({ status, message: status === 413 ? MEDIA_MESSAGE.fileTooLarge : status === 404 || status === 410 ? UPLOAD_MESSAGE.uploadNotFound : messageForStatus(status), detail: body.trim() }) };
}

/** The last byte arrived: the file is stored (storeFile), its result kept for HEAD and GET .../result, the partial file removed. */
async function finishUpload(host: FastifyInstance, context: ServerContext, place: TusPlace, accountability: Accountability, upload: Upload): Promise<{ headers: Record<string, string> }> {
  let file: MediaFile;
  const body = createReadStream(join(place.directory, upload.id));
  try {
    const target = readUploadTarget(upload.metadata ?? {});
    file = await storeFile(context, accountability, { ...target, size: upload.size, body });
  } catch (error) {
    body.destroy();
    // Refused at the end (a file appeared at the key, the quota filled meanwhile): nothing to resume.
    await place.store.remove(upload.id).catch(() => undefined);
    if (!(error instanceof HttpError)) host.log.error({ err: error }, 'storing a finished upload failed');
    throw tusError(error);
  }
  const result: StoredResult = { user: accountability.user.uuid, project: accountability.project_uuid ?? '', file };
  // The result first, then the partial file goes: a HEAD in between still answers the full offset.
  await writeFile(resultPath(place, upload.id), JSON.stringify({ ...result, size: upload.size }));
  await place.store.remove(upload.id).catch(() => undefined);
  const header = encodeResultHeader(file);
  return { headers: header.length <= MAX_RESULT_HEADER ? { [TUS_RESULT_HEADER]: header } : {} };
}

function tusServer(host: FastifyInstance, context: ServerContext, place: TusPlace): TusServer {
  return new TusServer({
    path: TUS_ENDPOINT,
    datastore: place.store,
    relativeLocation: true,
    // No maxSize here: the create's own check judges the size with the quota and answers its key;
    // a PATCH can never pass the declared length anyway.
    exposedHeaders: TUS_EXPOSED_HEADERS,
    // Same origin only: the app's origin check has judged any Origin already.
    allowedOrigins: context.config.writeOrigins,
    onResponseError: (_req, error) => protocolError(error),
    async onUploadCreate(req, upload) {
      const accountability = callerOf(place, req);
      try {
        const target = readUploadTarget(upload.metadata ?? {});
        await checkUploadAllowed(context, accountability, target, upload.sizeIsDeferred ? undefined : upload.size);
      } catch (error) {
        throw tusError(error);
      }
      return { metadata: { ...upload.metadata, [OWNER.user]: accountability.user.uuid, [OWNER.project]: accountability.project_uuid ?? '' } };
    },
    // HEAD, PATCH, DELETE (and the POST's own new id, which has no upload yet): only its creator.
    async onIncomingRequest(req, id) {
      if (req.method === 'POST') return;
      const accountability = callerOf(place, req);
      const upload = await place.store.getUpload(id).catch(() => null);
      if (!upload) return; // the tus handler answers 404 itself
      if (upload.metadata?.[OWNER.user] !== accountability.user.uuid || upload.metadata?.[OWNER.project] !== (accountability.project_uuid ?? '')) {
        throw { status_code: 404, body: JSON.stringify({ status: 404, message: UPLOAD_MESSAGE.uploadNotFound }) };
      }
    },
    onUploadFinish: async (req, upload) => finishUpload(host, context, place, callerOf(place, req), upload),
  });
}

/** A finished upload's stored result, when it is the caller's. */
async function readResult(place: TusPlace, id: string, accountability: Accountability): Promise<(StoredResult & { size: number }) | null> {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(id)) return null;
  const text = await readFile(resultPath(place, id), 'utf8').catch(() => null);
  if (text === null) return null;
  const result = JSON.parse(text) as StoredResult & { size: number };
  return result.user === accountability.user.uuid && result.project === (accountability.project_uuid ?? '') ? result : null;
}

/** The tus routes: the protocol's calls handed to the tus server raw, and the finished upload's result. */
function tusRoutes(context: ServerContext, place: TusPlace, tus: TusServer) {
  /** Hands the raw request to the tus server, with the app's security headers on its reply. */
  const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
    checkTusResumable(request);
    place.callers.set(request.raw, accountabilityOf(request));
    applySecurityHeaders(request, reply, context.config);
    reply.hijack();
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
    await tus.handle(request.raw, reply.raw);
  };
  const schema = (summary: string, codes: Record<number, object>) => ({ tags: ['media'], summary, response: replies(codes) });
  const empty = { type: 'null' } as const;

  return async (routes: FastifyInstance) => {
    // The bytes stay in the socket for the tus server to stream: no parser reads them here.
    routes.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null, undefined));
    routes.post(TUS_PATH, { schema: schema('Create a resumable upload (tus)', { 201: empty }) }, handOver);
    routes.route({
      method: 'HEAD',
      url: `${TUS_PATH}/:id`,
      schema: schema("An upload's offset (tus)", { 200: empty }),
      handler: async (request, reply) => {
        checkTusResumable(request);
        const id = (request.params as { id: string }).id;
        // Stored already: the partial file is gone, the offset is the whole length.
        const result = await readResult(place, id, accountabilityOf(request));
        if (!result) return handOver(request, reply);
        return reply
          .code(200)
          .header('Tus-Resumable', '1.0.0')
          .header('Upload-Offset', String(result.size))
          .header('Upload-Length', String(result.size))
          .header('Cache-Control', 'no-store')
          .send();
      },
    });
    routes.patch(`${TUS_PATH}/:id`, { schema: schema('Append bytes at Upload-Offset (tus)', { 204: empty }) }, handOver);
    routes.delete(`${TUS_PATH}/:id`, { schema: schema('Cancel an upload (tus)', { 204: empty }) }, handOver);
    routes.get(`${TUS_PATH}/:id/result`, { schema: schema('The stored media file of a finished upload', { 200: mediaFileSchema }) }, async (request) => {
      const id = (request.params as { id: string }).id;
      const result = await readResult(place, id, accountabilityOf(request));
      if (result) return result.file;
      // Still uploading (or never this caller's): not finished; nothing said about whose it is.
      throw new HttpError(404, UPLOAD_MESSAGE.uploadNotFinished);
    });
  };
}

/** Mounts the tus routes on the media host (called from its plugin, so they share its prefix and session hook). */
export async function installTusUpload(host: FastifyInstance, context: ServerContext, tusOptions: TusOptions = {}): Promise<void> {
  const directory = tusDirectory(context.config, tusOptions.directory);
  await mkdir(directory, { recursive: true });
  const place: TusPlace = { directory, store: new FileStore({ directory }), callers: new WeakMap() };
  await host.register(tusRoutes(context, place, tusServer(host, context, place)));

  const every = tusOptions.sweepEveryMs ?? 60 * 60 * 1000;
  if (every > 0) {
    const timer = setInterval(() => {
      sweepAbandonedUploads(directory, nowDate()).catch((error) => host.log.error({ err: error }, 'sweeping abandoned uploads failed'));
    }, every);
    timer.unref();
    host.addHook('onClose', async () => clearInterval(timer));
  }
  // An in-memory server's temp dir is this process's (apps on one database share it): gone when the process ends.
  if (context.config.dataDir.startsWith('memory://') && !temporaryDirs.has(directory)) {
    temporaryDirs.add(directory);
    process.once('exit', () => rmSync(directory, { recursive: true, force: true }));
  }
}
