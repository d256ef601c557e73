// Workflows (docs/workflows.md) against a real database, pg-boss, the sandbox, a real SMTP server and a
// local HTTP receiver: Before:: events in the write's transaction, after-commit runs as jobs, the node
// actions, the SSRF guard, imports, Recycle and the dry run (the entity's rules: workflows-entity.test.ts).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { adminProject, componentApi, componentWithFields, recordApi, recordFields } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, until, useServer } from './harness';
import { connect, liveRecords, nodeFactory, runsOf, removedWorkflow, savedWorkflow, type Node } from './workflow-graph';
import { runRecycleTick } from '../../src/server/workflows/record-events';
import { recycleFilter } from '../../src/server/workflows/recycle';

const node = nodeFactory(10_000_001);

describeApi(`workflows (${DB_KIND})`, () => {
  // Runs go through pg-boss workers: the bounds below stop a hang, they do not time anything.
  vi.setConfig({ testTimeout: 180_000 });
  // A real SMTP server and an HTTP receiver on loopback: only their exact host:port are allowed.
  const inbox: { to: string[]; raw: string }[] = [];
  let smtpConnections = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      smtpConnections++;
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  const received: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
  const receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ method: request.method!, url: request.url!, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (request.url === '/redirect') {
        response.writeHead(302, { location: `http://127.0.0.1:${otherPort}/inside` }).end();
        return;
      }
      if (request.url === '/fail') {
        response.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"bad"}');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, got: request.url }));
    });
  });
  // Another loopback server that must never be reached (the guard refuses it).
  let otherHits = 0;
  const other = http.createServer((_request, response) => {
    otherHits++;
    response.end('secret');
  });
  let smtpPort = 0;
  let receiverPort = 0;
  let otherPort = 0;
  const overrides: Record<string, string> = {};
  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', () => resolve()));
    smtpPort = (smtp.server.address() as AddressInfo).port;
    receiverPort = (receiver.address() as AddressInfo).port;
    otherPort = (other.address() as AddressInfo).port;
    overrides.LUMA_WORKFLOW_HTTP_ALLOW = `127.0.0.1:${receiverPort},127.0.0.1:${smtpPort}`;
    overrides.LUMA_JOB_POLL_SECONDS = '0.5';
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    await new Promise<void>((resolve) => other.close(() => resolve()));
  });

  const server = useServer(overrides);
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  const components = componentApi(app, () => admin, 'dev');
  const records = recordApi(app, () => admin, 'dev');
  const wf = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, cookie = () => admin) =>
    app().inject({ method, url: `/api/workflow${url}`, payload: payload as object, headers: { cookie: cookie(), 'x-project-env': 'dev' } });
  let orders = '';
  let audit = '';

  const count = (component: string) => liveRecords(db(), component);
  const runs = (workflow: string) => runsOf(db(), workflow);
  /** A workflow on orders with the given graph, saved into v1 (the dev version). */
  const workflowWith = (name: string, nodes: Node[], component = orders) => savedWorkflow(wf, component, name, nodes);
  const removeWorkflow = (uuid: string) => removedWorkflow(wf, uuid);

  // Orders and audit components.
  beforeAll(async () => {
    admin = await login(app());
    orders = await componentWithFields(components, 'orders', [recordFields.text('title'), recordFields.number('total'), recordFields.text('status', { length: { min: 0, max: 255 } })]);
    audit = await componentWithFields(components, 'audit', [recordFields.text('note')]);
  }, SETUP_TIMEOUT_MS);

  it('Before::Create: a condition refuses the record with its message and nothing is written', async () => {
    const event = node('event', 'Before::Create');
    const check = node('condition', '', { expression: 'data.total <= 100', message: 'Orders over 100 need approval' });
    connect(event, check);
    const uuid = await workflowWith('Limit', [event, check]);
    const before = await count(orders);
    const refused = await records.create(orders, { title: 'Big', total: 500 });
    expect(refused.statusCode, refused.body).toBe(417);
    expect(refused.json()).toMatchObject({ message: 'workflowRefused', errors: [{ field: 'workflow', messages: ['Orders over 100 need approval'] }] });
    expect(await count(orders)).toBe(before);
    const allowed = await records.create(orders, { title: 'Small', total: 50 });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(await count(orders)).toBe(before + 1);
    await removeWorkflow(uuid);
  });

  it('Before::Update: an expression changes the value that is stored, and the record rules still judge it', async () => {
    const event = node('event', 'Before::Update');
    const shout = node('operation', 'expression', { expression: 'return { data: { ...data, title: data.title.toUpperCase() } }' });
    connect(event, shout);
    const uuid = await workflowWith('Shout', [event, shout]);
    const created = (await records.create(orders, { title: 'quiet', total: 1 })).json();
    const updated = await records.update(orders, created.uuid, created.__version__, { title: 'louder' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().title).toBe('LOUDER');
    const stored = await db().selectFrom('records').select('data').where('uuid', '=', created.uuid).executeTakeFirstOrThrow();
    expect((stored.data as { title: string }).title).toBe('LOUDER');
    await removeWorkflow(uuid);
  });

  it('Create runs after commit as a job through condition, switch, each and parallel branches; the run is logged', async () => {
    const event = node('event', 'Create');
    const big = node('condition', '', { expression: 'data.total > 10' });
    const pass = node('operation', 'expression', { expression: "return 'pass:' + data.title" });
    const reject = node('operation', 'expression', { expression: "return 'reject:' + data.title" });
    const kind = node('switch', '', { expression: 'data.status' }, { parallel: true });
    const gold = node('operation', 'expression', { expression: "return 'gold'" });
    const fallback = node('operation', 'expression', { expression: "return 'default'" });
    const each = node('each', '', { expression: 'return [1, 2, 3]' });
    const double = node('operation', 'expression', { expression: 'return item * 2' });
    connect(event, big);
    connect(big, pass, { from: 'bottom' });
    connect(big, reject, { from: 'right' });
    connect(event, kind);
    connect(kind, gold, { name: 'gold' });
    connect(kind, fallback, { name: 'default' });
    connect(event, each);
    connect(each, double);
    const uuid = await workflowWith('Walk', [event, big, pass, reject, kind, gold, fallback, each, double]);
    const created = await records.create(orders, { title: 'A', total: 50, status: 'gold' });
    expect(created.statusCode, created.body).toBe(200);
    const run = await until('the Create run to finish', 60_000, async () => {
      const [row] = await runs(uuid);
      return row && (row.status === 'success' || row.status === 'error') ? row : undefined;
    });
    expect(run.status, run.error ?? '').toBe('success');
    expect(run).toMatchObject({ event: 'Create', record_uuid: created.json().uuid, env: 'dev', version: 'v1' });
    const results = Object.fromEntries((run.results as { id: number; State: { Results: unknown } }[]).map((r) => [r.id, r.State.Results]));
    expect(results[big.id]).toBe(true);
    expect(results[pass.id]).toBe('pass:A');
    expect(results[reject.id]).toBeUndefined();
    expect(results[gold.id]).toBe('gold');
    expect(results[fallback.id]).toBeUndefined();
    expect(results[double.id]).toEqual([2, 4, 6]);
    expect(run.path as number[]).toEqual(expect.arrayContaining([event.id, big.id, pass.id, kind.id, gold.id, each.id, double.id]));
    // The run log answers it too.
    const listed = (await wf('GET', `/runs?workflow=${uuid}`)).json();
    expect(listed.total).toBe(1);
    const detail = (await wf('GET', `/runs/${run.uuid}`)).json();
    expect(detail.nodes.map((n: Node) => n.id)).toContain(double.id);
    expect(detail.data).toMatchObject({ title: 'A', total: 50 });
    await removeWorkflow(uuid);
  });

  it('a write that rolls back queues no run; an expression error makes the run an error', async () => {
    const event = node('event', 'Create');
    const boom = node('operation', 'expression', { expression: "throw new Error('boom')" });
    connect(event, boom);
    const uuid = await workflowWith('Boom', [event, boom]);
    const bad = await records.create(orders, { title: 'x', not_a_field: 1 });
    expect(bad.statusCode).toBe(417);
    expect(await runs(uuid)).toHaveLength(0);
    expect((await records.create(orders, { title: 'ok', total: 1 })).statusCode).toBe(200);
    const run = await until('the failing run', 60_000, async () => {
      const [row] = await runs(uuid);
      return row?.status === 'error' ? row : undefined;
    });
    expect(run.error).toContain('boom');
    expect(run.attempts).toBe(1);
    await removeWorkflow(uuid);
  });

  it('the component action writes a record of another component through its rules', async () => {
    const event = node('event', 'Create');
    const log = node('operation', 'component', { component_ref: audit, expression: "return { note: 'order ' + data.title }" });
    connect(event, log);
    const uuid = await workflowWith('Audit', [event, log]);
    const before = await count(audit);
    expect((await records.create(orders, { title: 'logged', total: 1 })).statusCode).toBe(200);
    await until('the audit record', 60_000, async () => ((await count(audit)) === before + 1 ? true : undefined));
    const note = await db().selectFrom('records').select('data').where('component_uuid', '=', audit).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(note.data).toEqual({ note: 'order logged' });
    // The audit component's rules still apply: a note over its 255 characters is refused and the run says why.
    const saved = await wf('PUT', `/workflows/${uuid}/version/v1`, {
      nodes: [event, { ...log, data: { component_ref: audit, expression: "return { note: 'x'.repeat(300) }" } }],
    });
    expect(saved.statusCode).toBe(200);
    expect((await records.create(orders, { title: 'empty', total: 1 })).statusCode).toBe(200);
    const failed = await until('the refused audit write', 60_000, async () => (await runs(uuid)).find((r) => r.status === 'error'));
    expect(failed.error).toContain('fieldsNotValid');
    expect(await count(audit)).toBe(before + 1);
    // Removing a component a workflow writes into is refused; the dependency is listed.
    const blocked = await components.remove(audit);
    expect([blocked.statusCode, blocked.json().message]).toEqual([409, 'componentRemovalBlockedByDependency']);
    const listed = (await components.list()).json().find((c: { uuid: string }) => c.uuid === audit);
    expect(listed.dependencies).toEqual([{ kind: 'workflow', uuid, name: 'Audit', ref: uuid }]);
    await removeWorkflow(uuid);
  });

  it('http_request reaches an allowed receiver with rendered headers and body; the SSRF guard refuses the rest', async () => {
    const event = node('event', 'Create');
    const call = node('operation', 'http_request', {
      url: `http://127.0.0.1:${receiverPort}/hook/{{data.title}}`,
      headers: '{"x-order": "{{data.title}}"}',
      postData: '{"total": {{data.total}}}',
    });
    connect(event, call);
    const uuid = await workflowWith('Hook', [event, call]);
    expect((await records.create(orders, { title: 'H1', total: 7 })).statusCode).toBe(200);
    const run = await until('the hook run', 60_000, async () => (await runs(uuid)).find((r) => r.status === 'success' || r.status === 'error'));
    expect(run.status, run.error ?? '').toBe('success');
    const hit = received.find((r) => r.url === '/hook/H1')!;
    expect(hit).toMatchObject({ method: 'POST', body: '{"total":7}' });
    expect(hit.headers['x-order']).toBe('H1');
    expect((run.results as { id: number; State: { Results: { status: number; body: unknown } } }[]).find((r) => r.id === call.id)!.State.Results).toMatchObject({
      status: 200,
      body: { ok: true, got: '/hook/H1' },
    });

    const vectors = [
      `http://127.0.0.1:${otherPort}/`,
      `http://[::1]:${otherPort}/`,
      `http://[::ffff:127.0.0.1]:${otherPort}/`,
      'http://169.254.169.254/latest/meta-data/',
      `http://0.0.0.0:${otherPort}/`,
      `http://2130706433:${otherPort}/`,
      `http://0177.0.0.1:${otherPort}/`,
      `http://0x7f000001:${otherPort}/`,
      `http://localhost:${otherPort}/`,
      'http://10.0.0.1/',
      `http://127.0.0.1:${receiverPort}/redirect`,
      'file:///etc/passwd',
    ];
    for (const url of vectors) {
      const saved = await wf('PUT', `/workflows/${uuid}/version/v1`, { nodes: [event, { ...call, data: { url } }] });
      expect(saved.statusCode).toBe(200);
      const before = (await runs(uuid)).length;
      expect((await records.create(orders, { title: 'S', total: 1 })).statusCode).toBe(200);
      const refused = await until(`the run for ${url}`, 60_000, async () => {
        const all = await runs(uuid);
        return all.length > before && (all.at(-1)!.status === 'error' || all.at(-1)!.status === 'success') ? all.at(-1) : undefined;
      });
      expect([url, refused.status]).toEqual([url, 'error']);
      expect(refused.error).toMatch(/refused|only http/);
      // Refused at once, never retried.
      expect(refused.attempts).toBe(1);
    }
    expect(otherHits).toBe(0);
    await removeWorkflow(uuid);
  });

  it('email is received by the SMTP server with the rendered subject and body', async () => {
    const event = node('event', 'Create');
    const mail = node('operation', 'email', {
      to: 'buyer@example.com, boss@example.com',
      subject: 'Order {{data.title}}',
      body: '<p>Total: <b>{{data.total}}</b></p>',
      attachments: [{ type: 'html2pdf', name: 'invoice-{{data.title}}', value: '<h1>Invoice {{data.title}}</h1><p>Total {{data.total}}</p>' }],
      // The spec's rules want SMTP credentials; the test server takes any.
      smtp: { host: '127.0.0.1', port: smtpPort, username: 'shop', password: 'shop-password', email_from: 'shop@example.com', auth_type: 'plain' },
    });
    connect(event, mail);
    const uuid = await workflowWith('Mail', [event, mail]);
    expect((await records.create(orders, { title: 'M1', total: 12 })).statusCode).toBe(200);
    const got = await until('the mail', 60_000, () => inbox.find((m) => m.raw.includes('Order M1')));
    expect(got.to).toEqual(['buyer@example.com', 'boss@example.com']);
    expect(got.raw).toContain('<b>12</b>');
    expect(got.raw).toMatch(/From: shop@example.com/);
    // The html2pdf attachment: a PDF (base64 of '%PDF-' is 'JVBERi0') named after the record.
    expect(got.raw).toMatch(/Content-Type: application\/pdf; name=invoice-M1\.pdf/);
    expect(got.raw).toContain('JVBERi0');
    await removeWorkflow(uuid);
  });

  it('the dry run answers every node and sends, writes and queues nothing', async () => {
    const event = node('event', 'Before::Create');
    const check = node('condition', '', { expression: 'data.total < 1000' });
    const change = node('operation', 'expression', { expression: 'return { data: { ...data, status: "checked" } }' });
    const mail = node('operation', 'email', {
      to: 'x@example.com',
      subject: 'S',
      body: 'B',
      attachments: [{ type: 'html2pdf', name: 'summary', value: '<p>{{data.title}}</p>' }],
      smtp: { host: '127.0.0.1', port: smtpPort, email_from: 'a@example.com', auth_type: 'plain' },
    });
    const call = node('operation', 'http_request', { url: `http://127.0.0.1:${receiverPort}/dry`, postData: '{"a":1}' });
    const log = node('operation', 'component', { component_ref: audit, expression: "return { note: 'dry' }" });
    const spark = node('operation', 'spark', { spark_name: 'x' });
    connect(event, check);
    connect(check, change);
    connect(change, mail);
    connect(mail, call);
    connect(call, log);
    const mailsBefore = inbox.length;
    const connectionsBefore = smtpConnections;
    const hitsBefore = received.length;
    const auditBefore = await count(audit);
    const runsBefore = await db().selectFrom('workflow_runs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const reply = await wf('POST', '/workflow/component/dryrun', { component_uuid: orders, event: 'Before::Create', dry_run: true, nodes: [event, check, change, mail, call, log, spark], model_collection: { title: 'Dry', total: 5 } });
    expect(reply.statusCode, reply.body).toBe(200);
    const answer = reply.json();
    const byId = Object.fromEntries(answer.nodes.map((n: { id: number }) => [n.id, n]));
    expect(byId[check.id]).toMatchObject({ status: 'success', State: { Results: true } });
    expect(byId[mail.id].State.Results).toMatchObject({ would: 'send', to: ['x@example.com'], attachments: [{ name: 'summary.pdf' }] });
    expect(byId[mail.id].State.Results.attachments[0].bytes).toBeGreaterThan(1000);
    expect(byId[call.id].State.Results).toMatchObject({ would: 'request', method: 'POST', body: { a: 1 } });
    expect(byId[log.id].State.Results).toMatchObject({ would: 'create', data: { note: 'dry' }, errors: [] });
    expect(answer.data).toEqual({ title: 'Dry', total: 5, status: 'checked' });
    expect(answer.error).toBeUndefined();
    expect(inbox.length).toBe(mailsBefore);
    expect(smtpConnections).toBe(connectionsBefore);
    expect(received.length).toBe(hitsBefore);
    expect(await count(audit)).toBe(auditBefore);
    const runsAfter = await db().selectFrom('workflow_runs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(runsAfter.n).toBe(runsBefore.n);

    // A failing dry run still answers its data; without a record one is made up from the fields.
    const failing = node('operation', 'expression', { expression: "throw new Error('nope')" });
    const start = node('event', 'Create');
    connect(start, failing);
    const failed = (await wf('POST', '/workflow/component/dryrun', { component_uuid: orders, event: 'Create', dry_run: true, nodes: [start, failing] })).json();
    expect(failed.error).toContain('nope');
    expect(failed.data).toHaveProperty('title');
    expect(failed.nodes.find((n: { id: number }) => n.id === failing.id).status).toBe('error');
    const sparkRun = (await wf('POST', '/workflow/component/dryrun', { component_uuid: orders, event: 'Create', dry_run: true, nodes: [{ ...start, connections: [{ id: 'x', source: { id: start.id, position: 'bottom' }, destination: { id: spark.id, position: 'top' }, type: 'pass', name: 'pass' }] }, spark] })).json();
    // A dry run does not invoke a spark; naming one that does not exist is the node's error.
    expect(sparkRun.error).toBe('spark x: This spark does not exist.');
    expect((await wf('POST', '/workflow/component/dryrun', { component_uuid: orders, event: 'Create', dry_run: false, nodes: [] })).statusCode).toBe(417);
  });

  it('an import runs Before::Create row by row: one refused row refuses the whole import', async () => {
    const event = node('event', 'Before::Create');
    const check = node('condition', '', { expression: "data.title !== 'forbidden'", message: 'This title is not allowed' });
    connect(event, check);
    const uuid = await workflowWith('Import guard', [event, check]);
    const before = await count(orders);
    const csv = 'title,total\nfine,1\nforbidden,2\nalso fine,3\n';
    const boundary = '----luma';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="orders.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
    const reply = await app().inject({
      method: 'POST',
      url: `/api/v1/system/component/${orders}/import`,
      headers: { cookie: admin, 'x-project-env': 'dev', 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(reply.statusCode, reply.body).toBe(417);
    expect(JSON.stringify(reply.json().errors)).toContain('This title is not allowed');
    expect(await count(orders)).toBe(before);
    await removeWorkflow(uuid);
  });

  it('Recycle: a tick queues and runs one run per matching record, only for due timers', async () => {
    const { projectUuid } = await adminProject(db());
    expect(projectUuid).toBeTruthy();
    const event = node('event', 'Recycle', { timer: '1h', expression: JSON.stringify({ title: { $eq: 'recycle me' } }) });
    const mark = node('operation', 'expression', { expression: 'return record.uuid' });
    connect(event, mark);
    const uuid = await workflowWith('Recycler', [event, mark]);
    const target = (await records.create(orders, { title: 'recycle me', total: 1 })).json();
    expect((await records.create(orders, { title: 'keep me', total: 1 })).statusCode).toBe(200);
    // Half past: only the 30min timer is due, so nothing for a 1h timer.
    expect(await runRecycleTick(db(), new Date('2026-11-24T10:30:00Z'), recycleFilter)).toBe(0);
    expect(await runRecycleTick(db(), new Date('2026-11-24T11:00:00Z'), recycleFilter)).toBe(1);
    const run = await until('the Recycle run', 60_000, async () => (await runs(uuid)).find((r) => r.status === 'success' || r.status === 'error'));
    expect(run).toMatchObject({ status: 'success', event: 'Recycle', record_uuid: target.uuid });
    // The schedule exists in pg-boss.
    const schedules = await server().platform.jobs.boss.getSchedules();
    expect(schedules.map((s) => s.name)).toContain('luma-recycle');
    await removeWorkflow(uuid);
  });
});
