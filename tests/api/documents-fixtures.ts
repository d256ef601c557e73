// Documents test helpers: a library row written straight to the database (the media host's create
// call belongs to another part of the media issue) and a small client for the document calls.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { toJson } from '../../src/server/db/json';
import type { Database } from '../../src/server/db/schema';

type Db = Kysely<Database>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export async function insertLibrary(db: Db, projectUuid: string, name: string, roles: string[] = [], provider: 'luma-simple' | 's3' = 's3'): Promise<string> {
  const uuid = crypto.randomUUID();
  await db.insertInto('media_libraries').values({ uuid, project_uuid: projectUuid, name, provider, roles: toJson(roles) }).execute();
  return uuid;
}

export async function setMediaIntegration(db: Db, projectUuid: string, disabled: boolean): Promise<void> {
  await db
    .insertInto('integrations')
    .values({ project_uuid: projectUuid, id: 'luma-media', disabled })
    .onConflict((oc) => oc.columns(['project_uuid', 'id']).doUpdateSet({ disabled }))
    .execute();
}

/** The document calls of one caller on one library; `raw` sends a path exactly as given. */
export function documentsApi(app: () => FastifyInstance, cookie: () => string, lib: () => string) {
  const send = (method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse> =>
    app().inject({ method, url: `/api/integration/dms/documents/${lib()}${url}`, headers: { cookie: cookie() }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const enc = (path: string) => path.split('/').map(encodeURIComponent).join('/');
  return {
    send,
    create: (body: unknown) => send('POST', '/document', body),
    get: (path: string, query = '') => send('GET', `/document/${enc(path)}${query}`),
    patch: (body: unknown) => send('PATCH', '/document', body),
    remove: (path: string) => send('DELETE', `/document/${enc(path)}`),
    list: (query = '') => send('GET', `/list${query}`),
    deleted: (query = '') => send('GET', `/list/__deleted__${query}`),
    restore: (body: unknown) => send('POST', '/restore', body),
    comment: (body: unknown) => send('POST', '/document/comment', body),
    comments: (path: string, query = '') => send('GET', `/comments/${enc(path)}${query}`),
    removeComment: (uuid: string) => send('DELETE', `/comment/${uuid}`),
    versions: (path: string, variant: string) => send('GET', `/versions/${enc(path)}?variant=${encodeURIComponent(variant)}`),
    restoreVersion: (body: unknown) => send('POST', '/version/restore', body),
  };
}

export const paragraph = (text: string) => ({ type: 'paragraph', children: [{ text }] });
