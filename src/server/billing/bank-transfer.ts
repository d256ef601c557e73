// The bank transfer (docs/billing.md "Bank transfer"): checkout issues a pro-forma invoice (a PDF at
// the answered URL) and the subscription waits for payment; the project's admin says it is paid
// (pending approval); an operator approves (subscribed, the period starts) or refuses (failed).
import type { Kysely } from 'kysely';
import { BILLING_MESSAGE, type Subscription, type TransferApproval } from '../../../runtime/api/billing';
import type { Database } from '../db/schema';
import type { BillingConfig } from '../platform/config-billing';
import { nowDate } from '../platform/clock';
import { HttpError } from '../platform/errors';
import { findPrice } from './catalogue';
import { proformaNumber } from './proforma';
import type { CheckoutProvider } from './providers';
import { moveState, proformaPath, requireSubscription, toSubscription } from './subscriptions';

type Db = Kysely<Database>;

export const bankTransferProvider: CheckoutProvider = {
  method: 'bank_transfer',
  configured: (config) => config.bank !== null,
  start: async (_config, given) => ({ url: proformaPath(given.subscription.uuid), providerReference: null }),
};

const wrongState = () => new HttpError(409, BILLING_MESSAGE.wrongState);

/** The admin's word that the transfer is made: waiting for payment to pending approval. */
export async function markPaid(db: Db, projectUuid: string, uuid: string): Promise<Subscription> {
  return db.transaction().execute(async (tx) => {
    const row = await requireSubscription(tx, projectUuid, uuid, true);
    if (row.method !== 'bank_transfer' || row.state !== 'waiting_for_payment') throw wrongState();
    await moveState(tx, row, 'pending_approval', nowDate(), null);
    return toSubscription(await requireSubscription(tx, projectUuid, uuid));
  });
}

/** An operator's decision on a pending transfer: subscribed (its period starts now) or failed. */
export async function decideTransfer(db: Db, config: BillingConfig, uuid: string, approved: boolean): Promise<Subscription> {
  return db.transaction().execute(async (tx) => {
    const row = await requireSubscription(tx, null, uuid, true);
    if (row.method !== 'bank_transfer' || (row.state !== 'pending_approval' && row.state !== 'waiting_for_payment')) throw wrongState();
    const period = findPrice(row.product_id, config)?.period_days ?? null;
    await moveState(tx, row, approved ? 'subscribed' : 'failed', nowDate(), period);
    return toSubscription(await requireSubscription(tx, null, uuid));
  });
}

/** Transfers waiting for an operator, across projects, oldest first, with the project and the pro-forma's number. */
export async function pendingTransfers(db: Db): Promise<TransferApproval[]> {
  const rows = await db
    .selectFrom('billing_subscriptions as s')
    .innerJoin('projects as p', 'p.uuid', 's.project_uuid')
    .selectAll('s')
    .select('p.name as project_name')
    .where('s.method', '=', 'bank_transfer')
    .where('s.state', 'in', ['pending_approval', 'waiting_for_payment'])
    .orderBy('s.created_at')
    .orderBy('s.uuid')
    .limit(500)
    .execute();
  return rows.map(({ project_name, ...row }) => ({
    ...toSubscription(row),
    project_uuid: row.project_uuid,
    project_name,
    proforma: proformaNumber(row),
    state_at: new Date(row.state_at).toISOString(),
  }));
}
