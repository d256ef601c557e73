// The price catalogue (GET /v1/prices/{id}; docs/billing.md "Prices"): what can be bought, in EUR
// minor units, for how many days, and which limits it raises. The trial's length is the setting's
// (LUMA_TRIAL_DAYS), the same for every product.
import type { Price } from '../../../runtime/api/billing';
import type { BillingConfig } from '../platform/config-billing';

type CataloguePrice = Omit<Price, 'trial_days'>;

const PRICES: readonly CataloguePrice[] = [
  { id: 'luma-pro-monthly', product_type: 'platform', name: 'Luma Pro', amount: 2900, currency: 'EUR', period_days: 30, limits: { users: 100, sparks: 200, public_apps: 50 } },
  { id: 'luma-pro-yearly', product_type: 'platform', name: 'Luma Pro (yearly)', amount: 29000, currency: 'EUR', period_days: 365, limits: { users: 100, sparks: 200, public_apps: 50 } },
  { id: 'luma-media-monthly', product_type: 'luma-media', name: 'Luma media library', amount: 900, currency: 'EUR', period_days: 30, limits: {} },
];

/** The prices' currency: currency rates are against it. */
export const BASE_CURRENCY = 'EUR';

const withTrial = (price: CataloguePrice, config: BillingConfig): Price => ({ ...price, trial_days: config.trialDays });

export function findPrice(id: string, config: BillingConfig): Price | null {
  const price = PRICES.find((candidate) => candidate.id === id);
  return price ? withTrial(price, config) : null;
}

/** A product's first (default) price. */
export function priceOfProduct(productType: string, config: BillingConfig): Price | null {
  const price = PRICES.find((candidate) => candidate.product_type === productType);
  return price ? withTrial(price, config) : null;
}
