// Every chain of workflow runs started by one write has a budget (docs/workflows.md "Budgets"):
// the record writes its component nodes make and the runs those writes queue, counted in the
// database (workflow_chains) so every instance spends the same budget. A write or a queued run past
// it fails with BudgetExceeded: the component node, and so its run, fails with that message in the
// run log, and, since the write is refused, nothing more is queued. The depth limit (MAX_DEPTH) stays:
// it stops a plain loop early; the budget stops a wide one (an each writing into its own component).
import { sql, type Kysely } from 'kysely';
import { nowDate } from '../platform/clock';
import { WORKFLOW_CHAIN_DEFAULTS } from '../platform/config';
import type { Database } from '../db/schema';
import type { ActionSettings } from './types';

type Db = Kysely<Database>;

export interface ChainBudget {
  /** Record writes of component nodes per chain (LUMA_WORKFLOW_CHAIN_WRITES). */
  writes: number;
  /** Runs queued by those writes per chain (LUMA_WORKFLOW_CHAIN_RUNS). */
  runs: number;
}

/** A chain past its budget: never retried (the count only grows). */
export class BudgetExceeded extends Error {
  readonly retryable = false;
  constructor(kind: 'writes' | 'runs', limit: number) {
    const setting = kind === 'writes' ? 'LUMA_WORKFLOW_CHAIN_WRITES' : 'LUMA_WORKFLOW_CHAIN_RUNS';
    const what = kind === 'writes' ? 'record writes' : 'queued runs';
    super(`workflow budget exceeded: the runs started by one write may make at most ${limit} ${what} (${setting}); nothing more is written or queued`);
    this.name = 'BudgetExceeded';
  }
}

/**
 * Adds `charge` to the chain's counts (one statement: concurrent runs on any instance add up) and
 * throws BudgetExceeded when the new count is over the budget. On `db` the caller's transaction, a
 * write that rolls back takes its charge back with it.
 */
export async function chargeChain(db: Db, chain: string, projectUuid: string, charge: { writes?: number; runs?: number }, settings: Pick<ActionSettings, 'chainBudget'>): Promise<void> {
  const budget = settings.chainBudget ?? WORKFLOW_CHAIN_DEFAULTS;
  const writes = charge.writes ?? 0;
  const runs = charge.runs ?? 0;
  const now = nowDate();
  const counted = await db
    .insertInto('workflow_chains')
    .values({ uuid: chain, project_uuid: projectUuid, writes, runs, created_at: now, updated_at: now })
    .onConflict((conflict) =>
      conflict.column('uuid').doUpdateSet({
        writes: sql<number>`workflow_chains.writes + ${writes}`,
        runs: sql<number>`workflow_chains.runs + ${runs}`,
        updated_at: now,
      }),
    )
    .returning(['writes', 'runs'])
    .executeTakeFirstOrThrow();
  if (writes > 0 && counted.writes > budget.writes) throw new BudgetExceeded('writes', budget.writes);
  if (runs > 0 && counted.runs > budget.runs) throw new BudgetExceeded('runs', budget.runs);
}

/** How long a chain's counts are kept after its last charge (housekeeping): far beyond any run's retries. */
export const CHAIN_RETENTION_DAYS = 7;

/** Removes the counts of chains idle for CHAIN_RETENTION_DAYS (housekeeping). */
export async function purgeChains(db: Db, at: Date): Promise<void> {
  await db
    .deleteFrom('workflow_chains')
    .where('updated_at', '<', new Date(at.getTime() - CHAIN_RETENTION_DAYS * 24 * 60 * 60 * 1000))
    .execute();
}
