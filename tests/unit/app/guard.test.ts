import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../runtime/client/errors';
import { DEFAULT_AFTER_LOGIN, resolveEntry, safeRedirect } from '../../../src/app/routes/guard';

describe('resolveEntry (the entry guard)', () => {
  it('continues and hands back the project id when the claims carry one', () => {
    expect(resolveEntry({ claims: { ProjectUUID: 'p-1', IsAdmin: true } }, '/admin/dashboard')).toEqual({
      kind: 'continue',
      projectUuid: 'p-1',
    });
  });

  it('sends a user without a project to /?force=true', () => {
    const decision = resolveEntry({ claims: { ProjectUUID: null, IsAdmin: false } }, '/admin/dashboard');
    expect(decision).toEqual({ kind: 'noAccess', reason: 'noProject', to: '/', search: { force: true } });
  });

  it('treats an empty project id as no project', () => {
    expect(resolveEntry({ claims: { ProjectUUID: '', IsAdmin: false } }, '/home')).toMatchObject({ kind: 'noAccess', reason: 'noProject' });
  });

  it("sends a member the server says can open nothing to /?force=true with the server's reason", () => {
    for (const reason of ['noWorkspaceRole', 'noRoles'] as const) {
      expect(resolveEntry({ claims: { ProjectUUID: 'p-1', IsAdmin: false, NoAccess: reason } }, '/admin/dashboard')).toEqual({
        kind: 'noAccess',
        reason,
        to: '/',
        search: { force: true },
      });
    }
  });

  it('sends any failure (401 included) to /login with a redirect back', () => {
    const unauthorized = new ApiRequestError(401, 'unauthorized', 'http', 'main');
    expect(resolveEntry({ error: unauthorized }, '/admin/iam?page=2')).toEqual({
      kind: 'signIn',
      to: '/login',
      search: { redirect: '/admin/iam?page=2' },
    });
    expect(resolveEntry({ error: new TypeError('offline') }, '/home/home').kind).toBe('signIn');
  });
});

describe('safeRedirect', () => {
  it('keeps same-origin paths', () => {
    expect(safeRedirect('/admin/iam?page=2')).toBe('/admin/iam?page=2');
  });

  it('refuses other origins, protocol-relative and odd values', () => {
    for (const bad of ['https://evil.test/', '//evil.test', '/\\evil.test', 'admin', '', undefined, 42]) {
      expect(safeRedirect(bad)).toBe(DEFAULT_AFTER_LOGIN);
    }
  });

  it('never returns to /login', () => {
    expect(safeRedirect('/login?redirect=%2Fx')).toBe(DEFAULT_AFTER_LOGIN);
  });
});
