// The checkout providers (docs/billing.md "Providers"): one interface, two implementations, the bank
// transfer (bank-transfer.ts) and the card provider (card.ts). A method is on, off, or on without its
// settings ('not configured'): only an 'on' one takes a payment.
import { BILLING_MESSAGE, CHECKOUT_METHODS, type CheckoutMethod, type CheckoutMethodStatus, type Price } from '../../../runtime/api/billing';
import type { BillingSubscriptionRow } from '../db/schema-billing';
import type { BillingConfig } from '../platform/config-billing';
import { HttpError } from '../platform/errors';
import { bankTransferProvider } from './bank-transfer';
import { cardProvider } from './card';

export interface CheckoutStart {
  subscription: BillingSubscriptionRow;
  price: Price;
  /** Where the payer is sent back to: the app's own origin (LUMA_PUBLIC_URL). */
  origin: string;
  email: string | null;
  lang: string;
}

export interface CheckoutProvider {
  readonly method: CheckoutMethod;
  /** Whether the provider has what it needs to take a payment. */
  configured(config: BillingConfig): boolean;
  /** Starts the payment of a new subscription: the URL the browser opens in a new tab, and the provider's id of the payment. */
  start(config: BillingConfig, given: CheckoutStart): Promise<{ url: string; providerReference: string | null }>;
}

const PROVIDERS: Record<CheckoutMethod, CheckoutProvider> = { card: cardProvider, bank_transfer: bankTransferProvider };

export function methodStatus(config: BillingConfig, method: CheckoutMethod): CheckoutMethodStatus {
  if (!config.methods.includes(method)) return 'off';
  return PROVIDERS[method].configured(config) ? 'on' : 'not_configured';
}

export function methodStatuses(config: BillingConfig): { method: CheckoutMethod; status: CheckoutMethodStatus }[] {
  return CHECKOUT_METHODS.map((method) => ({ method, status: methodStatus(config, method) }));
}

/** The provider of a method that is on; 501 checkoutMethodCurrentlyDisabled when off, 501 checkoutMethodNotConfigured without settings. */
export function providerFor(config: BillingConfig, method: CheckoutMethod | undefined): CheckoutProvider {
  const chosen = method ?? config.methods.find((candidate) => methodStatus(config, candidate) === 'on') ?? config.methods[0];
  if (!chosen) throw new HttpError(501, BILLING_MESSAGE.methodDisabled);
  const status = methodStatus(config, chosen);
  if (status === 'off') throw new HttpError(501, BILLING_MESSAGE.methodDisabled);
  if (status === 'not_configured') throw new HttpError(501, BILLING_MESSAGE.notConfigured);
  return PROVIDERS[chosen];
}
