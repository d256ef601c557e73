// What the hostile review of the media, documents and integration APIs shares (issue 16;
// media-hostile-paths.test.ts and media-hostile-files.test.ts): a GET over a real socket, the message
// of an answer, a valid share date, and the scene every case works on, built before the block's cases.
import { request as httpRequest } from 'node:http';
import { beforeAll, expect } from 'vitest';
import { addMember, createProject, createUser } from './fixtures';
import { login, SETUP_TIMEOUT_MS, useServer } from './harness';
import { mediaApi, png } from './media-fixtures';

/** A GET over a real socket with the path sent byte for byte (no client normalises it). */
export function rawGet(base: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method: 'GET', path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export const messageOf = (body: Buffer | string): unknown => {
  try {
    return JSON.parse(body.toString()).message;
  } catch {
    return undefined;
  }
};

export const shareDate = () => new Date(Math.ceil((Date.now() + 86_400_000) / 300_000) * 300_000).toISOString();

/**
 * The server of one describe block and its scene: two libraries here (a simple one with secret.png,
 * other.png and the directory docs; an s3 one whose endpoint does not answer), a library with a
 * private file in another project, a member of that project only, and the app listening for raw
 * HTTP. Builds it in the block's beforeAll, which fills `state` in; call it first in the block.
 */
export function useHostileScene() {
  const server = useServer({ LUMA_PUBLIC_URL: 'http://luma.test' });
  const app = () => server().app;
  const db = () => server().database.db;
  const state = { cookie: '', lib: '', otherLib: '', foreignLib: '', foreignFile: '', foreignProject: '', foreignCookie: '', base: '' };
  const api = mediaApi(app, () => state.cookie);
  const anonymous = mediaApi(app, () => undefined);

  // Two libraries here, one library with a private file in another project, a member of that project only.
  beforeAll(async () => {
    state.cookie = await login(app());
    const lib = (state.lib = (await api.createLibrary({ name: 'Hostile', provider: 'luma-simple' })).json().uuid);
    const s3like = await api.createLibrary({ name: 'Second', provider: 's3', s3_endpoint: 'http://127.0.0.1:1', s3_region: 'us-east-1', s3_bucket: 'bucket', s3_key: 'key1', s3_secret: 'secret1', host: 'http://127.0.0.1:1/bucket' });
    expect(s3like.statusCode, s3like.body).toBe(200);
    state.otherLib = s3like.json().uuid;
    expect((await api.upload({ fields: { uuid: lib }, files: [{ name: 'secret.png', body: png() }, { name: 'other.png', body: png() }] })).statusCode).toBe(200);
    expect((await api.createDir(lib, 'docs')).statusCode).toBe(200);
    const other = await createProject(db(), 'Foreign');
    state.foreignProject = other.projectUuid;
    const foreignLib = (state.foreignLib = crypto.randomUUID());
    const foreignFile = (state.foreignFile = crypto.randomUUID());
    await db().insertInto('media_libraries').values({ uuid: foreignLib, project_uuid: other.projectUuid, name: 'Theirs', provider: 'luma-simple' }).execute();
    await db().insertInto('media_files').values({ uuid: foreignFile, library_uuid: foreignLib, parent: '', key: 'theirs.png', name: 'theirs.png', orig_name: 'theirs.png', size: 1, mime_type: 'image/png', public: false }).execute();
    const userUuid = await createUser(db(), 'foreign@hostile.test', 'foreign password');
    await addMember(db(), other.projectUuid, userUuid, true);
    state.foreignCookie = await login(app(), 'foreign@hostile.test', 'foreign password');
    state.base = await app().listen({ port: 0, host: '127.0.0.1' });
  }, SETUP_TIMEOUT_MS);

  return { server, app, db, api, anonymous, state };
}
