// The project's limits from its subscriptions (docs/billing.md "Limits"): without one, the free limits
// of the settings (LUMA_USER_LIMIT, LUMA_SPARK_LIMIT, LUMA_PUBLIC_APP_LIMIT); an active subscription or
// trial raises each to its price's. iam (users), sparks and public-apps ask here before they create one
// more: they stand after billing in the order of docs/server.md.
import { sql, type Kysely } from 'kysely';
import { BILLING_MESSAGE, type PlanLimits } from '../../../runtime/api/billing';
import type { Database } from '../db/schema';
import type { Config } from '../platform/config';
import { nowDate } from '../platform/clock';
import { HttpError } from '../platform/errors';
import { findPrice } from './catalogue';
import { isActive } from './state';

type Db = Kysely<Database>;
export type LimitsConfig = Pick<Config, 'sparkLimit' | 'publicAppLimit' | 'billing'>;

export function freeLimits(config: LimitsConfig): PlanLimits {
  return { users: config.billing.userLimit, sparks: config.sparkLimit, public_apps: config.publicAppLimit };
}

export async function projectLimits(db: Db, projectUuid: string, config: LimitsConfig): Promise<PlanLimits> {
  const limits = freeLimits(config);
  const rows = await db
    .selectFrom('billing_subscriptions')
    .select(['product_id', 'state', 'state_at', 'expires_at'])
    .where('project_uuid', '=', projectUuid)
    .where('state', '=', 'subscribed')
    .execute();
  const now = nowDate();
  for (const row of rows) {
    if (!isActive(row, now)) continue;
    const raised = findPrice(row.product_id, config.billing)?.limits ?? {};
    for (const key of Object.keys(limits) as (keyof PlanLimits)[]) limits[key] = Math.max(limits[key], raised[key] ?? 0);
  }
  return limits;
}

/** One limit of the project now. */
export async function projectLimit(db: Db, projectUuid: string, config: LimitsConfig, which: keyof PlanLimits): Promise<number> {
  return (await projectLimits(db, projectUuid, config))[which];
}

/**
 * Room for one more person in the project (API users do not count), else 409 userLimitExceeded. Run
 * inside the writer's transaction after it locked the project, so two joins cannot both pass.
 */
export async function requireUserRoom(db: Db, projectUuid: string, config: LimitsConfig): Promise<void> {
  const row = await db
    .selectFrom('project_users')
    .innerJoin('users', 'users.uuid', 'project_users.user_uuid')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('project_users.project_uuid', '=', projectUuid)
    .where('users.kind', '=', 'person')
    .executeTakeFirstOrThrow();
  if (row.n >= (await projectLimit(db, projectUuid, config, 'users'))) throw new HttpError(409, BILLING_MESSAGE.userLimit);
}

/** One limit of the caller's project now (the free one when the caller has no project: the write refuses that itself). */
export async function callerLimit(db: Db, projectUuid: string | null, config: LimitsConfig, which: keyof PlanLimits): Promise<number> {
  return projectUuid ? projectLimit(db, projectUuid, config, which) : freeLimits(config)[which];
}
