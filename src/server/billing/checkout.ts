// Checkout (spec section 4 "Checkout", section 7 POST /checkout/link and /v1/checkout/link;
// docs/billing.md): the project's admin, with the billing information saved, starts the payment of a
// price through a method that is on. The subscription row is written first (waiting for payment),
// then the provider is asked; when the provider fails, the row is removed again and the caller gets
// 502 failedToCheckout. Answers the URL the app opens in a new tab.
import type { Kysely } from 'kysely';
import { BILLING_MESSAGE, type CheckoutMethod, type Price } from '../../../runtime/api/billing';
import { billingErrors, billingForm, isBillingEmpty } from '../../../runtime/validation/billing';
import type { Database } from '../db/schema';
import type { Accountability } from '../auth/tenancy';
import type { Config } from '../platform/config';
import { forbidden, HttpError } from '../platform/errors';
import { requireProject } from '../auth/tenancy';
import { providerFor } from './providers';
import { insertSubscription } from './subscriptions';

type Db = Kysely<Database>;

/** The project of an admin; 403 for everyone else. */
export function requireBillingAdmin(accountability: Accountability): string {
  const project = requireProject(accountability);
  if (!accountability.is_admin) throw forbidden();
  return project;
}

/** Whether the user's billing information is saved and passes the billing form's rules. */
export function hasBillingInformation(accountability: Accountability): boolean {
  const form = billingForm(accountability.user.billing_address);
  return !isBillingEmpty(form) && form.country.trim() !== '' && Object.keys(billingErrors(form)).length === 0;
}

export interface CheckoutGiven {
  price: Price | null;
  method: CheckoutMethod | undefined;
  reference: string | null;
  lang: string;
}

export async function checkoutLink(db: Db, config: Pick<Config, 'billing' | 'publicUrl'>, accountability: Accountability, given: CheckoutGiven): Promise<string> {
  const projectUuid = requireBillingAdmin(accountability);
  if (!given.price) throw new HttpError(404, BILLING_MESSAGE.priceNotFound);
  const provider = providerFor(config.billing, given.method);
  if (!hasBillingInformation(accountability)) throw new HttpError(409, BILLING_MESSAGE.billingInformationRequired);
  const row = await insertSubscription(db, {
    projectUuid,
    price: given.price,
    method: provider.method,
    state: 'waiting_for_payment',
    userUuid: accountability.user.uuid,
    reference: given.reference,
    billingAddress: accountability.user.billing_address,
  });
  try {
    const origin = new URL(config.publicUrl).origin;
    const started = await provider.start(config.billing, { subscription: row, price: given.price, origin, email: accountability.user.billing_address?.email || accountability.user.email, lang: given.lang });
    if (started.providerReference) await db.updateTable('billing_subscriptions').set({ provider_reference: started.providerReference }).where('uuid', '=', row.uuid).execute();
    return started.url;
  } catch (error) {
    await db.deleteFrom('billing_subscriptions').where('uuid', '=', row.uuid).execute();
    throw error;
  }
}
