// GET /types/luma-sdk.d.ts: public, TypeScript, cached and revalidated by ETag; ?kind= adds that
// kind's globals; an unknown kind is a 400 in the error shape; listed in /api/openapi.json.
import { expect, it } from 'vitest';
import { sdkTypes } from '../../runtime/script/sdk';
import { DB_KIND, describeApi, useServer } from './harness';

describeApi(`SDK types (${DB_KIND})`, () => {
  const server = useServer();

  it('serves the whole file without a session, as TypeScript, cached', async () => {
    const { app } = server();
    const response = await app.inject({ url: '/types/luma-sdk.d.ts' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/typescript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.body).toBe(sdkTypes());
    expect(response.body).toContain('interface LumaRecords {');
    expect(response.body).toContain('interface LumaFunctionScope {');
    expect(response.body).toContain('interface LumaEvents {');
    // Without a kind no script name is global (they differ between kinds).
    expect(response.body).not.toContain('declare const context');
    // A browser asking for HTML still gets the file, not the app.
    const asBrowser = await app.inject({ url: '/types/luma-sdk.d.ts', headers: { accept: 'text/html,*/*' } });
    expect(asBrowser.headers['content-type']).toContain('application/typescript');
  });

  it('narrows to one kind', async () => {
    const { app } = server();
    const mutator = await app.inject({ url: '/types/luma-sdk.d.ts?kind=mutator' });
    expect(mutator.statusCode).toBe(200);
    expect(mutator.body).toBe(sdkTypes('mutator'));
    expect(mutator.body).toContain("declare const parent: LumaMutatorScope['parent'];");
    expect(mutator.body).not.toContain('declare const console');
    const fn = await app.inject({ url: '/types/luma-sdk.d.ts?kind=function' });
    expect(fn.body).toContain("declare const context: LumaFunctionScope['context'];");
    expect(fn.body).toContain('declare const console: LumaConsole;');
    expect(fn.headers.etag).not.toBe(mutator.headers.etag);
  });

  it('answers 304 to its own ETag, and HEAD without a body', async () => {
    const { app } = server();
    const first = await app.inject({ url: '/types/luma-sdk.d.ts?kind=route' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    const again = await app.inject({ url: '/types/luma-sdk.d.ts?kind=route', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await app.inject({ url: '/types/luma-sdk.d.ts?kind=spark', headers: { 'if-none-match': etag } });
    expect(other.statusCode).toBe(200);
    const head = await app.inject({ method: 'HEAD', url: '/types/luma-sdk.d.ts' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('application/typescript');
    expect(head.body).toBe('');
  });

  it('refuses an unknown kind with 400 badRequest', async () => {
    const { app } = server();
    for (const kind of ['nope', 'toString', '__proto__']) {
      const response = await app.inject({ url: `/types/luma-sdk.d.ts?kind=${kind}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, message: 'badRequest' });
    }
  });

  it('is in the OpenAPI document as a public call', async () => {
    const { app } = server();
    const doc = (await app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, { get?: { security?: unknown[] } }> };
    expect(doc.paths['/types/luma-sdk.d.ts']?.get?.security).toEqual([]);
  });
});
