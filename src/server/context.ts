// What every host plugin is given: the database, the configuration, mail, the job queue and the bus.
import type { Kysely } from 'kysely';
import type { Bus } from './platform/bus';
import type { CallerCache } from './auth/caller-cache';
import type { ListTotalCache } from './records/list-totals';
import type { Jobs } from './platform/jobs';
import type { Config } from './platform/config';
import type { Database } from './db/schema';
import type { Mailer } from './platform/mail';
import type { Accountability } from './auth/tenancy';
import type { ActiveSession } from './auth/sessions';

export interface ServerContext {
  db: Kysely<Database>;
  config: Config;
  mailer: Mailer;
  /** The job queue (pg-boss); a web instance only sends. */
  jobs: Jobs;
  /** The bus every instance on the database listens on. */
  bus: Bus;
  /** Found callers kept by this process (auth/caller-cache.ts). */
  callers: CallerCache;
  /** List totals kept by this process (records/list-totals.ts). */
  totals: ListTotalCache;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the session hook of each host; null on public routes. */
    session: ActiveSession | null;
    accountability: Accountability | null;
  }
  interface FastifyContextConfig {
    /** The route needs no session (login, logout). */
    public?: boolean;
    /** The {ref} of the component the route works on, from its params: found with the caller in one query. */
    componentRef?: (params: unknown) => string | undefined;
    /** A multipart call's form (contract.ts multipartForm): published as its multipart/form-data request body. */
    multipartForm?: object;
  }
}
