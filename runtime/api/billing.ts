// Billing on the transaction host (spec section 7 "Transaction host", section 4 "Subscription payment
// states"; docs/billing.md): subscriptions, trials, prices, currency rates, checkout links, the card
// provider's webhook and the bank transfer's pro-forma and approval. Wire types, message keys and route
// schemas. Framework-free. Paths are under HOST_PREFIX.transaction.
import { arrayOf, closed, dateTimeSchema, nullable, stringSchema, uuidSchema } from './schema-kit';

/** Spec section 4, in the words of the spec. */
export const PAYMENT_STATES = [
  'waiting_for_payment',
  'in_process',
  'pending_approval',
  'failed',
  'waiting_for_3d_security',
  'expired',
  'cancelled',
  'subscribed',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** How far along a state is: an event never moves a subscription to a lower rank (docs/billing.md "Webhooks"). */
export const PAYMENT_STATE_RANK: Record<PaymentState, number> = {
  waiting_for_payment: 0,
  waiting_for_3d_security: 1,
  in_process: 2,
  pending_approval: 2,
  failed: 3,
  subscribed: 4,
  cancelled: 5,
  expired: 5,
};
/** States nothing moves a subscription out of. */
export const FINAL_PAYMENT_STATES: readonly PaymentState[] = ['cancelled', 'expired'];

export const CHECKOUT_METHODS = ['card', 'bank_transfer'] as const;
export type CheckoutMethod = (typeof CHECKOUT_METHODS)[number];
/** on; off (LUMA_CHECKOUT_METHODS leaves it out: 501 checkoutMethodCurrentlyDisabled); on but missing its settings. */
export type CheckoutMethodStatus = 'on' | 'off' | 'not_configured';

export const BILLING_MESSAGE = {
  /** 501: the method is switched off (spec section 8). */
  methodDisabled: 'checkoutMethodCurrentlyDisabled',
  /** 501: the method is on but its provider has no settings; nothing pretends to take a payment. */
  notConfigured: 'checkoutMethodNotConfigured',
  /** 502: the provider answered an error or nothing. */
  failedToCheckout: 'failedToCheckout',
  /** 409: checkout needs the billing information saved first (spec section 4 "Checkout"). */
  billingInformationRequired: 'billingInformationRequired',
  priceNotFound: 'priceNotFound',
  subscriptionNotFound: 'subscriptionNotFound',
  /** 409: a subscription is removed only when expired (spec section 4). */
  notExpired: 'subscriptionNotExpired',
  /** 409: one trial per product. */
  trialUsed: 'trialAlreadyUsed',
  /** 409: the call does not fit the subscription's state or method. */
  wrongState: 'subscriptionWrongState',
  /** 400: the webhook's Stripe-Signature does not match, or its time is outside the tolerance. */
  signatureInvalid: 'webhookSignatureInvalid',
  userLimit: 'userLimitExceeded',
  /** 402: a paid product the project has no active subscription or trial of (spec section 8: 'functionality not available on this account'). */
  productRequired: 'functionalityNotAvailable',
} as const;

/** The media product: the platform's own (simple) media library is bought with it (spec section 4 "Media library"). */
export const MEDIA_PRODUCT = 'luma-media';
/** The media product's price that /checkout offers from the media screen. */
export const MEDIA_PRICE = 'luma-media-monthly';

export interface PlanLimits {
  users: number;
  sparks: number;
  public_apps: number;
}

export interface Price {
  id: string;
  product_type: string;
  name: string;
  /** In the currency's minor units (cents). */
  amount: number;
  currency: string;
  /** Days one payment covers. */
  period_days: number;
  /** The trial's length in days (spec section 9: shown at checkout). */
  trial_days: number;
  /** What a subscription raises the project's limits to; absent ones stay at the free limits. */
  limits: Partial<PlanLimits>;
}

export interface Subscription {
  uuid: string;
  product_id: string;
  product_type: string;
  is_trial: boolean;
  method: CheckoutMethod | 'trial';
  state: PaymentState;
  amount: number;
  currency: string;
  starts_at: string | null;
  expires_at: string | null;
  created_at: string;
  /** The bank transfer's pro-forma invoice (a PDF), or null. */
  proforma_url: string | null;
}

/** A bank transfer waiting for an operator (GET /billing/approvals), across projects. */
export interface TransferApproval extends Subscription {
  project_uuid: string;
  project_name: string;
  /** The pro-forma invoice's number, also the transfer's reference. */
  proforma: string;
  /** When its state was set (for pending approval: when the admin said it was paid). */
  state_at: string;
}

export interface SubscriptionList {
  items: Subscription[];
  /** The project's limits now: the free ones raised by what an active subscription gives. */
  limits: PlanLimits;
}

export interface TrialList {
  trial_days: number;
  items: Subscription[];
}

export interface PaymentInfo {
  methods: { method: CheckoutMethod; status: CheckoutMethodStatus }[];
  /** The bank transfer's payee, account and the pro-forma's reference rule; null when not configured. */
  bank: { payee: string; account: string } | null;
  /** Whether the caller's billing information is saved (checkout needs it). */
  billing_information: boolean;
  /** The product types whose functionality needs a subscription or trial here (LUMA_PAID_PRODUCTS; none where nothing is sold). */
  products_required: string[];
}

export interface CurrencyRates {
  base: string;
  rates: Record<string, number>;
}

/** POST /checkout/link (spec: product_type, reference, lang, source 'platform' or options). */
export interface CheckoutRequest {
  product_type: string;
  reference?: string;
  lang?: string;
  source?: 'platform';
  options?: { method?: CheckoutMethod; price_id?: string };
}

/** POST /v1/checkout/link (not shown in the spec): one price, and the method. */
export interface CheckoutV1Request {
  price_id: string;
  method?: CheckoutMethod;
  lang?: string;
}

// ---- Schemas --------------------------------------------------------------------------------------

const stateSchema = { type: 'string', enum: PAYMENT_STATES } as const;
const methodSchema = { type: 'string', enum: CHECKOUT_METHODS } as const;
const limitsSchema = closed({ users: { type: 'integer' }, sparks: { type: 'integer' }, public_apps: { type: 'integer' } }, ['users', 'sparks', 'public_apps']);
const shortText = { type: 'string', minLength: 1, maxLength: 100 } as const;

export const priceSchema = closed(
  {
    id: stringSchema,
    product_type: stringSchema,
    name: stringSchema,
    amount: { type: 'integer' },
    currency: stringSchema,
    period_days: { type: 'integer' },
    trial_days: { type: 'integer' },
    limits: { type: 'object', properties: limitsSchema.properties, additionalProperties: false },
  },
  ['id', 'product_type', 'name', 'amount', 'currency', 'period_days', 'trial_days', 'limits'],
);

export const subscriptionSchema = closed(
  {
    uuid: uuidSchema,
    product_id: stringSchema,
    product_type: stringSchema,
    is_trial: { type: 'boolean' },
    method: { type: 'string', enum: [...CHECKOUT_METHODS, 'trial'] },
    state: stateSchema,
    amount: { type: 'integer' },
    currency: stringSchema,
    starts_at: nullable(dateTimeSchema),
    expires_at: nullable(dateTimeSchema),
    created_at: dateTimeSchema,
    proforma_url: nullable(stringSchema),
  },
  ['uuid', 'product_id', 'product_type', 'is_trial', 'method', 'state', 'amount', 'currency', 'starts_at', 'expires_at', 'created_at', 'proforma_url'],
);

/** GET /billing/approvals (operators): a bank transfer waiting, with what the operator matches it by. */
export const transferApprovalSchema = closed(
  {
    ...subscriptionSchema.properties,
    project_uuid: uuidSchema,
    project_name: stringSchema,
    /** The pro-forma invoice's number, also the transfer's reference (PF-<year>-<6 digits>). */
    proforma: stringSchema,
    /** When the state was set: for pending approval, when the project's admin said the transfer was made. */
    state_at: dateTimeSchema,
  },
  [...subscriptionSchema.required, 'project_uuid', 'project_name', 'proforma', 'state_at'],
);

export const subscriptionListSchema = closed({ items: arrayOf(subscriptionSchema), limits: limitsSchema }, ['items', 'limits']);
export const trialListSchema = closed({ trial_days: { type: 'integer' }, items: arrayOf(subscriptionSchema) }, ['trial_days', 'items']);
export const paymentInfoSchema = closed(
  {
    methods: arrayOf(closed({ method: methodSchema, status: { type: 'string', enum: ['on', 'off', 'not_configured'] } }, ['method', 'status'])),
    bank: nullable(closed({ payee: stringSchema, account: stringSchema }, ['payee', 'account'])),
    billing_information: { type: 'boolean' },
    products_required: arrayOf(stringSchema),
  },
  ['methods', 'bank', 'billing_information', 'products_required'],
);
export const currencyRatesSchema = closed({ base: stringSchema, rates: { type: 'object', additionalProperties: { type: 'number' } } }, ['base', 'rates']);
/** A checkout link's answer: the URL itself (spec: "the response data is a URL opened in a new tab"). */
export const checkoutUrlSchema = stringSchema;

export const checkoutBodySchema = closed(
  {
    product_type: shortText,
    reference: { type: 'string', maxLength: 200 },
    lang: { type: 'string', maxLength: 10 },
    source: { type: 'string', enum: ['platform'] },
    options: closed({ method: methodSchema, price_id: shortText }, []),
  },
  ['product_type'],
);
export const checkoutV1BodySchema = closed({ price_id: shortText, method: methodSchema, lang: { type: 'string', maxLength: 10 } }, ['price_id']);
export const trialBodySchema = closed({ product_id: shortText }, ['product_id']);
export const approvalBodySchema = closed({ approved: { type: 'boolean' } }, ['approved']);
export const priceParams = closed({ id: shortText }, ['id']);
export const subscriptionParams = closed({ uuid: stringSchema }, ['uuid']);
export const webhookReplySchema = closed({ received: { type: 'boolean' }, duplicate: { type: 'boolean' } }, ['received', 'duplicate']);
