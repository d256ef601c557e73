// How many event-bus sockets are open, counted in the database so the limits hold across instances
// (docs/event-bus.md "Socket limits"). A socket whose token was accepted claims a row of
// eventbus_sockets before it joins the hub: the claim locks the project's row and the user's row (in
// that order, so two claims never wait on each other crosswise), counts the user's and the project's
// open sockets, and refuses when either is at its limit (LUMA_BUS_SOCKETS_PER_USER,
// LUMA_BUS_SOCKETS_PER_PROJECT): the socket is then closed with CLOSE.tooManySockets. A closed
// socket deletes its row; its instance refreshes the rows of its open sockets every
// SOCKET_REFRESH_MS, and a row not refreshed for SOCKET_STALE_MS (an instance that died with its
// sockets open) no longer counts and is removed by housekeeping.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { nowDate } from '../platform/clock';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

export const SOCKET_REFRESH_MS = 30_000;
/** Three refreshes missed: the instance is gone. */
export const SOCKET_STALE_MS = 3 * SOCKET_REFRESH_MS;

export interface SocketLimits {
  perUser: number;
  perProject: number;
}

export type SocketClaim = { ok: true; uuid: string } | { ok: false; limit: 'user' | 'project' };

export class SocketLedger {
  readonly #timer: NodeJS.Timeout;
  /** This ledger's own id: its rows are refreshed and released by it alone (two apps may share one bus). */
  readonly instance = randomUUID();

  constructor(
    private readonly db: Db,
    private readonly limits: SocketLimits,
    private readonly log: (error: unknown, message: string) => void,
  ) {
    this.#timer = setInterval(() => {
      this.refresh().catch((error: unknown) => this.log(error, 'event bus: refreshing the open sockets failed'));
    }, SOCKET_REFRESH_MS);
    this.#timer.unref();
  }

  /** A row for a new socket of `user` in `project`, or which limit refuses it. */
  async claim(projectUuid: string, userUuid: string): Promise<SocketClaim> {
    return this.db.transaction().execute(async (trx) => {
      // FOR NO KEY UPDATE: claims of one project (or user) wait for each other; writes that only reference the rows do not.
      await sql`select uuid from projects where uuid = ${projectUuid} for no key update`.execute(trx);
      await sql`select uuid from users where uuid = ${userUuid} for no key update`.execute(trx);
      const now = nowDate();
      const fresh = new Date(now.getTime() - SOCKET_STALE_MS);
      const count = async (column: 'user_uuid' | 'project_uuid', value: string) => {
        const row = await trx.selectFrom('eventbus_sockets').select((eb) => eb.fn.countAll<string | number>().as('n')).where(column, '=', value).where('seen_at', '>', fresh).executeTakeFirstOrThrow();
        return Number(row.n);
      };
      if ((await count('user_uuid', userUuid)) >= this.limits.perUser) return { ok: false, limit: 'user' } as const;
      if ((await count('project_uuid', projectUuid)) >= this.limits.perProject) return { ok: false, limit: 'project' } as const;
      const uuid = randomUUID();
      await trx.insertInto('eventbus_sockets').values({ uuid, project_uuid: projectUuid, user_uuid: userUuid, instance: this.instance, opened_at: now, seen_at: now }).execute();
      return { ok: true, uuid } as const;
    });
  }

  /** The socket closed: its row goes. */
  async release(uuid: string): Promise<void> {
    await this.db.deleteFrom('eventbus_sockets').where('uuid', '=', uuid).execute();
  }

  /** Marks this instance's sockets as still open. */
  async refresh(): Promise<void> {
    await this.db.updateTable('eventbus_sockets').set({ seen_at: nowDate() }).where('instance', '=', this.instance).execute();
  }

  /** Shutdown: every socket of this instance is closing; their rows go at once. */
  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.db.deleteFrom('eventbus_sockets').where('instance', '=', this.instance).execute();
  }
}

/** Housekeeping: rows of sockets whose instance stopped refreshing them. */
export async function purgeStaleSockets(db: Db, at: Date): Promise<void> {
  await db.deleteFrom('eventbus_sockets').where('seen_at', '<=', new Date(at.getTime() - SOCKET_STALE_MS)).execute();
}
