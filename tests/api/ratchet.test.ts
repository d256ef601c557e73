// Ratchet connections (docs/ratchet.md): create, list, read, change and remove on both Luma databases;
// admins only; another project's connection 404; bad input with its keys; cloud metadata addresses
// refused as written and when stored; the password sealed at rest, never answered; the test call
// against the machine's PostgreSQL and MariaDB: ok, a wrong password, an unknown user or database, a
// port nobody listens on, each with its message key and never a 5xx.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { resealSecrets } from '../../src/server/platform/secrets-at-rest';
import { keysFrom, newSecretKeyText, SEALED_PREFIX, sealedKeyId, setSecretKeys } from '../../src/server/platform/secret-box';
import { adminProject, createMember, createProject } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, TEST_SECRET_KEY } from './harness';
import { createTargets, MARIADB_TARGET, PG_TARGET, ratchetApi, startRatchetServer, type RatchetServer, type Targets } from './ratchet-fixtures';

describeApi(`ratchet connections (${DB_KIND})`, () => {
  let server: RatchetServer;
  let targets: Targets;
  let admin = '';
  let member = '';
  const api = () => ratchetApi(() => server.app, () => admin);
  const pgBody = (more: Record<string, unknown> = {}) => ({ name: `pg ${Math.random()}`, kind: 'postgres', ...PG_TARGET, database: targets.pgDatabase, ...more });
  const mariaBody = (more: Record<string, unknown> = {}) => ({
    name: `maria ${Math.random()}`,
    kind: 'mariadb',
    host: MARIADB_TARGET.host,
    database: 'test',
    user: targets.mariadbUser,
    password: targets.mariadbPassword,
    ...more,
  });
  const created = async (body: unknown) => {
    const response = await api().create(body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { uuid: string; password_set: boolean };
  };

  beforeAll(async () => {
    // One after the other: a failed start still leaves `targets` set, so afterAll drops them.
    targets = await createTargets();
    server = await startRatchetServer();
    admin = await login(server.app);
    await createMember(server.scratch.database.db, 'member@luma.test', 'member password', []);
    member = await login(server.app, 'member@luma.test', 'member password');
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
    await targets?.drop();
  }, SETUP_TIMEOUT_MS);

  it('create, list, read, change and remove; the password is sealed and answered only as password_set', async () => {
    const body = mariaBody({ name: 'Shop database' });
    const connection = await created(body);
    expect(connection).toMatchObject({ name: 'Shop database', kind: 'mariadb', host: '127.0.0.1', port: 3306, database: 'test', user: targets.mariadbUser, password_set: true, tls: false });
    expect(JSON.stringify(connection)).not.toContain(targets.mariadbPassword);
    const stored = await server.scratch.database.db.selectFrom('ratchet_connections').select('password').where('uuid', '=', connection.uuid).executeTakeFirstOrThrow();
    expect(stored.password!.startsWith(SEALED_PREFIX)).toBe(true);
    expect(stored.password).not.toContain(targets.mariadbPassword);
    expect((await api().get(connection.uuid)).json()).toEqual(connection);
    expect((await api().list()).json().map((item: { uuid: string }) => item.uuid)).toContain(connection.uuid);
    // A change without the password keeps it; null removes it; the kind's default port follows the kind.
    const renamed = await api().change(connection.uuid, { name: 'Shop', tls: true });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Shop', tls: true, password_set: true });
    expect((await api().change(connection.uuid, { kind: 'postgres' })).json()).toMatchObject({ kind: 'postgres', port: 5432 });
    expect((await api().change(connection.uuid, { password: null })).json()).toMatchObject({ password_set: false });
    for (const response of [renamed, await api().list(), await api().get(connection.uuid)]) expect(response.body).not.toContain(targets.mariadbPassword);
    expect((await api().remove(connection.uuid)).statusCode).toBe(200);
    expect((await api().get(connection.uuid)).statusCode).toBe(404);
    expect((await api().remove(connection.uuid)).statusCode).toBe(404);
  });

  it('admins only: a member is 403 on every call, an anonymous caller 401', async () => {
    const connection = await created(pgBody());
    const as = ratchetApi(() => server.app, () => member);
    for (const response of [
      await as.list(),
      await as.create(pgBody()),
      await as.get(connection.uuid),
      await as.change(connection.uuid, { name: 'Mine' }),
      await as.remove(connection.uuid),
      await as.test(connection.uuid),
      await as.query(connection.uuid, { sql: 'select 1' }),
      await as.cancel(connection.uuid, crypto.randomUUID()),
    ]) {
      expect(response.statusCode, response.body).toBe(403);
    }
    expect((await server.app.inject({ method: 'GET', url: '/api/ratchet/connections' })).statusCode).toBe(401);
    expect((await api().get(connection.uuid)).statusCode).toBe(200);
  });

  it("another project's connection is 404 on every call, as is a malformed id", async () => {
    const { adminUuid } = await adminProject(server.scratch.database.db);
    const other = await createProject(server.scratch.database.db, 'Elsewhere', adminUuid);
    const foreign = crypto.randomUUID();
    await server.scratch.database.db
      .insertInto('ratchet_connections')
      .values({ uuid: foreign, project_uuid: other.projectUuid, name: 'theirs', kind: 'postgres', host: '127.0.0.1', port: 5432, database: 'postgres', user: 'postgres', password: null, tls: false })
      .execute();
    for (const id of [foreign, 'not-a-uuid', '__proto__']) {
      for (const response of [await api().get(id), await api().change(id, { name: 'Ours now' }), await api().test(id), await api().query(id, { sql: 'select 1' }), await api().remove(id)]) {
        expect(response.statusCode, `${id}: ${response.body}`).toBe(404);
      }
    }
    const theirs = await server.scratch.database.db.selectFrom('ratchet_connections').select('name').where('uuid', '=', foreign).executeTakeFirstOrThrow();
    expect(theirs.name).toBe('theirs');
  });

  it('bad input: 417 per field with its key, 400 for a key that is not a connection\'s, the name unique per project', async () => {
    const bad = await api().create({ name: 'x', kind: 'oracle', host: 'db host', port: 70000, user: '', tls: 'yes', password: 5 });
    expect(bad.statusCode).toBe(417);
    const fields = Object.fromEntries((bad.json().errors as { field: string; messages: string[] }[]).map((error) => [error.field, error.messages]));
    expect(fields).toEqual({
      name: ['cantBeLessThenChars'],
      kind: ['invalid'],
      host: ['invalid'],
      port: ['invalid'],
      database: ['fieldRequired'],
      user: ['fieldRequired'],
      password: ['invalid'],
      tls: ['invalid'],
    });
    expect((await api().create({ ...pgBody(), driver: 'x' })).statusCode).toBe(400);
    const proto = await server.app.inject({
      method: 'POST',
      url: '/api/ratchet/connections',
      headers: { cookie: admin, 'content-type': 'application/json' },
      payload: `{"__proto__": {"password_set": true}, ${JSON.stringify(pgBody()).slice(1)}`,
    });
    expect(proto.statusCode, proto.body).toBe(400);
    // A NUL byte anywhere is the input guard's 400 (docs/security.md).
    expect((await api().create({ ...pgBody(), host: 'db\u0000.local' })).statusCode).toBe(400);
    await created(pgBody({ name: 'Warehouse' }));
    const twice = await api().create(pgBody({ name: 'warehouse' }));
    expect(twice.statusCode).toBe(417);
    expect(twice.json().errors).toEqual([{ field: 'name', messages: ['ratchetNameTaken'] }]);
  });

  it('cloud metadata addresses are refused in every form; loopback and private addresses are allowed', async () => {
    for (const host of ['169.254.169.254', '2852039166', '0xa9fea9fe', '0251.0376.0251.0376', '169.254.43518', '[::ffff:169.254.169.254]', '::ffff:a9fe:a9fe', 'fd00:ec2::254', '100.100.100.200', 'metadata.google.internal', 'METADATA.GOOGLE.INTERNAL.', '64:ff9b::a9fe:a9fe']) {
      const response = await api().create(pgBody({ host }));
      expect(response.statusCode, `${host}: ${response.body}`).toBe(417);
      expect(response.json().errors, host).toEqual([{ field: 'host', messages: ['ratchetAddressRefused'] }]);
    }
    for (const host of ['127.0.0.1', '10.1.2.3', '192.168.1.20', 'localhost', '::1']) expect((await api().create(pgBody({ host }))).statusCode, host).toBe(200);
    // A row that names one anyway (written before the rule, or a name that resolves there): the test refuses to connect.
    const connection = await created(pgBody());
    await server.scratch.database.db.updateTable('ratchet_connections').set({ host: '169.254.169.254' }).where('uuid', '=', connection.uuid).execute();
    expect((await api().test(connection.uuid)).json()).toMatchObject({ ok: false, message: 'ratchetAddressRefused' });
    const query = await api().query(connection.uuid, { sql: 'select 1' });
    expect(query.statusCode).toBe(422);
    expect(query.json().message).toBe('ratchetAddressRefused');
  });

  it('test connection: ok with the version, or a clear key for a wrong password, an unknown user or database, an unreachable port', async () => {
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [pgBody(), { ok: true, version: expect.stringMatching(/^PostgreSQL \d+/) }],
      [mariaBody(), { ok: true, version: expect.stringMatching(/^(MariaDB|MySQL) \d+/) }],
      [mariaBody({ password: 'not the password' }), { ok: false, message: 'ratchetWrongPassword' }],
      [mariaBody({ password: null }), { ok: false, message: 'ratchetWrongPassword' }],
      [pgBody({ user: `nobody_${Date.now()}` }), { ok: false, message: 'ratchetWrongPassword' }],
      [pgBody({ database: `luma_none_${Date.now()}` }), { ok: false, message: 'ratchetUnknownDatabase' }],
      [mariaBody({ user: MARIADB_TARGET.user, password: null, database: `luma_none_${Date.now()}` }), { ok: false, message: 'ratchetUnknownDatabase' }],
      [pgBody({ port: 1 }), { ok: false, message: 'ratchetUnreachable' }],
      [mariaBody({ port: 1 }), { ok: false, message: 'ratchetUnreachable' }],
      [pgBody({ host: 'no-such-host.invalid' }), { ok: false, message: 'ratchetUnreachable' }],
    ];
    for (const [body, expected] of cases) {
      const connection = await created(body);
      const response = await api().test(connection.uuid);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json(), JSON.stringify(body)).toMatchObject({ ...expected, ms: expect.any(Number) });
      expect(response.body).not.toContain(targets.mariadbPassword);
    }
  });

  it('the key rotation seals the password again with the new key, and the connection still signs in', async () => {
    const connection = await created(mariaBody());
    const next = keysFrom(newSecretKeyText(), [TEST_SECRET_KEY]);
    setSecretKeys(next);
    try {
      const result = await resealSecrets(server.scratch.database.db);
      expect(result.sealed['ratchet_connections.password']).toBeGreaterThanOrEqual(1);
      const stored = await server.scratch.database.db.selectFrom('ratchet_connections').select('password').where('uuid', '=', connection.uuid).executeTakeFirstOrThrow();
      expect(sealedKeyId(stored.password!)).toBe(next.current.id);
      expect((await api().test(connection.uuid)).json()).toMatchObject({ ok: true });
      // A server without the new key cannot open it: a clear key, not a 5xx.
      setSecretKeys(keysFrom(TEST_SECRET_KEY));
      expect((await api().test(connection.uuid)).json()).toMatchObject({ ok: false, message: 'ratchetPasswordUnreadable' });
    } finally {
      setSecretKeys(keysFrom(TEST_SECRET_KEY));
    }
  });
});
