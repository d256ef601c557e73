// The caller cache's own rules (src/server/auth/caller-cache.ts): a lookup under way when a change
// arrives is not kept, entries age out by the server clock, the bound holds, each table's change drops
// exactly the copies built from it, and a kept row cannot be changed by a handler.
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock, setClock } from '../../../src/server/platform/clock';
import type { PrincipalLookup, PrincipalRow } from '../../../src/server/auth/caller-sql';
import { CALLER_CACHE_MAX_ENTRIES, CallerCache } from '../../../src/server/auth/caller-cache';

function row(user: string, project: string | null, component: string | null = null): PrincipalRow {
  return {
    user: { uuid: user, name: 'U', status: 'active' } as PrincipalRow['user'],
    session: { id_hash: 'h', uuid: 's', project_uuid: project, last_seen_at: new Date(0), expires_at: new Date(1e13) },
    secret: null,
    now: new Date(0),
    project_uuid: project,
    workspace_uuid: null,
    roles: [{ uuid: 'r', name: 'R', is_admin: false, level: 1, permissions: ['read x'] }],
    component: component === null ? null : { row: { uuid: component } as never, settings: { fields: [] }, versionUpdatedAt: null },
  };
}

const lookup = (token: string, component = false): PrincipalLookup => ({
  by: 'session',
  tokenHash: token,
  projectUuid: null,
  workspaceUuid: null,
  ...(component ? { component: { by: { scope: 's', name: 'n' }, env: 'dev' as const } } : {}),
});

/** A finder that counts its calls and answers `answer(token)`. */
function finder(answer: (token: string) => PrincipalRow | null) {
  const calls: string[] = [];
  return { calls, find: async (l: PrincipalLookup) => (calls.push(l.tokenHash), answer(l.tokenHash)) };
}

afterEach(() => setClock(null));

describe('CallerCache', () => {
  it('does not keep what a lookup found while a change arrived', async () => {
    const cache = new CallerCache(60_000);
    let release: (value: PrincipalRow) => void = () => undefined;
    const slow = (_: PrincipalLookup) => new Promise<PrincipalRow>((resolve) => (release = resolve));
    const pending = cache.find(lookup('t'), slow);
    cache.changed('user_roles', 'someone else');
    release(row('u', 'p'));
    await pending;
    const { calls, find } = finder(() => row('u', 'p'));
    await cache.find(lookup('t'), find);
    expect(calls).toEqual(['t']);
  });

  it('judges age by the server clock, bypasses while not listening, keeps no miss, and stays bounded', async () => {
    const clock = new ManualClock(1_000_000);
    setClock(clock);
    let listening = true;
    const cache = new CallerCache(60_000, () => listening);
    const { calls, find } = finder((token) => (token === 'none' ? null : row('u', 'p')));
    await cache.find(lookup('t'), find);
    clock.advance(60_000);
    const hit = await cache.find(lookup('t'), find);
    expect(hit?.now.getTime()).toBe(clock.now()); // now is the request's, never the copy's
    clock.advance(1);
    await cache.find(lookup('t'), find);
    expect(calls).toEqual(['t', 't']);
    listening = false;
    await cache.find(lookup('t'), find);
    expect(calls).toHaveLength(3);
    listening = true;
    await cache.find(lookup('none'), find);
    await cache.find(lookup('none'), find);
    expect(calls.filter((token) => token === 'none')).toHaveLength(2);
    for (let i = 0; i < CALLER_CACHE_MAX_ENTRIES + 5; i++) await cache.find(lookup(`k${i}`), find);
    expect(cache.stats().entries).toBe(CALLER_CACHE_MAX_ENTRIES);
  });

  it("drops exactly the copies each table's change names", async () => {
    const cases: [table: string, key: string, dropped: string[]][] = [
      ['sessions', 'a', ['a']],
      ['api_secrets', 'b', ['b']],
      ['users', 'user-1', ['a', 'c']],
      ['project_users', 'user-2', ['b']],
      ['user_roles', 'user-1', ['a', 'c']],
      ['roles', 'project-1', ['a', 'b']],
      ['workspaces', 'project-2', ['c']],
      // Only copies found with a component lookup: 'c' asked for one in project-2.
      ['components', 'project-2', ['c']],
      ['components', 'project-1', []],
      ['component_versions', 'component-9', ['c']],
      ['a_table_from_a_newer_migration', 'x', ['a', 'b', 'c']],
    ];
    for (const [table, key, dropped] of cases) {
      const cache = new CallerCache(60_000);
      const rows: Record<string, PrincipalRow> = { a: row('user-1', 'project-1'), b: row('user-2', 'project-1'), c: row('user-1', 'project-2', 'component-9') };
      const { calls, find } = finder((token) => rows[token]!);
      for (const token of ['a', 'b', 'c']) await cache.find(lookup(token, token === 'c'), find);
      calls.length = 0;
      cache.changed(table, key);
      for (const token of ['a', 'b', 'c']) await cache.find(lookup(token, token === 'c'), find);
      expect({ table, key, dropped: calls }).toEqual({ table, key, dropped });
    }
  });

  it('keeps its indexes true through drops and re-adds, so a later change names only live copies', async () => {
    const cache = new CallerCache(60_000);
    const owner: Record<string, string> = { a: 'u', b: 'u', c: 'u' };
    const { calls, find } = finder((token) => row(owner[token] ?? 'w', 'p'));
    for (const token of ['a', 'b', 'c']) await cache.find(lookup(token), find);
    cache.changed('sessions', 'a');
    owner.a = 'v'; // the token now belongs to another user (found again)
    await cache.find(lookup('a'), find);
    calls.length = 0;
    cache.changed('users', 'u');
    for (const token of ['a', 'b', 'c']) await cache.find(lookup(token), find);
    expect(calls).toEqual(['b', 'c']);
    // 5,000 sessions ended one by one (housekeeping): each change drops its own copy.
    for (let i = 0; i < 5000; i++) await cache.find(lookup(`s${i}`), find);
    for (let i = 0; i < 5000; i++) cache.changed('sessions', `s${i}`);
    expect(cache.stats().entries).toBe(3);
  });

  it("hands out a frozen copy: a handler cannot change another request's caller", async () => {
    const cache = new CallerCache(60_000);
    const { find } = finder(() => row('u', 'p', 'c'));
    await cache.find(lookup('t', true), find);
    const copy = (await cache.find(lookup('t', true), find))!;
    expect(() => {
      (copy.user as { name: string }).name = 'changed';
    }).toThrow(TypeError);
    expect(() => (copy.roles[0]!.permissions as string[]).push('admin')).toThrow(TypeError);
    expect(() => {
      (copy.component!.settings as { fields: unknown[] }).fields.push({});
    }).toThrow(TypeError);
  });

  it('is off at zero seconds: every call looks up', async () => {
    const cache = new CallerCache(0);
    const { calls, find } = finder(() => row('u', 'p'));
    await cache.find(lookup('t'), find);
    await cache.find(lookup('t'), find);
    expect([calls.length, cache.stats().entries, cache.stats().bypassed]).toEqual([2, 0, 2]);
  });
});
