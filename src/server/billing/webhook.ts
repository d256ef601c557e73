// The card provider's webhook (docs/billing.md "Webhooks"): signed (card.ts verifySignature), taken
// once (the event id is stored in the same transaction as the move it makes, so a replay changes
// nothing and a failed one can be sent again), and never moving a state backwards (state.ts mayMove).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { BillingSubscriptionRow } from '../db/schema-billing';
import type { BillingConfig } from '../platform/config-billing';
import { nowDate } from '../platform/clock';
import { isUuid } from '../platform/validate';
import { findPrice } from './catalogue';
import { stateOfEvent, type CardEvent } from './card';
import { moveState } from './subscriptions';

type Db = Kysely<Database>;

/** The card subscription an event is about: by our uuid in its metadata or reference, else by the session id. */
async function subscriptionOfEvent(tx: Db, event: CardEvent): Promise<BillingSubscriptionRow | undefined> {
  const ours = event.object.metadata?.subscription ?? event.object.client_reference_id;
  let query = tx.selectFrom('billing_subscriptions').selectAll().where('method', '=', 'card');
  if (typeof ours === 'string' && isUuid(ours)) query = query.where('uuid', '=', ours.toLowerCase());
  else if (typeof event.object.id === 'string') query = query.where('provider_reference', '=', event.object.id);
  else return undefined;
  return query.forUpdate().executeTakeFirst();
}

/** Takes one verified event; answers whether it was already taken (a replay). */
export async function takeCardEvent(db: Db, config: BillingConfig, event: CardEvent): Promise<{ duplicate: boolean }> {
  return db.transaction().execute(async (tx) => {
    const subscription = await subscriptionOfEvent(tx, event);
    const taken = await tx
      .insertInto('billing_webhook_events')
      .values({ provider: 'card', event_id: event.id, type: event.type, subscription_uuid: subscription?.uuid ?? null, received_at: nowDate() })
      .onConflict((conflict) => conflict.columns(['provider', 'event_id']).doNothing())
      .returning('event_id')
      .executeTakeFirst();
    if (!taken) return { duplicate: true };
    const next = stateOfEvent(event);
    if (subscription && next) {
      const period = findPrice(subscription.product_id, config)?.period_days ?? null;
      await moveState(tx, subscription, next, new Date(event.created * 1000), period);
    }
    return { duplicate: false };
  });
}
