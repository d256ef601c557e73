// The typed document client (runtime/client/documents.ts) from Node over a real listen: the calls the
// documents panel makes, with the 409 of a stale save arriving as an ApiRequestError the panel reads.
import { expect, it } from 'vitest';
import { createClient } from '../../runtime/client/client';
import { documentsApiFor } from '../../runtime/client/documents';
import { ApiRequestError } from '../../runtime/client/errors';
import { memoryStorage } from '../../runtime/client/storage';
import { adminProject } from './fixtures';
import { insertLibrary, paragraph } from './documents-fixtures';
import { DB_KIND, describeApi, login, useServer } from './harness';

describeApi(`runtime/client documents from Node (${DB_KIND})`, () => {
  const server = useServer();

  it('creates, saves, lists, comments, deletes and restores through the typed client', async () => {
    const app = await server().appWith({});
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const cookie = await login(app);
    const lib = await insertLibrary(server().database.db, (await adminProject(server().database.db)).projectUuid, 'Client docs');
    const withCookie: typeof fetch = (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie } });
    const api = documentsApiFor(createClient({ name: 'document', baseUrl: `${base}/api/integration`, timeoutMs: 10_000, storage: memoryStorage({}), fetch: withCookie }));

    const created = await api.create(lib, { path: 'a dir/the doc', variant: 'main', content: [paragraph('Hello')] });
    expect(created).toMatchObject({ path: 'a dir/the doc', variants: [{ name: 'main', version: 1 }] });
    expect((await api.get(lib, 'a dir/the doc')).uuid).toBe(created.uuid);
    const saved = await api.save(lib, { path: 'a dir/the doc', variant: 'main', version: 1, content: [paragraph('Hello again')] });
    expect(saved.variants[0]!.version).toBe(2);
    const stale = await api.save(lib, { path: 'a dir/the doc', variant: 'main', version: 1, content: [paragraph('late')] }).catch((error: unknown) => error);
    expect(stale).toBeInstanceOf(ApiRequestError);
    expect(stale).toMatchObject({ status: 409, messageKey: 'documentChanged' });
    expect((await api.get(lib, 'a dir/the doc', { variant: 'main', version: 1 })).variants[0]!.content).toEqual([paragraph('Hello')]);
    expect((await api.versions(lib, 'a dir/the doc', 'main')).map((version) => version.version)).toEqual([2, 1]);
    expect((await api.restoreVersion(lib, { path: 'a dir/the doc', variant: 'main', version: 1 })).variants[0]!.restored_from).toBe(1);
    expect((await api.list(lib)).items.map((item) => `${item.type}:${item.name}`)).toEqual(['dir:a dir']);
    expect((await api.list(lib, { recursive: true, searchText: 'THE' })).items.map((item) => item.path)).toEqual(['a dir/the doc']);
    const comment = await api.comment(lib, { path: 'a dir/the doc', variant: 'main', content: 'Nice', from: 0, to: 5 });
    expect((await api.comments(lib, 'a dir/the doc', 'main')).map((one) => one.uuid)).toEqual([comment.uuid]);
    await api.removeComment(lib, comment.uuid);
    await api.remove(lib, 'a dir/the doc');
    expect((await api.deleted(lib)).map((one) => one.path)).toEqual(['a dir/the doc']);
    expect((await api.restore(lib, { path: 'a dir/the doc', newPath: 'back/here' })).path).toBe('back/here');
    await app.close();
  });
});
