// The platform pieces of docs/platform.md on both databases: the bus (typed channels, JSON payloads,
// the NOTIFY size limit; on PostgreSQL two instances hear each other, the sender's subscribers hear a
// message once, and a dropped listening connection reconnects) and housekeeping as a pg-boss job
// (judged by a given time or the ManualClock; no sleeps).
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { BusPayloadTooLarge, createLocalBus, createPostgresBus, MAX_MESSAGE_BYTES, type Bus, type BusChannels } from '../../src/server/platform/bus';
import { ManualClock, setClock } from '../../src/server/platform/clock';
import { HOUSEKEEPING_CRON } from '../../src/server/platform/jobs';
import { runHousekeeping } from '../../src/server/housekeeping';
import { adminProject, insertComponentRow } from './fixtures';
import { createScratchDatabase, DB_KIND, describeApi, until, useServer, type ScratchDatabase } from './harness';

const DAY = 24 * 60 * 60_000;

describeApi(`bus (${DB_KIND})`, () => {
  let scratch: ScratchDatabase | null = null;
  const buses: Bus[] = [];
  const logged: string[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase();
  });
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    await scratch?.drop();
  });

  const open = async (): Promise<Bus> => {
    const database = scratch!.database;
    const bus = database.kind === 'postgres' ? await createPostgresBus(database.db, database.url!, { reconnectMinMs: 20, log: (_error, message) => logged.push(message) }) : createLocalBus();
    buses.push(bus);
    return bus;
  };

  it('delivers typed JSON payloads to this instance at once, exactly once', async () => {
    const bus = await open();
    const heard: { payload: BusChannels['bus.ping']; local: boolean }[] = [];
    const unsubscribe = bus.subscribe('bus.ping', (payload, meta) => heard.push({ payload, local: meta.local }));
    await bus.publish('bus.ping', { text: 'hello' });
    // Synchronous for the sender's own subscribers.
    expect(heard).toEqual([{ payload: { text: 'hello' }, local: true }]);
    // Its own NOTIFY coming back (PostgreSQL) is not delivered a second time: a later message arrives alone.
    const other = await open();
    const heardByOther: string[] = [];
    other.subscribe('bus.ping', (payload) => heardByOther.push(payload.text));
    await bus.publish('bus.ping', { text: 'marker' });
    if (DB_KIND === 'postgres') await until('the marker on the other bus', 5000, () => (heardByOther.includes('marker') ? true : undefined));
    expect(heard.map((entry) => entry.payload.text)).toEqual(['hello', 'marker']);
    unsubscribe();
    await bus.publish('bus.ping', { text: 'after' });
    expect(heard).toHaveLength(2);
  });

  it('refuses a payload over the NOTIFY limit, on both databases, and delivers nothing', async () => {
    const bus = await open();
    const heard: string[] = [];
    bus.subscribe('bus.ping', (payload) => heard.push(payload.text));
    await expect(bus.publish('bus.ping', { text: 'x'.repeat(MAX_MESSAGE_BYTES) })).rejects.toBeInstanceOf(BusPayloadTooLarge);
    // Multi-byte text counts in bytes.
    await expect(bus.publish('bus.ping', { text: 'ž'.repeat(MAX_MESSAGE_BYTES / 2) })).rejects.toBeInstanceOf(BusPayloadTooLarge);
    expect(heard).toEqual([]);
    await bus.publish('bus.ping', { text: 'y'.repeat(MAX_MESSAGE_BYTES - 100) });
    expect(heard).toHaveLength(1);
  });

  it('PostgreSQL: another instance hears it; a dropped listening connection reconnects and hears again', async () => {
    if (DB_KIND !== 'postgres') return;
    const sender = await open();
    const receiver = (await open()) as Awaited<ReturnType<typeof createPostgresBus>>;
    const heard: { payload: BusChannels['list.invalidate']; local: boolean }[] = [];
    receiver.subscribe('list.invalidate', (payload, meta) => heard.push({ payload, local: meta.local }));
    let reconnects = 0;
    receiver.onReconnect(() => reconnects++);
    await sender.publish('list.invalidate', { project: null, component: 'books' });
    await until('the receiver to hear it', 5000, () => (heard.length === 1 ? true : undefined));
    expect(heard[0]).toEqual({ payload: { project: null, component: 'books' }, local: false });

    // Cut every listening connection of this database from the server side.
    const admin = new pg.Client({ connectionString: scratch!.database.url! });
    await admin.connect();
    try {
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'luma-bus'`);
    } finally {
      await admin.end();
    }
    await until('the receiver to reconnect', 10_000, () => (reconnects > 0 && receiver.listening() ? true : undefined));
    await sender.publish('list.invalidate', { project: null, component: 'again' });
    await until('the receiver to hear after reconnecting', 5000, () => (heard.length === 2 ? true : undefined));
    expect(heard[1]!.payload.component).toBe('again');
    expect(logged).toContain('bus: the listening connection failed');
  });
});

describeApi(`housekeeping as a job (${DB_KIND})`, () => {
  const server = useServer();
  const db = () => server().database.db;

  afterEach(() => setClock(null));

  async function plant(at: Date) {
    const { projectUuid, adminUuid } = await adminProject(db());
    const component = await insertComponentRow(db(), projectUuid, { name: `kept${Math.random().toString(36).slice(2, 8)}` });
    const record = crypto.randomUUID();
    await db().insertInto('records').values({ uuid: record, project_uuid: projectUuid, component_uuid: component, env: 'dev', data: '{}', deleted_at: at }).execute();
    const secret = crypto.randomUUID();
    await db().insertInto('api_secrets').values({ uuid: secret, user_uuid: adminUuid, secret_hash: crypto.randomUUID(), hint: 'x', revoked_at: at }).execute();
    const failure = `account:${crypto.randomUUID()}@luma.test`;
    await db().insertInto('login_failures').values({ key: failure, count: 1, window_start: at }).execute();
    const session = crypto.randomUUID();
    await db().insertInto('sessions').values({ id_hash: session, user_uuid: adminUuid, project_uuid: projectUuid, created_at: at, last_seen_at: at, expires_at: new Date(at.getTime() + 2 * DAY) }).execute();
    return {
      async left() {
        const [r, s, f, x] = await Promise.all([
          db().selectFrom('records').select('uuid').where('uuid', '=', record).executeTakeFirst(),
          db().selectFrom('api_secrets').select('uuid').where('uuid', '=', secret).executeTakeFirst(),
          db().selectFrom('login_failures').select('key').where('key', '=', failure).executeTakeFirst(),
          db().selectFrom('sessions').select('id_hash').where('id_hash', '=', session).executeTakeFirst(),
        ]);
        return { record: !!r, secret: !!s, failure: !!f, session: !!x };
      },
    };
  }

  it('judges by the time it is given: deleted records after 30 days, revoked secrets after 7, stale failures and idle sessions', async () => {
    const start = new Date();
    const rows = await plant(start);
    const config = server().config;
    const log = (error: unknown) => {
      throw error;
    };
    expect(await runHousekeeping(db(), config, log, start)).toEqual([]);
    expect(await rows.left()).toEqual({ record: true, secret: true, failure: true, session: true });
    // A day later: the login window (15 min) and the idle session (120 min) are over.
    expect(await runHousekeeping(db(), config, log, new Date(start.getTime() + DAY))).toEqual([]);
    expect(await rows.left()).toEqual({ record: true, secret: true, failure: false, session: false });
    await runHousekeeping(db(), config, log, new Date(start.getTime() + 6 * DAY));
    expect(await rows.left()).toMatchObject({ record: true, secret: true });
    await runHousekeeping(db(), config, log, new Date(start.getTime() + 8 * DAY));
    expect(await rows.left()).toMatchObject({ record: true, secret: false });
    await runHousekeeping(db(), config, log, new Date(start.getTime() + 29 * DAY));
    expect(await rows.left()).toMatchObject({ record: true });
    await runHousekeeping(db(), config, log, new Date(start.getTime() + 31 * DAY));
    expect(await rows.left()).toMatchObject({ record: false });
  });

  it('runs as the pg-boss job luma-housekeeping, on the clock in force, on a cron schedule', async () => {
    const start = new Date();
    const rows = await plant(start);
    const clock = new ManualClock(start.getTime() + 31 * DAY);
    setClock(clock);
    await server().platform.jobs.send('luma-housekeeping', {});
    await until('the job to clean up', 20_000, async () => {
      const left = await rows.left();
      return Object.values(left).every((value) => !value) ? left : undefined;
    });
    const schedules = await server().platform.jobs.boss.getSchedules();
    expect(schedules.map((schedule) => [schedule.name, schedule.cron])).toContainEqual(['luma-housekeeping', HOUSEKEEPING_CRON]);
    // The queue is a singleton: one round at a time across every instance.
    expect((await server().platform.jobs.boss.getQueue('luma-housekeeping'))?.policy).toBe('singleton');
    await sql`select 1`.execute(db());
  });
});
