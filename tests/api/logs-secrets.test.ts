// No secret in any log (docs/security.md "Secrets in logs"): every kind of secret Luma has goes
// through every route that takes or answers one, with Scout's API call log keeping bodies and the
// process log captured at trace level (the server's own logger, src/server/platform/log.ts); then both logs (the
// stored api_calls rows and the captured lines) are searched for each secret's value. The logs are
// checked to hold the calls (so a log that kept nothing cannot pass). Both databases. Each kind of secret
// is sent once, by its own case or by the search when that runs alone.
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { authenticator } from 'otplib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { seed } from '../../src/server/auth/seed';
import { createProcessLogger, errorLogOf } from '../../src/server/platform/log';
import { startPlatform, type Platform } from '../../src/server/instance';
import { REDACTED } from '../../src/server/platform/redact';
import { SECRET_FIELDS } from '../../src/server/scout/api-log-redact';
import { openBus } from './event-bus-fixtures';
import { adminProject, componentApi, componentWithFields, once, recordApi, recordFields as f } from './fixtures';
import { caller } from './iam-fixtures';
import { mediaApi, png } from './media-fixtures';
import { ADMIN_EMAIL, createScratchDatabase, DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, testConfig, until, type ScratchDatabase } from './harness';

const unique = (what: string) => `${what}-${randomBytes(9).toString('base64url')}`;

describeApi(`no secret in any log (${DB_KIND})`, () => {
  const lines: string[] = [];
  let scratch: ScratchDatabase;
  let platform: Platform;
  let server: FastifyInstance;
  let port = 0;
  let project = '';
  let admin = '';
  /** Every secret sent or answered, by what it is. */
  const secrets = new Map<string, string>();
  const app = () => server;
  const as = caller(app, () => ({ cookie: admin, 'x-project-env': 'dev' }));
  const wf = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: unknown) => as.send(method, `/workflow${url}`, payload);
  const ok = (response: { statusCode: number; body: string }, what: string) => {
    expect(response.statusCode, `${what}: ${response.body}`).toBeLessThan(300);
    return JSON.parse(response.body || 'null');
  };

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    const config = testConfig({ LUMA_LOG_LEVEL: 'trace', LUMA_PUBLIC_URL: 'http://luma.test' });
    await seed(scratch.database.db, config);
    const logger = createProcessLogger('trace', { write: (line: string) => lines.push(line) });
    platform = await startPlatform(scratch.database, config, { log: errorLogOf(logger) });
    // No mailer given: mail goes to the process log (no LUMA_SMTP_URL), links and all, as in production.
    server = await buildApp({ config, database: scratch.database, platform, logger });
    await server.listen({ port: 0, host: '127.0.0.1' });
    port = (server.server.address() as AddressInfo).port;
    // The whole server, migrated, seeded and listening: more than the 60 s hook bound on a loaded machine.
  }, 300_000);
  afterAll(async () => {
    await server?.close();
    await platform?.stop();
    await scratch?.drop();
  });

  // The admin keeps API call bodies.
  beforeAll(async () => {
    ({ projectUuid: project } = await adminProject(scratch.database.db));
    admin = await login(server);
    ok(await as.put('/v1/system/api-log/settings', { enabled: true, bodies: true }), 'api log settings');
  }, SETUP_TIMEOUT_MS);

  it('every route of the secret-field table exists', () => {
    for (const route of Object.keys(SECRET_FIELDS)) {
      const [method, url] = route.split(' ') as ['POST' | 'PATCH', string];
      expect(server.hasRoute({ method, url }), route).toBe(true);
    }
  });

  const variablesKeysAndApiUsers = once(async () => {
    secrets.set('variable value', unique('var'));
    secrets.set('variable value (PATCH)', unique('var2'));
    const variable = ok(await as.post('/v1/system/environment/variables', { name: 'STRIPE_KEY', value: secrets.get('variable value'), secret: true }), 'variable');
    ok(await as.send('PATCH', `/v1/system/environment/variables/${variable.uuid}`, { value: secrets.get('variable value (PATCH)') }), 'variable patch');

    const fn = ok(await as.post('/v1/system/function', { name: 'signed' }), 'function');
    secrets.set('function signing key', ok(await as.post(`/v1/system/function/${fn.uuid}/key`), 'key').key);

    const robot = ok(await as.post('/v1/iam/api-users', { name: 'Importer', role_uuids: [] }), 'api user');
    secrets.set('API user secret', robot.secret.token);
    secrets.set('API user second secret', ok(await as.post(`/v1/iam/api-users/${robot.user.uuid}/secrets`), 'secret').token);
    // A call made with the secret (the Authorization header is never logged).
    expect((await server.inject({ method: 'GET', url: '/api/v1/user/claims', headers: { authorization: `Bearer ${robot.secret.token}` } })).statusCode).toBe(200);
  });
  it('secret variables (create and PATCH), a function signing key, API user secrets', () => variablesKeysAndApiUsers());

  const twoFactorEnrolment = once(async () => {
    const setup = ok(await as.post('/v1/user/two-factor/setup'), 'setup');
    secrets.set('TOTP seed', setup.secret);
    secrets.set('otpauth URL', setup.otpauth_url);
    secrets.set('QR data URL', setup.qr.slice('data:image/svg+xml;base64,'.length, 200));
    const enable = await as.post('/v1/user/two-factor/enable', { code: authenticator.generate(setup.secret) });
    ok(enable, 'enable');
    const row = await until('the enable call to be logged', 10_000, async () => {
      await server.apiLog.flush();
      return scratch.database.db.selectFrom('api_calls').select('request_body').where('request_uuid', '=', String(enable.headers['x-request-uuid'])).executeTakeFirst();
    });
    expect(JSON.parse(row.request_body!)).toEqual({ code: REDACTED });
  });
  it('two-factor enrolment: the seed, its otpauth URL and QR code; the code that turns it on', () => twoFactorEnrolment());

  const invites = once(async () => {
    const invite = ok(await as.post('/v1/iam/invites', { email: 'joiner@luma.test', role_uuids: [] }), 'invite');
    const token = String(invite.link).split('/').pop()!;
    secrets.set('invite token', token);
    secrets.set('invitee password', unique('joiner-pass'));
    ok(await server.inject({ method: 'GET', url: `/api/v1/auth/invite/${token}` }), 'open invite');
    const password = secrets.get('invitee password');
    ok(await server.inject({ method: 'POST', url: `/api/v1/auth/invite/${token}/accept`, payload: { name: 'Joiner', password, password_confirmation: password } }), 'accept');
  });
  it('invites: the link answered and mailed, opened and accepted with a password', () => invites());

  const passwords = once(async () => {
    // The reset request names the invitee's account.
    await invites();
    secrets.set('profile password', unique('profile-pass'));
    const password = secrets.get('profile password');
    ok(await as.post('/v1/user/profile/edit', { name: 'Admin', email: ADMIN_EMAIL, password, password_confirmation: password }), 'profile edit');
    const vault = await componentWithFields(componentApi(app, () => admin, 'dev'), 'vault', [f.text('label'), f.password('pin')]);
    secrets.set('record password', unique('pin'));
    ok(await recordApi(app, () => admin, 'dev').create(vault, { label: 'mine', pin: secrets.get('record password') }), 'record');
    ok(await server.inject({ method: 'POST', url: '/api/v1/auth/password/forgot', payload: { email: 'joiner@luma.test' } }), 'forgot');
    // The reset link is written to the process log by the log mailer: the mail is there, its token is not.
    const mail = await until('the reset mail in the process log', 10_000, () => lines.find((line) => line.includes('/user/resetpassword/')));
    expect(mail).toContain(`/user/resetpassword/${REDACTED}`);
    secrets.set('reset password', unique('reset-pass'));
    const reset = { token: crypto.randomUUID(), password: secrets.get('reset password'), password_confirmation: secrets.get('reset password') };
    await server.inject({ method: 'POST', url: '/api/v1/auth/password/reset', payload: reset });
  });
  it('passwords: profile edit, a record of a password field, a reset request mailed to the log', () => passwords());

  const media = once(async () => {
    const media = mediaApi(app, () => admin);
    secrets.set('S3 secret', unique('s3-secret'));
    const s3 = { name: 'Bucket', provider: 's3', s3_endpoint: 'http://127.0.0.1:9', s3_region: 'eu-west-1', s3_bucket: 'bucket', s3_key: 'AKIA0000', host: 'http://127.0.0.1:9/bucket' };
    const bucket = ok(await media.createLibrary({ ...s3, s3_secret: secrets.get('S3 secret') }), 's3 library');
    secrets.set('S3 secret (update)', unique('s3-secret2'));
    ok(await media.updateLibrary(bucket.uuid, { ...s3, s3_secret: secrets.get('S3 secret (update)') }), 's3 library update');

    const files = ok(await media.createLibrary({ name: 'Files', provider: 'luma-simple' }), 'library');
    ok(await media.upload({ fields: { uuid: files.uuid, path: '' }, files: [{ name: 'a.png', body: png() }] }), 'upload');
    const step = 5 * 60_000;
    const date = new Date(Math.ceil(Date.now() / step) * step + 60 * 60_000).toISOString();
    const link = new URL(ok(await media.share(files.uuid, { key: 'a.png', date }), 'share').data);
    secrets.set('share signature', link.searchParams.get('signature')!);
    expect((await mediaApi(app, () => undefined).fetch(`${link.pathname}${link.search}`)).statusCode).toBe(200);
  });
  it('media: an S3 library secret; a share link answered and opened', () => media());

  const workflows = once(async () => {
    secrets.set('workflow header api_key', unique('hdr'));
    secrets.set('workflow URL api_key', unique('url'));
    secrets.set('workflow URL token', unique('tok'));
    secrets.set('SMTP password', unique('smtp'));
    const orders = await componentWithFields(componentApi(app, () => admin, 'dev'), 'orders', [f.text('title')]);
    const event = { id: 10_000_001, name: 'start', x: 0, y: 0, width: 120, height: 60, type: 'event', action: 'Create', paused: false, parallel: false, data: {}, connections: [] as unknown[] };
    const call = {
      ...event,
      id: 10_000_002,
      name: 'hook',
      type: 'operation',
      action: 'http_request',
      data: { url: `http://10.0.0.1/hook?api_key=${secrets.get('workflow URL api_key')}&access_token=${secrets.get('workflow URL token')}`, headers: `{"api_key": "${secrets.get('workflow header api_key')}", "x-order": "{{data.title}}"}` },
    };
    const smtp = { host: '10.0.0.2', port: 587, username: 'shop', password: secrets.get('SMTP password'), email_from: 'shop@example.com', auth_type: 'plain' };
    const mail = { ...event, id: 10_000_003, name: 'mail', type: 'operation', action: 'email', data: { to: 'a@example.com', subject: 'Hi', body: 'B', smtp } };
    event.connections = [call.id, mail.id].map((to) => ({ id: `${event.id}-${to}`, source: { id: event.id, position: 'bottom' }, destination: { id: to, position: 'top' }, type: 'pass', name: 'pass' }));
    const nodes = [event, call, mail];
    const workflow = ok(await wf('POST', '/workflows', { component_uuid: orders, name: 'Hooks' }), 'workflow');
    ok(await wf('PUT', `/workflows/${workflow.uuid}/version/v1`, { nodes }), 'save');
    ok(await wf('GET', `/workflows/${workflow.uuid}`), 'read');
    ok(await wf('POST', '/workflow/component/dryrun', { component_uuid: orders, event: 'Create', dry_run: true, nodes, model_collection: { title: 'Dry' } }), 'dry run');
    ok(await recordApi(app, () => admin, 'dev').create(orders, { title: 'Run' }), 'record');
    const run = await until('the run to end', 60_000, async () => {
      const row = await scratch.database.db.selectFrom('workflow_runs').select('status').where('workflow_uuid', '=', workflow.uuid).executeTakeFirst();
      return row && row.status !== 'queued' && row.status !== 'running' ? row : undefined;
    });
    expect(run.status).toBe('error');
  });
  it('workflows: api_key in an HTTP node\'s headers and URL, an e-mail node\'s SMTP password; saved, read, dry-run and run', () => workflows());

  const busToken = once(async () => {
    const token = ok(await as.post('/v1/system/eventbus/auth', {}), 'bus token').token;
    secrets.set('event-bus token', token);
    const bus = openBus(port, project, token, { cookie: admin, origin: `http://127.0.0.1:${port}` });
    await bus.subscribe([]);
    expect(bus.closed).toBeNull();
    bus.close();
    await bus.waitClosed();
  });
  it('the event-bus token: answered, then in the socket URL', () => busToken());

  it('neither log holds any secret, and both hold the calls', async () => {
    // Every kind of secret is sent first: by its own case above, or here when this case runs alone (hence the bound).
    for (const step of [variablesKeysAndApiUsers, twoFactorEnrolment, invites, passwords, media, workflows, busToken]) await step();
    await server.apiLog.flush();
    const rows = await scratch.database.db.selectFrom('api_calls').select(['method', 'path', 'request_body', 'response_body']).where('project_uuid', '=', project).execute();
    const apiLog = JSON.stringify(rows);
    const processLog = lines.join('');
    // The logs hold the calls, with bodies where the call had one: a log that kept nothing would pass the search.
    const kept = (method: string, path: string) => rows.find((row) => row.method === method && row.path.startsWith(path));
    for (const [method, path] of [
      ['POST', '/api/v1/system/environment/variables'],
      ['PATCH', '/api/v1/system/environment/variables/'],
      ['POST', '/api/v1/user/two-factor/setup'],
      ['POST', '/api/v1/iam/invites'],
      ['POST', '/api/v1/iam/api-users'],
      ['POST', '/api/v1/system/eventbus/auth'],
      ['POST', '/api/media/v1/dms/media/library'],
      ['PUT', '/api/workflow/workflows/'],
      ['POST', '/api/workflow/workflow/component/dryrun'],
      ['POST', '/api/v1/user/profile/edit'],
    ] as const) {
      const row = kept(method, path);
      expect(row, `${method} ${path} in the API log`).toBeDefined();
      expect(row!.request_body ?? row!.response_body, `${method} ${path} kept a body`).not.toBeNull();
    }
    expect(kept('POST', '/api/v1/system/function/')?.response_body).toContain(REDACTED);
    for (const path of [`/api/bus/${project}`, '/media/library/', '/api/v1/auth/invite/', 'mail (no LUMA_SMTP_URL set; not sent)']) {
      expect(processLog, `the process log mentions ${path}`).toContain(path);
    }
    expect(secrets.size).toBeGreaterThanOrEqual(20);
    const leaks: string[] = [];
    for (const [what, value] of secrets) {
      expect(value.length, what).toBeGreaterThanOrEqual(8);
      if (apiLog.includes(value)) leaks.push(`${what} in the API log`);
      if (processLog.includes(value)) leaks.push(`${what} in the process log`);
    }
    expect(leaks).toEqual([]);
  }, SETUP_TIMEOUT_MS);
});
