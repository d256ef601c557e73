// Share links as rows (docs/media.md "Share links"): listed per file, revoked (the link then 410
// shareExpired on every instance), a valid-until beyond LUMA_SHARE_MAX_DAYS refused (417
// shareTooLong), a link bound to its file (a new file uploaded at the same key is never served by an
// old link), and the project's signing key rotated (every link then 403, none listed).
import { beforeAll, describe, expect, it } from 'vitest';
import { createMember } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';
import { mediaApi, png } from './media-fixtures';

const STEP = 5 * 60_000;
/** A valid-until `ms` from now, on a 5-minute step (up, or down when `down`). */
const dateIn = (ms: number, down = false) => new Date((down ? Math.floor : Math.ceil)((Date.now() + ms) / STEP) * STEP).toISOString();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describeApi(`media share links (${DB_KIND})`, () => {
  const server = useServer({ LUMA_PUBLIC_URL: 'http://luma.test', LUMA_SHARE_MAX_DAYS: '2' });
  const app = () => server().app;
  const db = () => server().database.db;
  let cookie = '';
  let memberCookie = '';
  const api = mediaApi(app, () => cookie);
  const member = mediaApi(app, () => memberCookie);
  const anonymous = mediaApi(app, () => undefined);
  let lib = '';
  const pathOf = (url: string) => {
    const link = new URL(url);
    return `${link.pathname}${link.search}`;
  };
  const list = (key: string, as = cookie, query = `key=${encodeURIComponent(key)}`) =>
    app().inject({ method: 'GET', url: `/api/media/v1/media/library/${lib}/shares?${query}`, headers: { cookie: as } });
  const revoke = (uuid: string, library = lib) => app().inject({ method: 'DELETE', url: `/api/media/v1/media/library/${library}/shares/${uuid}`, headers: { cookie } });
  const rotate = (as = cookie) => app().inject({ method: 'POST', url: '/api/media/v1/media/shares/rotate', payload: {}, headers: { cookie: as } });
  const share = async (key: string, date = dateIn(HOUR)) => {
    const response = await api.share(lib, { key, date });
    expect(response.statusCode, response.body).toBe(200);
    return pathOf(response.json().data);
  };

  // A library with files, a member who may use but not download.
  beforeAll(async () => {
    cookie = await login(app());
    const created = await api.createLibrary({ name: 'Shares', provider: 'luma-simple' });
    expect(created.statusCode, created.body).toBe(200);
    lib = created.json().uuid;
    const uploaded = await api.upload({ fields: { uuid: lib }, files: [{ name: 'a.png', body: png() }, { name: 'b.png', body: png(2, 2) }, { name: 'c.png', body: png(3, 3) }] });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    await createMember(db(), 'viewer@shares.test', 'viewer password', ['use luma-media']);
    memberCookie = await login(app(), 'viewer@shares.test', 'viewer password');
  }, SETUP_TIMEOUT_MS);

  it("lists a file's active links with their expiry and type, soonest to end first; the query is declared exactly", async () => {
    const later = dateIn(DAY);
    const sooner = dateIn(HOUR);
    expect((await api.share(lib, { key: 'a.png', date: later, type: 'email', emails: ['ann@example.com'] })).statusCode).toBe(200);
    await share('a.png', sooner);
    await share('b.png');
    const listed = await list('a.png');
    expect(listed.statusCode, listed.body).toBe(200);
    const answer = listed.json();
    expect(answer.max_days).toBe(2);
    expect(new Date(answer.max_until).getTime() % STEP).toBe(0);
    expect(answer.items.map((item: { expires_at: string; type: string }) => [item.expires_at, item.type])).toEqual([
      [sooner, 'link'],
      [later, 'email'],
    ]);
    expect(answer.items[1]).toMatchObject({ key: 'a.png', emails: ['ann@example.com'], created_by_name: expect.any(String) });
    // The link itself is never answered again.
    expect(listed.body).not.toContain('signature');
    // Unknown query keys, a missing key, a missing file: refused, never an empty list.
    expect((await list('a.png', cookie, 'key=a.png&all=1')).statusCode).toBe(400);
    expect((await list('', cookie, '')).statusCode).toBe(400);
    expect((await list('nothing.png')).statusCode).toBe(404);
    // Listing needs download luma-media, like sharing.
    expect((await list('a.png', memberCookie)).statusCode).toBe(403);
    expect((await member.share(lib, { key: 'a.png', date: sooner })).statusCode).toBe(403);
  });

  it('a valid-until beyond LUMA_SHARE_MAX_DAYS is refused (417 shareTooLong); the 5-minute steps are kept; upload/share defaults within it', async () => {
    const tooLong = await api.share(lib, { key: 'a.png', date: dateIn(2 * DAY + STEP) });
    expect(tooLong.statusCode).toBe(417);
    expect(tooLong.json()).toMatchObject({ status: 417, errors: [{ field: 'date', messages: ['shareTooLong'], values: [{ days: 2 }] }] });
    const farFuture = await api.share(lib, { key: 'a.png', date: '9999-12-31T00:00:00.000Z' });
    expect(farFuture.statusCode).toBe(417);
    const offStep = await api.share(lib, { key: 'a.png', date: new Date(Date.parse(dateIn(HOUR)) + 60_000).toISOString() });
    expect(offStep.json().errors[0].messages).toEqual(['shareStep']);
    expect((await api.share(lib, { key: 'a.png', date: dateIn(2 * DAY, true) })).statusCode).toBe(200);
    const uploadTooLong = await api.upload({ fields: { date: dateIn(3 * DAY) }, files: [{ name: 'u.png', body: png() }] }, `/v2/dms/media/library/${lib}/upload/share`);
    expect(uploadTooLong.statusCode).toBe(417);
    const uploaded = await api.upload({ files: [{ name: 'u.png', body: png() }] }, `/v2/dms/media/library/${lib}/upload/share`);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const expires = Number(new URL(uploaded.json().data).searchParams.get('expires')) * 1000;
    expect(expires).toBeLessThanOrEqual(Date.now() + 2 * DAY);
    expect(expires).toBeGreaterThan(Date.now());
    expect((await list('u.png')).json().items).toHaveLength(1);
  });

  it('a revoked link answers 410 shareExpired on every instance and is no longer listed; the other links go on', async () => {
    const first = await share('c.png');
    const second = await share('c.png');
    expect((await anonymous.fetch(first)).statusCode).toBe(200);
    const items = (await list('c.png')).json().items as { uuid: string }[];
    expect(items).toHaveLength(2);
    const target = new URL(`http://x${first}`).searchParams.get('share')!;
    // A library the share is not of, and an unknown or malformed uuid: 404 shareNotFound.
    expect((await revoke(crypto.randomUUID())).json()).toMatchObject({ status: 404, message: 'shareNotFound' });
    expect((await revoke('not-a-uuid')).statusCode).toBe(404);
    const revoked = await revoke(target);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toEqual({});
    const gone = await anonymous.fetch(first);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toBe('shareExpired');
    const other = await server().appWith({ LUMA_PUBLIC_URL: 'http://luma.test' });
    expect((await other.inject({ method: 'GET', url: first })).statusCode).toBe(410);
    // A signed-in admin holding the revoked link is answered by the link, not by the session.
    expect((await api.fetch(first)).statusCode).toBe(410);
    expect((await anonymous.fetch(second)).statusCode).toBe(200);
    expect((await list('c.png')).json().items.map((item: { uuid: string }) => item.uuid)).toEqual(items.map((item) => item.uuid).filter((uuid) => uuid !== target));
    expect((await revoke(target)).json()).toMatchObject({ status: 404, message: 'shareNotFound' });
  });

  it('a link of a deleted file never serves the new file uploaded later at the same key', async () => {
    const old = await share('b.png');
    expect((await anonymous.fetch(old)).rawPayload.equals(png(2, 2))).toBe(true);
    expect((await api.remove(lib, ['b.png'])).statusCode).toBe(200);
    expect((await anonymous.fetch(old)).statusCode).toBe(404);
    const again = await api.upload({ fields: { uuid: lib }, files: [{ name: 'b.png', body: png(5, 5) }] });
    expect(again.statusCode, again.body).toBe(200);
    const reopened = await anonymous.fetch(old);
    expect(reopened.statusCode).toBe(404);
    expect(reopened.json().message).toBe('fileNotFound');
    expect(reopened.rawPayload.equals(png(5, 5))).toBe(false);
    // The new file has no links until one is made for it; that one serves it.
    expect((await list('b.png')).json().items).toEqual([]);
    const fresh = await share('b.png');
    expect((await anonymous.fetch(fresh)).rawPayload.equals(png(5, 5))).toBe(true);
  });

  it('rotating the signing key invalidates every link of the project (403) and lists none; admins only; new links work', async () => {
    const links = [await share('a.png'), await share('c.png')];
    for (const link of links) expect((await anonymous.fetch(link)).statusCode).toBe(200);
    const refused = await rotate(memberCookie);
    expect(refused.statusCode).toBe(403);
    expect((await anonymous.fetch(links[0]!)).statusCode).toBe(200);
    expect((await app().inject({ method: 'POST', url: '/api/media/v1/media/shares/rotate', payload: { all: true }, headers: { cookie } })).statusCode).toBe(400);
    const rotated = await rotate();
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.json().revoked).toBeGreaterThanOrEqual(links.length);
    for (const link of links) expect((await anonymous.fetch(link)).statusCode).toBe(403);
    expect((await list('a.png')).json().items).toEqual([]);
    expect((await list('c.png')).json().items).toEqual([]);
    const fresh = await share('a.png');
    expect((await anonymous.fetch(fresh)).statusCode).toBe(200);
    expect((await list('a.png')).json().items).toHaveLength(1);
  });

  describe('the spec call is kept exactly', () => {
    it('POST /v1/media/library/{libraryUuid}/share (key, date) answers {data: url}', async () => {
      const response = await api.share(lib, { key: 'a.png', date: dateIn(HOUR) });
      expect(response.statusCode).toBe(200);
      expect(Object.keys(response.json())).toEqual(['data']);
      expect(response.json().data).toMatch(new RegExp(`^http://luma\\.test/media/library/${lib}/get/a\\.png\\?share=[0-9a-f-]{36}&expires=\\d+&signature=[A-Za-z0-9_-]{43}$`));
    });
  });
});
