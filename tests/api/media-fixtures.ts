// Helpers of the media API tests: the media calls of one caller, multipart upload bodies, the file
// URL, small files of known types, and a library of either provider (luma-simple on a temp dir,
// s3 against the real S3-compatible server of tests/support/s3-server.ts).
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { deflateSync } from 'node:zlib';
import { startS3Server, type S3TestServer } from '../support/s3-server';

type App = () => FastifyInstance;

export interface UploadRequest {
  files: { name: string; body: Buffer | string; type?: string }[];
  fields?: Record<string, string>;
  /** Send the file parts before the text fields. */
  filesFirst?: boolean;
}

export function uploadBody(request: UploadRequest): { body: Buffer; contentType: string } {
  const boundary = `----lumamedia${Math.random().toString(16).slice(2)}`;
  const fieldParts = Object.entries(request.fields ?? {}).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const fileParts = request.files.flatMap((file) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'image/png'}\r\n\r\n`),
    Buffer.isBuffer(file.body) ? file.body : Buffer.from(file.body),
    Buffer.from('\r\n'),
  ]);
  const parts = request.filesFirst ? [...fileParts, ...fieldParts] : [...fieldParts, ...fileParts];
  return { body: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function mediaApi(app: App, cookie: () => string | undefined) {
  const headers = (more: Record<string, string> = {}) => ({ ...(cookie() ? { cookie: cookie()! } : {}), ...more });
  const post = (url: string, payload: unknown) => app().inject({ method: 'POST', url: `/api/media${url}`, payload: payload as object, headers: headers() });
  return {
    libraries: () => app().inject({ method: 'GET', url: '/api/media/v1/dms/media/library/list', headers: headers() }),
    info: (id: string) => app().inject({ method: 'GET', url: `/api/media/v1/dms/media/library/info/${encodeURIComponent(id)}`, headers: headers() }),
    createLibrary: (body: unknown) => post('/v1/dms/media/library', body),
    updateLibrary: (uuid: string, body: unknown) => post(`/v1/dms/media/library/${encodeURIComponent(uuid)}`, body),
    removeLibrary: (uuid: string) => app().inject({ method: 'DELETE', url: `/api/media/v1/dms/media/library/${encodeURIComponent(uuid)}`, headers: headers() }),
    list: (body: Record<string, unknown>) => post('/v1/dms/media/list', body),
    dirs: (uuid: string, path: string) => post(`/v2/dms/media/library/${encodeURIComponent(uuid)}/dirs`, { path }),
    createDir: (uuid: string, path: string) => post(`/v2/dms/media/library/${encodeURIComponent(uuid)}/dir`, { path }),
    deleteDir: (uuid: string, path: string) => post(`/v2/dms/media/library/${encodeURIComponent(uuid)}/delete/dir`, { path }),
    download: (uuid: string, key: string, more: Record<string, string> = {}) =>
      app().inject({ method: 'POST', url: `/api/media/v2/dms/media/library/${encodeURIComponent(uuid)}/download`, payload: { key }, headers: headers(more) }),
    remove: (library_uuid: string, items: unknown[], version: 'v1' | 'v2' = 'v2') => post(`/${version}/dms/media/delete`, { library_uuid, items }),
    move: (library_uuid: string, path: string, items: unknown[]) => post('/media/move', { library_uuid, path, items }),
    edit: (uuid: string, body: unknown) => post(`/v1/media/edit/${encodeURIComponent(uuid)}`, body),
    share: (libraryUuid: string, body: unknown) => post(`/v1/media/library/${encodeURIComponent(libraryUuid)}/share`, body),
    upload: (request: UploadRequest, url = '/v2/dms/media/upload') => {
      const { body, contentType } = uploadBody(request);
      return app().inject({ method: 'POST', url: `/api/media${url}`, payload: body, headers: headers({ 'content-type': contentType }) });
    },
    /** GET of a site-root path (the file URL), with this caller's cookie when it has one. */
    fetch: (url: string, more: Record<string, string> = {}) => app().inject({ method: 'GET', url, headers: headers(more) }),
  };
}

export type MediaApi = ReturnType<typeof mediaApi>;

/** A real PNG of w x h pixels (grey), small enough to build in a test. */
export function png(width = 4, height = 4): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buffer: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buffer) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const SVG = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';
export const HTML = '<!doctype html><html><body><script>fetch("/api/v1/user/model")</script></body></html>';
/** A GIF header with HTML after it: its magic bytes say image/gif. */
export const POLYGLOT = Buffer.concat([Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), Buffer.from('<html><script>alert(1)</script></html>')]);

export type Provider = 'luma-simple' | 's3';

/** What a library of the provider needs besides its name (s3: a fresh bucket on the test server). */
export async function providerInput(provider: Provider, s3: () => S3TestServer, bucket: string): Promise<Record<string, unknown>> {
  if (provider === 'luma-simple') return { provider };
  await s3().createBucket(bucket);
  return {
    provider,
    s3_endpoint: s3().endpoint,
    s3_region: s3().region,
    s3_bucket: bucket,
    s3_key: s3().accessKeyId,
    s3_secret: s3().secretAccessKey,
    host: `${s3().endpoint}/${bucket}`,
  };
}

export { startS3Server };

export function json(response: LightMyRequestResponse): any {
  return response.json();
}
