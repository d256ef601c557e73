// What app.ts hands every host: the server context with this process's caches (auth's caller cache,
// records' list totals). A host passes on to its capabilities' routes what they take, never its own
// register options: a `prefix` among them would prefix the routes a second time.
import type { CallerCache } from '../auth/caller-cache';
import type { ServerContext } from '../platform/context';
import type { ListTotalCache } from '../records/list-totals';

export interface HostContext extends ServerContext {
  /** Found callers kept by this process (auth/caller-cache.ts). */
  callers: CallerCache;
  /** List totals kept by this process (records/list-totals.ts). */
  totals: ListTotalCache;
}

/** The context a host's capability routes are registered with: the host's, without its register options. */
export function routesContext(context: HostContext): HostContext {
  return { db: context.db, config: context.config, mailer: context.mailer, jobs: context.jobs, bus: context.bus, callers: context.callers, totals: context.totals };
}
