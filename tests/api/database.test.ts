import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { MIGRATION_NAMES, migrateToLatest } from '../../src/server/db/migrations/index';
import { seed } from '../../src/server/auth/seed';
import { verifyPassword } from '../../src/server/auth/passwords';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createScratchDatabase, DB_KIND, describeApi, login, testConfig, useServer, SETUP_TIMEOUT_MS } from './harness';
import { buildApp } from '../../src/server/app';
import { PREPARE } from '../../src/server/db/database';
import { findPrincipal } from '../../src/server/auth/caller-sql';
import { hashToken } from '../../src/server/auth/sessions';

describeApi(`database (${DB_KIND})`, () => {
  const server = useServer();

  it(`runs on ${DB_KIND}`, async () => {
    const { database } = server();
    expect(database.kind).toBe(DB_KIND);
    const { rows } = await sql<{ version: string }>`select version() as version`.execute(database.db);
    const version = rows[0]?.version ?? '';
    if (DB_KIND === 'pglite') expect(version).toMatch(/PGlite .*wasm32-unknown-emscripten/);
    else {
      expect(version).toMatch(/^PostgreSQL \d+/);
      expect(version).not.toMatch(/PGlite|emscripten/);
    }
  });

  it('migrates idempotently', async () => {
    const { database } = server();
    await migrateToLatest(database.db);
    const { rows } = await sql<{ name: string }>`select name from luma_migrations order by name`.execute(database.db);
    expect(rows.map((row) => row.name)).toEqual([...MIGRATION_NAMES]);
  });

  it('seeds project, workspace with dev and live, admin role and owner once', async () => {
    const { database, config } = server();
    const db = database.db;
    const projects = await db.selectFrom('projects').selectAll().execute();
    expect(projects.map((project) => project.name)).toEqual(['Luma']);
    const workspaces = await db.selectFrom('workspaces').selectAll().execute();
    expect(workspaces.map((workspace) => workspace.name)).toEqual(['Main']);
    const envs = await db.selectFrom('environments').select('name').orderBy('name').execute();
    expect(envs.map((env) => env.name)).toEqual(['dev', 'live']);
    const roles = await db.selectFrom('roles').selectAll().execute();
    expect(roles).toMatchObject([{ is_admin: true, level: 100, permissions: [] }]);
    const admin = await db.selectFrom('users').selectAll().where('email', '=', ADMIN_EMAIL).executeTakeFirstOrThrow();
    expect(admin.password_hash).toMatch(/^\$argon2id\$/);
    expect(projects[0]?.owner_uuid).toBe(admin.uuid);

    // A restart never reseeds nor changes the password.
    const again = await seed(db, { ...config, adminPassword: 'another password' });
    expect(again).toMatchObject({ seeded: false, generatedPassword: null });
    const after = await db.selectFrom('users').selectAll().execute();
    expect(after).toHaveLength(1);
    expect(await verifyPassword(after[0]!.password_hash!, ADMIN_PASSWORD)).toBe(true);
  });

  it('generates a strong password once when LUMA_ADMIN_PASSWORD is unset', async () => {
    const scratch = await createScratchDatabase();
    try {
      const config = testConfig({ LUMA_ADMIN_PASSWORD: '' });
      expect(config.adminPassword).toBeNull();
      const first = await seed(scratch.database.db, config);
      expect(first.seeded).toBe(true);
      expect(first.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
      const second = await seed(scratch.database.db, config);
      expect(second.generatedPassword).toBeNull();
      const app = await buildApp({ config, database: scratch.database });
      try {
        await expect(login(app, ADMIN_EMAIL, first.generatedPassword!)).resolves.toMatch(/^luma_session=/);
      } finally {
        await app.close();
      }
    } finally {
      await scratch.drop();
    }
  }, SETUP_TIMEOUT_MS);

  it('serialises concurrent transactions without losing writes', async () => {
    const { database } = server();
    const db = database.db;
    await sql`create table counter_test (n int not null)`.execute(db);
    await sql`insert into counter_test values (0)`.execute(db);
    await Promise.all(
      Array.from({ length: 20 }, () =>
        db.transaction().execute(async (tx) => {
          const { rows } = await sql<{ n: number }>`select n from counter_test for update`.execute(tx);
          await sql`update counter_test set n = ${rows[0]!.n + 1}`.execute(tx);
        }),
      ),
    );
    const failing = db.transaction().execute(async (tx) => {
      await sql`update counter_test set n = -1`.execute(tx);
      throw new Error('roll me back');
    });
    await expect(failing).rejects.toThrow('roll me back');
    const { rows } = await sql<{ n: number }>`select n from counter_test`.execute(db);
    expect(rows[0]?.n).toBe(20);
    await sql`drop table counter_test`.execute(db);
  });

  it('finds the caller with one statement, prepared once per PostgreSQL connection', async () => {
    const db = server().database.db;
    const cookie = await login(server().app);
    const tokenHash = hashToken(cookie.split('=')[1]!);
    await db.connection().execute(async (connection) => {
      const first = await findPrincipal(connection, { by: 'session', tokenHash, projectUuid: null, workspaceUuid: null });
      const second = await findPrincipal(connection, { by: 'session', tokenHash, projectUuid: null, workspaceUuid: null });
      expect(first?.user.email).toBe(ADMIN_EMAIL);
      expect(second?.roles.some((role) => role.is_admin)).toBe(true);
      expect(second?.project_uuid).toBe(first?.project_uuid);
      if (DB_KIND === 'postgres') {
        const { rows } = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(connection);
        const prepared = rows.filter((row) => row.statement.startsWith(PREPARE));
        expect(prepared).toHaveLength(1);
        expect(prepared[0]!.name).toMatch(/^luma_[0-9a-f]{24}$/);
      }
    });
  });
});
