// Secrets at rest (docs/security.md "Secrets at rest"): each kind of secret is created through the API,
// then every row of every table is read in SQL and must not hold it, while the API still uses it (a
// TOTP sign-in, a signed function call, a secret variable in user code, an S3 library, an e-mail
// node's SMTP login, a share link). Rows stored in clear before sealing are sealed by the start's pass;
// a rotation seals everything with a new key beside a running server, after which the old key opens
// nothing. The e-mail node's password is never answered (the workflow, the run log): a mask is, and
// saving the mask back keeps the stored password.
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { keysFrom, open, sealedKeyId, SecretNotOpened, setSecretKeys, type SecretPurpose } from '../../src/server/platform/secret-box';
import { MASKED_SECRET } from '../../runtime/api/media';
import { COLUMN_STORES, resealSecrets, sealClearSecrets, unknownKeyIds } from '../../src/server/platform/secrets-at-rest';
import { codeAt, currentStep } from '../../src/server/auth/two-factor';
import { componentApi, componentWithFields, createMember, recordApi, recordFields as f } from './fixtures';
import { DB_KIND, describeApi, login, sessionCookie, SETUP_TIMEOUT_MS, TEST_SECRET_KEY, until, useManualClock, useServer, withManualClock } from './harness';
import { caller, withCookie } from './iam-fixtures';
import { mediaApi, png, providerInput, startS3Server, type MediaApi } from './media-fixtures';
import type { S3TestServer } from '../support/s3-server';

const NEW_KEY = Buffer.alloc(32, 42).toString('base64');
const VARIABLE_SECRET = 'variable-secret-7f3a9c';
/** A plain variable made secret without a new value: its value is sealed then. */
const MADE_SECRET = 'made-secret-later-5e21';
const S3_SECRET = 's3-secret-access-key-4b1d';
const SMTP_PASSWORD = 'smtp-password-c0ffee';
const MEMBER_PASSWORD = 'member password at rest';

describeApi(`secrets at rest (${DB_KIND})`, () => {
  vi.setConfig({ testTimeout: 180_000 });
  const logins: { user: string; pass: string }[] = [];
  const inbox: string[] = [];
  const smtp = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push({ user: auth.username ?? '', pass: auth.password ?? '' });
      callback(null, { user: auth.username });
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  let s3: S3TestServer | null = null;
  const overrides: Record<string, string> = { LUMA_JOB_POLL_SECONDS: '0.5' };
  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    overrides.LUMA_WORKFLOW_HTTP_ALLOW = `127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
    s3 = await startS3Server();
  });
  afterAll(async () => {
    setSecretKeys(keysFrom(TEST_SECRET_KEY));
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await s3?.stop();
  });

  const server = useServer(overrides);
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  const as = () => withCookie(app, () => admin);
  let media: MediaApi;
  let projectUuid = '';
  let orders = '';
  let totpSecret = '';
  let totpEmail = '';
  let totpUser = '';
  let fnKey = { uuid: '', key: '' };
  let library = '';
  let workflow = '';
  /** The share link's path, and the project's signing key (read once, opened, to search the rows for it). */
  let shareLink = '';
  let shareKey = '';
  const plainValues = () => [totpSecret, fnKey.key, VARIABLE_SECRET, MADE_SECRET, S3_SECRET, SMTP_PASSWORD, shareKey];
  const wf = caller(app, () => ({ cookie: admin, 'x-project-env': 'dev' }));

  /** Every row of every table of the database (pg-boss's too), as text. */
  async function everyRow(): Promise<string> {
    const tables = await sql<{ schema: string; name: string }>`select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`.execute(db());
    const texts: string[] = [];
    for (const table of tables.rows) {
      const rows = await sql<{ row: string }>`select t::text as row from ${sql.table(`${table.schema}.${table.name}`)} t`.execute(db());
      for (const row of rows.rows) texts.push(row.row);
    }
    return texts.join('\n');
  }

  /** The stored secret values, by store and row (the columns the passes walk, and the e-mail node's password). */
  async function storedSecrets(): Promise<{ where: string; value: string; purpose: SecretPurpose }[]> {
    const found: { where: string; value: string; purpose: SecretPurpose }[] = [];
    for (const store of COLUMN_STORES) {
      const rows = await sql<{ uuid: string; value: string }>`select ${sql.ref(store.key ?? 'uuid')}::text as uuid, ${sql.ref(store.column)} as value from ${sql.table(store.table)}
        where ${sql.ref(store.column)} is not null and ${store.only ?? sql`true`}`.execute(db());
      for (const row of rows.rows) found.push({ where: `${store.name}/${row.uuid}`, value: row.value, purpose: store.purpose });
    }
    const versions = await db().selectFrom('workflow_versions').select(['workflow_uuid', 'nodes']).where('workflow_uuid', '=', workflow).execute();
    for (const version of versions) {
      for (const node of version.nodes as { action: string; data: { smtp?: { password?: string } } }[]) {
        if (node.action === 'email' && node.data.smtp?.password) found.push({ where: `nodes/${version.workflow_uuid}`, value: node.data.smtp.password, purpose: 'smtp-password' });
      }
    }
    return found;
  }

  /** A TOTP sign-in of the enrolled member: the password, then a code of the current step. */
  async function totpLogin(): Promise<void> {
    useManualClock(Math.floor(Date.now() / 30_000) * 30_000 + 15_000);
    await db().updateTable('users').set({ totp_last_step: null }).where('uuid', '=', totpUser).execute();
    const first = await app().inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: totpEmail, password: MEMBER_PASSWORD } });
    expect(first.json()).toEqual({ two_factor: true });
    const challenge = first.cookies.find((cookie) => cookie.name === 'luma_2fa')!;
    const second = await app().inject({
      method: 'POST',
      url: '/api/v1/auth/two-factor',
      payload: { code: codeAt(totpSecret, currentStep()), remember: false },
      headers: { cookie: `luma_2fa=${challenge.value}` },
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(sessionCookie(second)).toBeDefined();
  }

  /** The signed public function: its signature checks with the stored key, and it answers the secret variable. */
  async function signedCall(): Promise<unknown> {
    const body = JSON.stringify({ data: 'ping' });
    const t = Math.floor(Date.now() / 1000);
    const signature = `t=${t},k=${fnKey.uuid},s=${createHmac('sha256', fnKey.key).update(`${t}.${body}`).digest('hex')}`;
    const response = await app().inject({
      method: 'POST',
      url: `/api/v1/public/function/${projectUuid}/signed`,
      payload: body,
      headers: { 'content-type': 'application/json', 'x-luma-signature': signature, 'x-project-env': 'dev' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  /** An upload into the S3 library: its driver is built from the opened secret. */
  async function s3Upload(name: string): Promise<void> {
    const upload = await media.upload({ fields: { uuid: library }, files: [{ name, body: png() }] });
    expect(upload.statusCode, upload.body).toBe(200);
  }

  /** A record of orders: the workflow's e-mail node signs in to the SMTP server with the opened password. */
  async function mailSent(title: string): Promise<void> {
    const before = logins.length;
    expect((await recordApi(app, () => admin, 'dev').create(orders, { title })).statusCode).toBe(200);
    await until('the mail', 60_000, () => inbox.find((raw) => raw.includes(`Order ${title}`)));
    expect(logins.slice(before)).toContainEqual({ user: 'mailer', pass: SMTP_PASSWORD });
  }

  /** The share link serves its file: its signature checks with the opened signing key. */
  async function shareOpens(): Promise<void> {
    const response = await app().inject({ method: 'GET', url: shareLink });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.rawPayload.equals(png(4, 4))).toBe(true);
  }

  async function everythingWorks(tag: string): Promise<void> {
    await totpLogin();
    expect(await signedCall()).toEqual({ output: { data: 'ping', token: VARIABLE_SECRET, later: MADE_SECRET } });
    await s3Upload(`${tag}.png`);
    await mailSent(tag);
    await shareOpens();
  }

  // Each kind of secret created through the API.
  beforeAll(async () => {
    admin = await login(app());
    media = mediaApi(app, () => admin);
    // A member with two-factor on.
    totpEmail = 'totp-at-rest@luma.test';
    const member = await createMember(db(), totpEmail, MEMBER_PASSWORD);
    totpUser = member.userUuid;
    projectUuid = member.projectUuid;
    const cookie = await login(app(), totpEmail, MEMBER_PASSWORD);
    // In the middle of a 30-second step, so the code is still current when the server checks it.
    await withManualClock(Math.floor(Date.now() / 30_000) * 30_000 + 15_000, async () => {
      totpSecret = (await withCookie(app, () => cookie).post('/v1/user/two-factor/setup', {})).json().secret;
      expect((await withCookie(app, () => cookie).post('/v1/user/two-factor/enable', { code: codeAt(totpSecret, currentStep()) })).json()).toEqual({ enabled: true });
    });
    // A secret variable and a signed public function that answers it.
    expect((await as().post('/v1/system/environment/variables', { name: 'TOKEN', value: VARIABLE_SECRET, secret: true }, { 'x-project-env': 'dev' })).statusCode).toBe(200);
    const plain = await as().post('/v1/system/environment/variables', { name: 'LATER', value: MADE_SECRET }, { 'x-project-env': 'dev' });
    expect((await as().send('PATCH', `/v1/system/environment/variables/${plain.json().uuid}`, { secret: true }, { 'x-project-env': 'dev' })).json()).toMatchObject({ secret: true, value: null });
    const fn = (await as().post('/v1/system/function', { name: 'signed', code: 'return { data, token: context.env.TOKEN, later: context.env.LATER };', public: true, signed: true })).json();
    fnKey = (await as().post(`/v1/system/function/${fn.uuid}/key`)).json();
    expect(fnKey.key.length).toBeGreaterThan(16);
    // An S3 library.
    const input = await providerInput('s3', () => s3!, 'at-rest-bucket');
    const created = await media.createLibrary({ name: 'Bucket at rest', ...input, s3_secret: S3_SECRET });
    expect(created.statusCode, created.body).toBe(200);
    library = created.json().uuid;
    // A share link of a file there: the project's signing key is made then.
    expect((await media.upload({ fields: { uuid: library }, files: [{ name: 'shared.png', body: png(4, 4) }] })).statusCode).toBe(200);
    const shared = await media.share(library, { key: 'shared.png', date: new Date(Math.ceil((Date.now() + 86_400_000) / 300_000) * 300_000).toISOString() });
    expect(shared.statusCode, shared.body).toBe(200);
    const url = new URL(shared.json().data);
    shareLink = `${url.pathname}${url.search}`;
    const signing = await db().selectFrom('media_signing_keys').select('secret').where('project_uuid', '=', projectUuid).executeTakeFirstOrThrow();
    shareKey = open(signing.secret, 'share-key');
    // The opened key is the one the link is signed with.
    const expires = url.searchParams.get('expires')!;
    const signed = `${url.searchParams.get('share')}\n${library}\nshared.png\n${expires}`;
    expect(createHmac('sha256', Buffer.from(shareKey, 'base64url')).update(signed).digest('base64url')).toBe(url.searchParams.get('signature'));
    // A workflow whose e-mail node signs in to the SMTP server.
    orders = await componentWithFields(componentApi(app, () => admin, 'dev'), 'orders_at_rest', [f.text('title')]);
    workflow = (await wf.post('/workflow/workflows', { component_uuid: orders, name: 'Mail at rest' })).json().uuid;
    const event = { id: 10_000_001, name: 'created', x: 0, y: 0, width: 120, height: 60, type: 'event', action: 'Create', paused: false, parallel: false, data: {}, connections: [] as unknown[] };
    const port = (smtp.server.address() as AddressInfo).port;
    const smtpSettings = { host: '127.0.0.1', port, username: 'mailer', password: SMTP_PASSWORD, email_from: 'shop@example.com', auth_type: 'plain' };
    const mail = { ...event, id: 10_000_002, name: 'mail', type: 'operation', action: 'email', connections: [], data: { to: 'buyer@example.com', subject: 'Order {{data.title}}', body: 'hi', smtp: smtpSettings } };
    event.connections.push({ id: '10000001-10000002', source: { id: 10_000_001, position: 'bottom' }, destination: { id: 10_000_002, position: 'top' }, type: 'pass', name: 'pass' });
    const saved = await wf.put(`/workflow/workflows/${workflow}/version/v1`, { nodes: [event, mail] });
    expect(saved.statusCode, saved.body).toBe(200);
    // The editor reads the mask, never the password.
    const read = await wf.get(`/workflow/workflows/${workflow}`);
    expect(read.json().version.nodes[1].data.smtp.password).toBe(MASKED_SECRET);
    expect(read.body).not.toContain(SMTP_PASSWORD);
  }, SETUP_TIMEOUT_MS);

  it('no table holds any of them, and the API still uses each', async () => {
    const rows = await everyRow();
    for (const plain of plainValues()) expect(rows.includes(plain), `the database holds ${plain}`).toBe(false);
    const stored = await storedSecrets();
    // Each kind is there, sealed with the server's key, and opens to what was given.
    expect(stored.map((cell) => cell.where.split('/')[0]).sort()).toEqual(
      ['global_function_keys.secret', 'media_libraries.s3_secret', 'media_signing_keys.secret', 'nodes', 'users.totp_secret', 'variables.value', 'variables.value'].sort(),
    );
    for (const cell of stored) expect(sealedKeyId(cell.value), cell.where).toBe(keysFrom(TEST_SECRET_KEY).current.id);
    expect(stored.map((cell) => open(cell.value, cell.purpose)).sort()).toEqual([...plainValues()].sort());
    await everythingWorks('before');
  });

  it("the e-mail node's password is never answered (workflow, run log); saving the graph as read keeps it", async () => {
    // Two runs of its own, so the case reads more than one run log when it runs alone.
    for (const title of ['masked', 'masked again']) await mailSent(title);
    const runs = (await wf.get(`/workflow/runs?workflow=${workflow}`)).json().items as { uuid: string }[];
    expect(runs.length).toBeGreaterThanOrEqual(2);
    for (const run of runs) {
      const log = await wf.get(`/workflow/runs/${run.uuid}`);
      expect(log.statusCode, log.body).toBe(200);
      expect(log.body).not.toContain(SMTP_PASSWORD);
      expect(log.json().nodes[1].data.smtp.password).toBe(MASKED_SECRET);
    }
    const sealedBefore = (await storedSecrets()).find((cell) => cell.where.startsWith('nodes/'))!.value;
    const read = (await wf.get(`/workflow/workflows/${workflow}`)).json();
    expect(JSON.stringify(read)).not.toContain(SMTP_PASSWORD);
    const saved = await wf.put(`/workflow/workflows/${workflow}/version/${read.version.name}`, { nodes: read.version.nodes });
    expect(saved.statusCode, saved.body).toBe(200);
    // The stored password is the one saved before, still sealed, still opening to the password.
    const sealedAfter = (await storedSecrets()).find((cell) => cell.where.startsWith('nodes/'))!.value;
    expect(sealedAfter).toBe(sealedBefore);
    expect(open(sealedAfter, 'smtp-password')).toBe(SMTP_PASSWORD);
    await mailSent('saved-as-read');
    // The mask on a node that had no password stored is refused, and nothing is written.
    const copy = { ...read.version.nodes[1], id: 10_000_003 };
    const refused = await wf.put(`/workflow/workflows/${workflow}/version/${read.version.name}`, { nodes: [...read.version.nodes, copy] });
    expect(refused.statusCode, refused.body).toBe(417);
    expect(refused.json().errors).toContainEqual(expect.objectContaining({ field: 'nodes.10000003.data.smtp.password' }));
    expect((await wf.get(`/workflow/workflows/${workflow}`)).json().version.nodes).toHaveLength(2);
  });

  it('rows stored in clear before sealing are sealed by the start pass and keep working', async () => {
    await db().updateTable('variables').set({ value: VARIABLE_SECRET }).where('name', '=', 'TOKEN').execute();
    await db().updateTable('users').set({ totp_secret: totpSecret }).where('uuid', '=', totpUser).execute();
    await db().updateTable('media_signing_keys').set({ secret: shareKey }).where('project_uuid', '=', projectUuid).execute();
    const clear = await everyRow();
    expect(clear.includes(VARIABLE_SECRET) && clear.includes(shareKey)).toBe(true);
    // Read as they are meanwhile (a clear row is the value itself).
    expect(await signedCall()).toEqual({ output: { data: 'ping', token: VARIABLE_SECRET, later: MADE_SECRET } });
    await shareOpens();
    const result = await sealClearSecrets(db());
    expect(result.sealed).toEqual({ 'variables.value': 1, 'users.totp_secret': 1, 'media_signing_keys.secret': 1 });
    expect((await sealClearSecrets(db())).sealed).toEqual({});
    const rows = await everyRow();
    for (const plain of plainValues()) expect(rows.includes(plain), `the database holds ${plain}`).toBe(false);
    await totpLogin();
    expect(await signedCall()).toEqual({ output: { data: 'ping', token: VARIABLE_SECRET, later: MADE_SECRET } });
    await shareOpens();
  });

  it('a rotation seals every secret with the new key beside the running server; the old key alone opens nothing', async () => {
    const before = await storedSecrets();
    // The server restarted with the new key and the old one still accepted: old rows open, new ones seal with the new key.
    setSecretKeys(keysFrom(NEW_KEY, [TEST_SECRET_KEY]));
    await everythingWorks('during');
    const result = await resealSecrets(db());
    for (const store of ['users.totp_secret', 'global_function_keys.secret', 'variables.value', 'media_libraries.s3_secret', 'media_signing_keys.secret', 'workflow_versions.nodes']) {
      expect(result.sealed[store], store).toBeGreaterThanOrEqual(1);
    }
    expect(result.unopened).toEqual({});
    expect((await resealSecrets(db())).sealed).toEqual({});
    const after = await storedSecrets();
    expect(after.map((cell) => cell.where).sort()).toEqual(before.map((cell) => cell.where).sort());
    const newId = keysFrom(NEW_KEY).current.id;
    for (const cell of after) {
      expect(cell.value, cell.where).not.toBe(before.find((old) => old.where === cell.where)!.value);
      expect(sealedKeyId(cell.value), cell.where).toBe(newId);
      expect(() => open(cell.value, cell.purpose, keysFrom(TEST_SECRET_KEY)), cell.where).toThrow(SecretNotOpened);
    }
    const rows = await everyRow();
    for (const plain of plainValues()) expect(rows.includes(plain), `the database holds ${plain}`).toBe(false);
    // A server given only the old key says at start that every secret is under a key it lacks.
    setSecretKeys(keysFrom(TEST_SECRET_KEY));
    expect(await unknownKeyIds(db())).toEqual({ [newId]: after.length });
    // The old key dropped: everything still works with the new one alone.
    setSecretKeys(keysFrom(NEW_KEY));
    expect(await unknownKeyIds(db())).toEqual({});
    await everythingWorks('after');
  });
});
