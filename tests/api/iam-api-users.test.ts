// API users (docs/iam.md "API users"): POST /v1/iam/api-users, GET /v1/iam/api-users/{uuid},
// secrets (created, shown once, stored hashed, revoked), GET /v1/user/api-user, bearer
// authentication with a secret, and the housekeeping of revoked secrets and expired IAM rows.
import { beforeAll, expect, it } from 'vitest';
import { deleteExpiredIamRows, deleteRevokedSecrets } from '../../src/server/iam/housekeeping-sql';
import { adminProject, createMember, createProject, createRole, createUser, once } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';
import { sha256, withCookie } from './iam-fixtures';

const TOKEN = /^luma_[A-Za-z0-9_-]{43}$/;
const DAY = 86_400_000;

describeApi(`iam API users (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let adminCookie = '';
  const admin = withCookie(app, () => adminCookie);
  let projectUuid = '';
  let readerRole = '';
  let apiUser = '';
  let firstToken = '';
  let firstSecret = '';
  const bearer = (token: string, url = '/api/v1/user/role/permissions') => app().inject({ url, headers: { authorization: `Bearer ${token}` } });
  /** The API user 'Importer' with its first secret: made by the first case, which checks the making, or by a later case that runs alone. */
  const importer = once(async () => {
    const response = await admin.post('/v1/iam/api-users', { name: ' Importer ', role_uuids: [readerRole] });
    if (response.statusCode === 200) {
      apiUser = response.json().user.uuid;
      firstToken = response.json().secret.token;
      firstSecret = response.json().secret.uuid;
    }
    return response;
  });

  beforeAll(async () => {
    adminCookie = await login(app());
    ({ projectUuid } = await adminProject(db()));
    readerRole = await createRole(db(), projectUuid, { name: 'Reader', permissions: ['use luma-media'] });
  }, SETUP_TIMEOUT_MS);

  it('POST /v1/iam/api-users creates a users row of kind api, an active membership, its roles and a first secret', async () => {
    // Smuggled keys (an e-mail, a kind, admin rights) are refused, never dropped in silence: nothing is created.
    const smuggled = await admin.post('/v1/iam/api-users', { name: ' Importer ', role_uuids: [readerRole], email: 'smuggled@luma.test', kind: 'person', is_admin: true });
    expect(smuggled.statusCode).toBe(400);
    expect(smuggled.json()).toMatchObject({ message: 'badRequest', errors: [{ field: 'email', messages: ['unknownField'] }] });
    expect(await db().selectFrom('users').select('uuid').where('name', '=', 'Importer').execute()).toEqual([]);
    const response = await importer();
    expect(response.statusCode).toBe(200);
    const created = response.json();
    expect(created).toEqual({
      user: {
        uuid: expect.any(String),
        kind: 'api',
        name: 'Importer',
        email: '',
        status: 'active',
        is_owner: false,
        roles: [{ uuid: readerRole, name: 'Reader' }],
        login_at: null,
        created_at: expect.any(String),
        secrets: [{ uuid: created.secret.uuid, hint: created.secret.token.slice(-4), created_at: expect.any(String), last_used_at: null, revoked_at: null }],
      },
      secret: { uuid: expect.any(String), hint: expect.any(String), created_at: expect.any(String), last_used_at: null, revoked_at: null, token: expect.stringMatching(TOKEN) },
    });
    expect(created.secret.hint).toBe(firstToken.slice(-4));

    const user = await db().selectFrom('users').selectAll().where('uuid', '=', apiUser).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ kind: 'api', email: '', password_hash: null, status: 'active' });
    const secret = await db().selectFrom('api_secrets').selectAll().where('uuid', '=', firstSecret).executeTakeFirstOrThrow();
    expect(secret).toMatchObject({ user_uuid: apiUser, secret_hash: sha256(firstToken), hint: firstToken.slice(-4) });
    expect(JSON.stringify(secret)).not.toContain(firstToken);
  });

  it('names are 2..100 characters; role uuids must be roles of this project (417)', async () => {
    const other = await createProject(db(), 'Other');
    const foreignRole = await createRole(db(), other.projectUuid, { name: 'Foreign' });
    const cases: [unknown, { field: string; messages: string[] }][] = [
      [{ role_uuids: [] }, { field: 'name', messages: ['identityField.requiredField'] }],
      [{ name: 'x', role_uuids: [] }, { field: 'name', messages: ['cantBeLessThenChars'] }],
      [{ name: 'x'.repeat(101) }, { field: 'name', messages: ['cantBeMoreThenChars'] }],
      [{ name: 'Robot', role_uuids: [foreignRole] }, { field: 'role_uuids', messages: ['invalid'] }],
      [{ name: 'Robot', role_uuids: ['nope'] }, { field: 'role_uuids', messages: ['invalid'] }],
    ];
    for (const [payload, error] of cases) {
      const response = await admin.post('/v1/iam/api-users', payload);
      expect(response.statusCode).toBe(417);
      expect(response.json().errors).toMatchObject([error]);
    }
    expect(await db().selectFrom('users').select('uuid').where('name', '=', 'Robot').execute()).toEqual([]);
  });

  it('GET /v1/iam/api-users/{uuid} answers the API user and its secrets, never a token', async () => {
    await importer();
    const response = await admin.get(`/v1/iam/api-users/${apiUser}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ uuid: apiUser, kind: 'api', secrets: [{ uuid: firstSecret, revoked_at: null }] });
    expect(response.body).not.toContain(firstToken);
    expect(response.body).not.toContain(sha256(firstToken));
    const { adminUuid } = await adminProject(db());
    expect((await admin.get(`/v1/iam/api-users/${adminUuid}`)).statusCode).toBe(404);
    expect((await admin.get(`/v1/iam/api-users/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await admin.get('/v1/iam/api-users/nope')).statusCode).toBe(400);
  });

  it('API users are listed by GET /v1/iam/users (kind api) and GET /v1/user/api-user', async () => {
    await importer();
    const members = (await admin.get('/v1/iam/users')).json() as { uuid: string; kind: string }[];
    expect(members.find((member) => member.uuid === apiUser)).toMatchObject({ kind: 'api', email: '' });
    const listed = await admin.get('/v1/user/api-user');
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([expect.objectContaining({ uuid: apiUser, kind: 'api', name: 'Importer' })]);
  });

  it('POST /v1/iam/api-users/{uuid}/secrets adds a secret; revoke sets revoked_at once', async () => {
    await importer();
    const response = await admin.post(`/v1/iam/api-users/${apiUser}/secrets`);
    expect(response.statusCode).toBe(200);
    const second = response.json();
    expect(second.token).toMatch(TOKEN);
    expect(second.token).not.toBe(firstToken);
    expect((await admin.get(`/v1/iam/api-users/${apiUser}`)).json().secrets.map((secret: { uuid: string }) => secret.uuid).sort()).toEqual(
      [firstSecret, second.uuid].sort(),
    );

    const revoked = await admin.post(`/v1/iam/api-users/${apiUser}/secrets/${second.uuid}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ uuid: second.uuid, hint: second.hint, created_at: second.created_at, last_used_at: null, revoked_at: expect.any(String) });
    const again = await admin.post(`/v1/iam/api-users/${apiUser}/secrets/${second.uuid}/revoke`);
    expect(again.json().revoked_at).toBe(revoked.json().revoked_at);
    expect((await admin.post(`/v1/iam/api-users/${apiUser}/secrets/${crypto.randomUUID()}/revoke`)).statusCode).toBe(404);
    expect((await admin.post(`/v1/iam/api-users/${apiUser}/secrets/nope/revoke`)).statusCode).toBe(400);

    // A secret of another API user is not reachable through this one.
    const other = (await admin.post('/v1/iam/api-users', { name: 'Other robot', role_uuids: [] })).json();
    expect((await admin.post(`/v1/iam/api-users/${apiUser}/secrets/${other.secret.uuid}/revoke`)).statusCode).toBe(404);
    expect((await admin.get(`/v1/iam/api-users/${other.user.uuid}`)).json().secrets[0].revoked_at).toBeNull();
  });

  // Bearer authentication is read by the session hook (the lead's part); this passes once it lands.
  it('Authorization: Bearer <secret> acts as the API user with its roles; after revoking, 401', async () => {
    await importer();
    const created = (await admin.post(`/v1/iam/api-users/${apiUser}/secrets`)).json();
    const response = await bearer(created.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ is_admin: false, permissions: ['use luma-media'], roles: [readerRole] });
    expect((await admin.post(`/v1/iam/api-users/${apiUser}/secrets/${created.uuid}/revoke`)).statusCode).toBe(200);
    expect((await bearer(created.token)).statusCode).toBe(401);
    expect((await bearer('luma_' + 'A'.repeat(43))).statusCode).toBe(401);
  });

  it('DELETE /v1/iam/users/{uuid} of an API user deletes it and its secrets', async () => {
    const doomed = (await admin.post('/v1/iam/api-users', { name: 'Doomed robot', role_uuids: [readerRole] })).json();
    expect((await admin.del(`/v1/iam/users/${doomed.user.uuid}`)).statusCode).toBe(200);
    expect(await db().selectFrom('users').select('uuid').where('uuid', '=', doomed.user.uuid).execute()).toEqual([]);
    expect(await db().selectFrom('api_secrets').select('uuid').where('user_uuid', '=', doomed.user.uuid).execute()).toEqual([]);
    expect((await admin.get(`/v1/iam/api-users/${doomed.user.uuid}`)).statusCode).toBe(404);
  });

  it('members who are not admins get 403 forbidden', async () => {
    await importer();
    await createMember(db(), 'plain@luma.test', 'plain password');
    const cookie = await login(app(), 'plain@luma.test', 'plain password');
    const as = withCookie(app, () => cookie);
    const secretsBefore = (await db().selectFrom('api_secrets').select('uuid').where('user_uuid', '=', apiUser).execute()).length;
    for (const response of [
      await as.post('/v1/iam/api-users', { name: 'Mine', role_uuids: [] }),
      await as.get(`/v1/iam/api-users/${apiUser}`),
      await as.post(`/v1/iam/api-users/${apiUser}/secrets`),
      await as.post(`/v1/iam/api-users/${apiUser}/secrets/${firstSecret}/revoke`),
      await as.get('/v1/user/api-user'),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('forbidden');
    }
    expect((await db().selectFrom('api_secrets').select('uuid').where('user_uuid', '=', apiUser).execute()).length).toBe(secretsBefore);
    expect((await admin.get(`/v1/iam/api-users/${apiUser}`)).json().secrets.find((secret: { uuid: string }) => secret.uuid === firstSecret).revoked_at).toBeNull();
  });

  it('housekeeping deletes secrets revoked more than 7 days ago and expired invites, resets, challenges and devices', async () => {
    await importer();
    const ago = (days: number) => new Date(Date.now() - days * DAY);
    const user = await createUser(db(), 'housekeeping@luma.test', 'housekeeping password');
    const secrets = await db()
      .insertInto('api_secrets')
      .values([
        { user_uuid: apiUser, secret_hash: sha256('old'), hint: 'old1', revoked_at: ago(8) },
        { user_uuid: apiUser, secret_hash: sha256('recent'), hint: 'rec1', revoked_at: ago(6) },
        { user_uuid: apiUser, secret_hash: sha256('live'), hint: 'liv1', revoked_at: null },
      ])
      .returning(['uuid', 'hint'])
      .execute();
    await db()
      .insertInto('invites')
      .values([
        { token_hash: sha256('invite-old'), project_uuid: projectUuid, email: 'a@luma.test', expires_at: ago(1) },
        { token_hash: sha256('invite-open'), project_uuid: projectUuid, email: 'b@luma.test', expires_at: ago(-1) },
      ])
      .execute();
    await db()
      .insertInto('password_resets')
      .values([
        { token_hash: sha256('reset-old'), user_uuid: user, expires_at: ago(1 / 24) },
        { token_hash: sha256('reset-open'), user_uuid: user, expires_at: ago(-1 / 24) },
      ])
      .execute();
    await db()
      .insertInto('two_factor_challenges')
      .values([
        { token_hash: sha256('challenge-old'), user_uuid: user, expires_at: ago(1 / 24) },
        { token_hash: sha256('challenge-open'), user_uuid: user, expires_at: ago(-1 / 24) },
      ])
      .execute();
    await db()
      .insertInto('remembered_devices')
      .values([
        { token_hash: sha256('device-old'), user_uuid: user, expires_at: ago(1) },
        { token_hash: sha256('device-open'), user_uuid: user, expires_at: ago(-29) },
      ])
      .execute();

    expect(await deleteRevokedSecrets(db(), 7)).toBe(1);
    const left = await db().selectFrom('api_secrets').select('hint').where('uuid', 'in', secrets.map((secret) => secret.uuid)).orderBy('hint').execute();
    expect(left.map((row) => row.hint)).toEqual(['liv1', 'rec1']);
    expect(await db().selectFrom('api_secrets').select('uuid').where('uuid', '=', firstSecret).execute()).toHaveLength(1);

    const counts = await deleteExpiredIamRows(db());
    expect(counts).toMatchObject({ invites: 1, password_resets: 1, two_factor_challenges: 1, remembered_devices: 1 });
    const prefixes = { invites: 'invite', password_resets: 'reset', two_factor_challenges: 'challenge', remembered_devices: 'device' } as const;
    for (const [table, prefix] of Object.entries(prefixes) as [keyof typeof prefixes, string][]) {
      const hashes = (await db().selectFrom(table).select('token_hash').execute()).map((row) => row.token_hash);
      expect(hashes, table).not.toContain(sha256(`${prefix}-old`));
      expect(hashes, table).toContain(sha256(`${prefix}-open`));
    }
  });
});
