// The ratchet console (docs/ratchet.md "The console") against the machine's PostgreSQL and MariaDB, on
// both Luma databases: rows streamed as NDJSON, the 5000-row cap said, a write refused by the read-only
// transaction (the MariaDB user may insert: the transaction is what refuses), one statement per call,
// a slow statement stopped on the server at an injected timeout, a Cancel call and a caller gone each
// stopping the statement on the server (seen gone from pg_stat_activity and the processlist), and the
// password in no reply and in neither log (the process log at trace, Scout's API log with bodies).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, until } from './harness';
import { createTargets, lines, MARIADB_TARGET, PG_TARGET, ratchetApi, startRatchetServer, type RatchetServer, type Targets } from './ratchet-fixtures';

describeApi(`ratchet console (${DB_KIND})`, () => {
  let server: RatchetServer;
  let targets: Targets;
  let admin = '';
  let pgId = '';
  let mariaId = '';
  const api = () => ratchetApi(() => server.app, () => admin);
  const quick = () => ratchetApi(() => server.quick, () => admin);
  const replies: string[] = [];
  const query = async (id: string, sql: string, more: Record<string, unknown> = {}, via = api()) => {
    const response = await via.query(id, { sql, ...more });
    replies.push(response.body);
    return response;
  };
  const rowsOf = (body: string) => lines(body).flatMap((line) => (line.type === 'rows' ? (line.rows as unknown[][]) : []));
  const endOf = (body: string) => lines(body).at(-1)!;
  /** A failure's message key: a 422 before any column, else the answer's last line (MariaDB sends a SELECT's columns before it runs). */
  const failureOf = (response: { statusCode: number; body: string }) => {
    if (response.statusCode === 422) return JSON.parse(response.body).message as string;
    expect(response.statusCode, response.body).toBe(200);
    const last = endOf(response.body);
    expect(last.type, response.body).toBe('error');
    return last.message as string;
  };
  /**
   * Statements the target runs for the console: on PostgreSQL a query is read through a cursor, so the
   * running statement is the FETCH: counted by this file's database and the console's application name.
   */
  const pgRunning = () =>
    targets.pg(async (client) => {
      const found = await client.query(
        `select count(*)::int as n from pg_stat_activity where datname = $1 and application_name = 'luma-ratchet' and state = 'active' and pid <> pg_backend_pid()`,
        [targets.pgDatabase],
      );
      return found.rows[0].n as number;
    });
  const mariaRunning = (marker: string) =>
    targets.mariadb(async (connection) => {
      const [rows] = await connection.query(`select count(*) as n from information_schema.processlist where info like ? and id <> connection_id()`, [`%${marker}%`]);
      return Number((rows as { n: number }[])[0]!.n);
    });
  const gone = (running: (marker: string) => Promise<number>, marker: string) => until(`${marker} to stop on the server`, 10_000, async () => ((await running(marker)) === 0 ? true : undefined));

  beforeAll(async () => {
    // One after the other: a failed start still leaves `targets` set, so afterAll drops them.
    targets = await createTargets();
    server = await startRatchetServer();
    admin = await login(server.app);
    const settings = await server.app.inject({ method: 'PUT', url: '/api/v1/system/api-log/settings', headers: { cookie: admin }, payload: { enabled: true, bodies: true } });
    expect(settings.statusCode, settings.body).toBe(200);
    pgId = (await api().create({ name: 'Books (PostgreSQL)', kind: 'postgres', ...PG_TARGET, database: targets.pgDatabase })).json().uuid;
    const maria = await api().create({ name: 'Books (MariaDB)', kind: 'mariadb', host: MARIADB_TARGET.host, database: 'test', user: targets.mariadbUser, password: targets.mariadbPassword });
    replies.push(maria.body);
    mariaId = maria.json().uuid;
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
    await targets?.drop();
  }, SETUP_TIMEOUT_MS);

  it('answers columns, rows and an end line as NDJSON, on PostgreSQL and on MariaDB with the stored password', async () => {
    const pgAnswer = await query(pgId, 'select id, title from books order by id;');
    expect(pgAnswer.statusCode, pgAnswer.body).toBe(200);
    expect(pgAnswer.headers['content-type']).toContain('application/x-ndjson');
    expect(lines(pgAnswer.body)[0]).toEqual({ type: 'columns', columns: [{ name: 'id', type: 'integer' }, { name: 'title', type: 'text' }] });
    expect(rowsOf(pgAnswer.body)).toEqual([['1', 'Dune'], ['2', 'Emma'], ['3', 'Ulysses']]);
    expect(endOf(pgAnswer.body)).toMatchObject({ type: 'end', row_count: 3, capped: false, command: 'SELECT' });
    const mariaAnswer = await query(mariaId, `select id, title from ${targets.mariadbTable} order by id`);
    expect(mariaAnswer.statusCode, mariaAnswer.body).toBe(200);
    expect(lines(mariaAnswer.body)[0]).toMatchObject({ type: 'columns', columns: [{ name: 'id' }, { name: 'title' }] });
    expect(rowsOf(mariaAnswer.body)).toEqual([[1, 'Dune'], [2, 'Emma'], [3, 'Ulysses']]);
    expect(endOf(mariaAnswer.body)).toMatchObject({ type: 'end', row_count: 3, capped: false });
    // A `;` inside a string, a comment or a dollar quote is no second statement.
    expect(rowsOf((await query(pgId, "select ';' as a, $x$;$x$ as b -- ; drop table books\n")).body)).toEqual([[';', ';']]);
  });

  it('stops at 5000 rows and says so; streams them in batches; a smaller limit is kept', async () => {
    for (const [id, sql] of [
      [pgId, 'select g from generate_series(1, 20000) g'],
      [mariaId, 'select seq from seq_1_to_20000'],
    ] as const) {
      const answer = await query(id, sql);
      expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
      expect(rowsOf(answer.body)).toHaveLength(5000);
      expect(lines(answer.body).filter((line) => line.type === 'rows').length).toBeGreaterThan(1);
      expect(endOf(answer.body)).toMatchObject({ type: 'end', row_count: 5000, capped: true });
      const exact = await query(id, sql.replace('20000', '5000'));
      expect(endOf(exact.body)).toMatchObject({ row_count: 5000, capped: false });
      expect(endOf((await query(id, sql, { limit: 10 })).body)).toMatchObject({ row_count: 10, capped: true });
    }
    expect((await query(pgId, 'select 1', { limit: 5001 })).statusCode).toBe(417);
  });

  it('refuses a write with ratchetReadOnly: nothing is written, even by a user who may write', async () => {
    const writes: [string, string][] = [
      [pgId, "insert into books values (4, 'Walden')"],
      [pgId, 'with gone as (delete from books returning *) select * from gone'],
      [pgId, 'create table luma_sneaky (a int)'],
      [pgId, 'select * from books for update'],
      [mariaId, `insert into ${targets.mariadbTable} values (4, 'Walden')`],
      [mariaId, `create table ${targets.mariadbTable}_x (a int)`],
      [mariaId, `drop table ${targets.mariadbTable}`],
    ];
    for (const [id, sql] of writes) {
      const answer = await query(id, sql);
      expect(answer.statusCode, `${sql}: ${answer.body}`).toBe(422);
      expect(answer.json().message, sql).toBe('ratchetReadOnly');
    }
    expect(await targets.pg(async (client) => (await client.query('select count(*)::int as n from books')).rows[0].n)).toBe(3);
    expect(await targets.mariadb(async (connection) => Number(((await connection.query(`select count(*) as n from ${targets.mariadbTable}`))[0] as { n: number }[])[0]!.n))).toBe(3);
  });

  it('refuses several statements, an empty one, and answers a database error with its words', async () => {
    for (const id of [pgId, mariaId]) {
      const several = await query(id, 'select 1; select 2');
      expect(several.statusCode).toBe(422);
      expect(several.json().message).toBe('ratchetMultipleStatements');
      expect((await query(id, ' -- nothing\n ; ')).json().message).toBe('ratchetEmptyStatement');
      const typo = await query(id, 'selec 1');
      expect(typo.statusCode).toBe(422);
      expect(typo.json()).toMatchObject({ message: 'ratchetQueryFailed', errors: [{ field: 'sql', messages: ['ratchetQueryFailed'], values: [{ detail: expect.stringMatching(/syntax/i) }] }] });
    }
    expect((await query(pgId, '')).statusCode).toBe(417);
  });

  it('a slow statement is stopped on the server at the injected timeout', async () => {
    for (const [id, sql, running] of [
      [pgId, 'select pg_sleep(30) /* luma-slow-pg */', pgRunning],
      [mariaId, 'select sleep(30) /* luma-slow-maria */', mariaRunning],
    ] as const) {
      const answer = await query(id, sql, {}, quick());
      expect(failureOf(answer)).toBe('ratchetTimeout');
      await gone(running, sql.slice(-16, -3));
    }
  });

  it('a Cancel call and a caller gone stop the statement on the server', async () => {
    const post = (port: number, id: string, body: unknown, signal?: AbortSignal) =>
      fetch(`http://127.0.0.1:${port}/api/ratchet/connections/${id}/query`, { method: 'POST', headers: { cookie: admin, 'content-type': 'application/json' }, body: JSON.stringify(body), signal });
    for (const [id, sleep, running] of [
      [pgId, 'pg_sleep(30)', pgRunning],
      [mariaId, 'sleep(30)', mariaRunning],
    ] as const) {
      const marker = `luma-cancel-${crypto.randomUUID().slice(0, 8)}`;
      const queryId = crypto.randomUUID();
      const answer = post(server.port, id, { sql: `select ${sleep} /* ${marker} */`, query_id: queryId });
      await until(`${marker} to run`, 10_000, async () => ((await running(marker)) > 0 ? true : undefined));
      expect((await api().cancel(id, crypto.randomUUID())).statusCode).toBe(404);
      const cancelled = await api().cancel(id, queryId);
      expect(cancelled.json()).toEqual({ cancelled: true });
      const reply = await answer;
      expect(failureOf({ statusCode: reply.status, body: await reply.text() })).toBe('ratchetCancelled');
      await gone(running, marker);

      const away = `luma-away-${crypto.randomUUID().slice(0, 8)}`;
      const controller = new AbortController();
      const abandoned = post(server.port, id, { sql: `select ${sleep} /* ${away} */` }, controller.signal).catch((error: unknown) => error);
      await until(`${away} to run`, 10_000, async () => ((await running(away)) > 0 ? true : undefined));
      controller.abort();
      expect(await abandoned).toBeInstanceOf(Error);
      await gone(running, away);
    }
  });

  it('the password is in no reply and in neither log', async () => {
    await server.app.apiLog.flush();
    const calls = await server.scratch.database.db.selectFrom('api_calls').select(['path', 'request_body', 'response_body']).where('path', 'like', '/api/ratchet/%').execute();
    expect(calls.length).toBeGreaterThan(5);
    expect(calls.some((call) => call.request_body?.includes(targets.mariadbUser))).toBe(true);
    expect(JSON.stringify(calls)).not.toContain(targets.mariadbPassword);
    expect(server.lines.length).toBeGreaterThan(20);
    expect(server.lines.join('\n')).not.toContain(targets.mariadbPassword);
    expect(replies.join('\n')).not.toContain(targets.mariadbPassword);
  });
});
