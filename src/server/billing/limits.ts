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
import { methodStatuses } from './providers';
import { isActive } from './state';

type Db = Kysely<Database>;
export type LimitsConfig = Pick<Config, 'sparkLimit' | 'publicAppLimit' | 'billing'>;

export function freeLimits(config: LimitsConfig): PlanLimits {
  return { users: config.billing.userLimit, sparks: config.sparkLimit, public_apps: config.publicAppLimit };
}

/** The project's subscriptions and trials active now (of one product type, when given). */
async function activeSubscriptions(db: Db, projectUuid: string, productType?: string): Promise<{ product_id: string }[]> {
  let query = db
    .selectFrom('billing_subscriptions')
    .select(['product_id', 'state', 'state_at', 'expires_at'])
    .where('project_uuid', '=', projectUuid)
    .where('state', '=', 'subscribed');
  if (productType !== undefined) query = query.where('product_type', '=', productType);
  const now = nowDate();
  return (await query.execute()).filter((row) => isActive(row, now));
}

export async function projectLimits(db: Db, projectUuid: string, config: LimitsConfig): Promise<PlanLimits> {
  const limits = freeLimits(config);
  for (const row of await activeSubscriptions(db, projectUuid)) {
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

/** Whether this server sells anything: a checkout method is on and configured. */
function billingSells(config: Pick<Config, 'billing'>): boolean {
  return methodStatuses(config.billing).some((entry) => entry.status === 'on');
}

/** Whether the project holds an active subscription or trial of `productType` now. */
export async function hasProduct(db: Db, projectUuid: string, productType: string): Promise<boolean> {
  return (await activeSubscriptions(db, projectUuid, productType)).length > 0;
}

/** The products this server sells whose functionality needs a subscription (LUMA_PAID_PRODUCTS); none when no checkout method is configured. */
export function productsRequired(config: Pick<Config, 'billing'>): string[] {
  return billingSells(config) ? config.billing.paidProducts : [];
}

/**
 * A paid product's functionality (the platform's own media library: `luma-media`) needs the project to
 * hold it where the server sells it (productsRequired); else 402 functionalityNotAvailable. Elsewhere
 * the functionality is free.
 */
export async function requireProduct(db: Db, projectUuid: string, config: Pick<Config, 'billing'>, productType: string): Promise<void> {
  if (!productsRequired(config).includes(productType)) return;
  if (!(await hasProduct(db, projectUuid, productType))) throw new HttpError(402, BILLING_MESSAGE.productRequired);
}
