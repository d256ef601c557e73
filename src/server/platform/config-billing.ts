// Billing's settings (docs/billing.md "Settings"), read by config.ts. A method left out of
// LUMA_CHECKOUT_METHODS is off (501 checkoutMethodCurrentlyDisabled); a method that is on but lacks its
// settings is 'not configured' and takes no payment.
import { CHECKOUT_METHODS, type CheckoutMethod } from '../../../runtime/api/billing';

type Env = Record<string, string | undefined>;

export interface BillingConfig {
  /** LUMA_CHECKOUT_METHODS (comma separated; default both). */
  methods: CheckoutMethod[];
  /** The card provider: a hosted-checkout API in Stripe Checkout's wire format. */
  card: {
    /** LUMA_CARD_ENDPOINT (default https://api.stripe.com). */
    endpoint: string;
    /** LUMA_CARD_SECRET_KEY: the API key (Bearer). */
    secretKey: string | null;
    /** LUMA_CARD_WEBHOOK_SECRET: signs the webhooks (Stripe-Signature, HMAC-SHA256). */
    webhookSecret: string | null;
    /** LUMA_CARD_WEBHOOK_TOLERANCE_SECONDS (default 300): how old a signed webhook may be. */
    toleranceSeconds: number;
  };
  /** The bank transfer: LUMA_BANK_PAYEE and LUMA_BANK_ACCOUNT, both or it is not configured. */
  bank: { payee: string; account: string } | null;
  /** LUMA_TRIAL_DAYS (default 14): a trial's length, shown at checkout (spec section 9). */
  trialDays: number;
  /** LUMA_CURRENCY_RATES: 'RSD=117.2,USD=1.08', against the prices' currency (EUR); unset: EUR only. */
  currencyRates: Record<string, number>;
  /** LUMA_USER_LIMIT (default 25): members of a project without a subscription that raises it. */
  userLimit: number;
  /**
   * LUMA_PAID_PRODUCTS (comma separated product types; default none): products whose functionality a
   * project must hold a subscription or trial of, on a server with a checkout method configured
   * (`luma-media`: the platform's own media library, spec section 4 "Media library").
   */
  paidProducts: string[];
}

const value = (env: Env, name: string) => env[name]?.trim() || undefined;

function wholeNumber(env: Env, name: string, fallback: number): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  const number = Number(raw);
  if (!Number.isInteger(number) || number <= 0) throw new Error(`${name} must be a positive whole number, got '${raw}'`);
  return number;
}

function methods(env: Env): CheckoutMethod[] {
  const raw = value(env, 'LUMA_CHECKOUT_METHODS');
  if (raw === undefined) return [...CHECKOUT_METHODS];
  const names = raw.split(',').map((name) => name.trim()).filter(Boolean);
  for (const name of names) {
    if (name !== 'none' && !(CHECKOUT_METHODS as readonly string[]).includes(name)) throw new Error(`LUMA_CHECKOUT_METHODS names ${CHECKOUT_METHODS.join(', ')} or none, got '${name}'`);
  }
  return names.filter((name): name is CheckoutMethod => name !== 'none');
}

function rates(env: Env): Record<string, number> {
  const result: Record<string, number> = {};
  for (const pair of (value(env, 'LUMA_CURRENCY_RATES') ?? '').split(',').filter((part) => part.trim())) {
    const [code, rate] = pair.split('=').map((part) => part.trim());
    const number = Number(rate);
    if (!code || !/^[A-Z]{3}$/.test(code) || !Number.isFinite(number) || number <= 0) throw new Error(`LUMA_CURRENCY_RATES takes CODE=rate pairs, got '${pair}'`);
    result[code] = number;
  }
  return result;
}

const PAID_PRODUCTS = ['luma-media'];

function paidProducts(env: Env): string[] {
  const names = (value(env, 'LUMA_PAID_PRODUCTS') ?? '').split(',').map((name) => name.trim()).filter(Boolean);
  for (const name of names) if (!PAID_PRODUCTS.includes(name)) throw new Error(`LUMA_PAID_PRODUCTS names ${PAID_PRODUCTS.join(', ')}, got '${name}'`);
  return [...new Set(names)];
}

export function billingConfig(env: Env): BillingConfig {
  const endpoint = value(env, 'LUMA_CARD_ENDPOINT') ?? 'https://api.stripe.com';
  try {
    new URL(endpoint);
  } catch {
    throw new Error(`LUMA_CARD_ENDPOINT must be an absolute URL, got '${endpoint}'`);
  }
  const payee = value(env, 'LUMA_BANK_PAYEE');
  const account = value(env, 'LUMA_BANK_ACCOUNT');
  return {
    methods: methods(env),
    card: {
      endpoint: endpoint.replace(/\/+$/, ''),
      secretKey: value(env, 'LUMA_CARD_SECRET_KEY') ?? null,
      webhookSecret: value(env, 'LUMA_CARD_WEBHOOK_SECRET') ?? null,
      toleranceSeconds: wholeNumber(env, 'LUMA_CARD_WEBHOOK_TOLERANCE_SECONDS', 300),
    },
    bank: payee && account ? { payee, account } : null,
    trialDays: wholeNumber(env, 'LUMA_TRIAL_DAYS', 14),
    currencyRates: rates(env),
    userLimit: wholeNumber(env, 'LUMA_USER_LIMIT', 25),
    paidProducts: paidProducts(env),
  };
}
