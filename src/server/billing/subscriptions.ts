// A project's subscriptions and trials (docs/billing.md): the rows as the API answers them, the list,
// one trial per product, the move of a state under a row lock, and removal only when expired.
import type { Kysely } from 'kysely';
import { BILLING_MESSAGE, type CheckoutMethod, type PaymentState, type Price, type Subscription } from '../../../runtime/api/billing';
import { HOST_PREFIX } from '../../../runtime/api/contract';
import type { Database } from '../db/schema';
import type { BillingSubscriptionRow } from '../db/schema-billing';
import { toJson } from '../db/json';
import { uuidv7 } from '../db/uuid7';
import { nowDate } from '../platform/clock';
import { HttpError } from '../platform/errors';
import { isUuid } from '../platform/validate';
import { effectiveState, mayMove } from './state';

type Db = Kysely<Database>;

export const subscriptionNotFound = () => new HttpError(404, BILLING_MESSAGE.subscriptionNotFound);
const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);
const DAY_MS = 24 * 60 * 60 * 1000;

export function proformaPath(uuid: string): string {
  return `${HOST_PREFIX.transaction}/billing/subscription/${uuid}/proforma`;
}

export function toSubscription(row: BillingSubscriptionRow, now: Date = nowDate()): Subscription {
  return {
    uuid: row.uuid,
    product_id: row.product_id,
    product_type: row.product_type,
    is_trial: row.is_trial,
    method: row.method,
    state: effectiveState(row, now),
    amount: row.amount,
    currency: row.currency,
    starts_at: iso(row.starts_at),
    expires_at: iso(row.expires_at),
    created_at: new Date(row.created_at).toISOString(),
    proforma_url: row.method === 'bank_transfer' ? proformaPath(row.uuid) : null,
  };
}

export function projectSubscriptionRows(db: Db, projectUuid: string): Promise<BillingSubscriptionRow[]> {
  return db.selectFrom('billing_subscriptions').selectAll().where('project_uuid', '=', projectUuid).orderBy('created_at', 'desc').orderBy('uuid', 'desc').execute();
}

/** A subscription of the project (or of any project when `projectUuid` is null: operators), else 404. */
export async function requireSubscription(db: Db, projectUuid: string | null, uuid: string, lock = false): Promise<BillingSubscriptionRow> {
  if (!isUuid(uuid)) throw subscriptionNotFound();
  let query = db.selectFrom('billing_subscriptions').selectAll().where('uuid', '=', uuid.toLowerCase());
  if (projectUuid !== null) query = query.where('project_uuid', '=', projectUuid);
  const row = await (lock ? query.forUpdate() : query).executeTakeFirst();
  if (!row) throw subscriptionNotFound();
  return row;
}

export interface NewSubscription {
  projectUuid: string;
  price: Price;
  method: CheckoutMethod | 'trial';
  state: PaymentState;
  userUuid: string;
  reference?: string | null;
  billingAddress?: unknown;
}

export async function insertSubscription(db: Db, given: NewSubscription): Promise<BillingSubscriptionRow> {
  const at = nowDate();
  const trial = given.method === 'trial';
  return db
    .insertInto('billing_subscriptions')
    .values({
      uuid: uuidv7(),
      project_uuid: given.projectUuid,
      product_id: given.price.id,
      product_type: given.price.product_type,
      is_trial: trial,
      method: given.method,
      state: given.state,
      state_at: at,
      amount: trial ? 0 : given.price.amount,
      currency: given.price.currency,
      reference: given.reference ?? null,
      billing_address: given.billingAddress ? toJson(given.billingAddress) : null,
      starts_at: trial ? at : null,
      expires_at: trial ? new Date(at.getTime() + given.price.trial_days * DAY_MS) : null,
      created_by: given.userUuid,
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** One trial per product and project: a second start is 409 trialAlreadyUsed (the unique index decides under a race). */
export async function startTrial(db: Db, projectUuid: string, userUuid: string, price: Price): Promise<BillingSubscriptionRow> {
  try {
    return await db.transaction().execute((tx) => insertSubscription(tx, { projectUuid, price, method: 'trial', state: 'subscribed', userUuid }));
  } catch (error) {
    if ((error as { code?: unknown }).code === '23505') throw new HttpError(409, BILLING_MESSAGE.trialUsed);
    throw error;
  }
}

/**
 * Moves a locked row to `next` by an event of time `at` when the rules allow (state.ts mayMove);
 * subscribed starts the paid period. Answers whether it moved. Run inside the caller's transaction.
 */
export async function moveState(tx: Db, row: BillingSubscriptionRow, next: PaymentState, at: Date, periodDays: number | null): Promise<boolean> {
  if (!mayMove(row, next, at)) return false;
  const starts = next === 'subscribed' ? at : row.starts_at;
  const expires = next === 'subscribed' && periodDays !== null ? new Date(at.getTime() + periodDays * DAY_MS) : row.expires_at;
  await tx
    .updateTable('billing_subscriptions')
    .set({ state: next, state_at: at, starts_at: starts, expires_at: expires, updated_at: nowDate() })
    .where('uuid', '=', row.uuid)
    .execute();
  return true;
}

/** Removal: only an expired subscription (spec section 4), else 409 subscriptionNotExpired. */
export async function removeSubscription(db: Db, projectUuid: string, uuid: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const row = await requireSubscription(tx, projectUuid, uuid, true);
    if (effectiveState(row, nowDate()) !== 'expired') throw new HttpError(409, BILLING_MESSAGE.notExpired);
    await tx.deleteFrom('billing_subscriptions').where('uuid', '=', row.uuid).execute();
  });
}
