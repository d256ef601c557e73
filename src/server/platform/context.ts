// What every capability's routes are given: the database, the configuration, mail, the job queue and
// the bus. The caches one process keeps are added by the capability that owns them (the caller cache:
// auth/session-hook.ts SessionContext; list totals: records/routes-list.ts), and hosts/context.ts is
// what app.ts hands every host: this and every cache.
import type { Kysely } from 'kysely';
import type { Bus } from './bus';
import type { Jobs } from './jobs';
import type { Config } from './config';
import type { Database } from '../db/schema';
import type { Mailer } from './mail';

export interface ServerContext {
  db: Kysely<Database>;
  config: Config;
  mailer: Mailer;
  /** The job queue (pg-boss); a web instance only sends. */
  jobs: Jobs;
  /** The bus every instance on the database listens on. */
  bus: Bus;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route needs no session (login, logout). */
    public?: boolean;
    /** The {ref} of the component the route works on, from its params: found with the caller in one query. */
    componentRef?: (params: unknown) => string | undefined;
    /** A multipart call's form (contract.ts multipartForm): published as its multipart/form-data request body. */
    multipartForm?: object;
  }
}
