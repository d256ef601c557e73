// The checkout machine's side effects (machines/checkout.machine.ts): reading the price and whether the
// billing information is saved, asking for the checkout link or the trial, and listening on the
// `checkout` broadcast channel, whose checkout-complete message comes back as an event.
import { fromCallback, fromPromise } from 'xstate';
import type { CheckoutMethod, Price } from '../runtime/api/billing';
import { isCheckoutComplete, type CheckoutChannel } from '../runtime/client/checkoutChannel';

export interface CheckoutStart {
  price: Price;
  /** Whether the billing information is saved (payment_info.billing_information). */
  billingSaved: boolean;
  /** The methods that are on (payment_info), the first one chosen by default. */
  methods: CheckoutMethod[];
}

/** The calls the machine makes; the screen passes runtime/client/billing's, tests their own. */
export interface CheckoutCalls {
  load: (priceId: string) => Promise<CheckoutStart>;
  /** POST /v1/checkout/link: the URL to open in a new tab. */
  link: (priceId: string, method: CheckoutMethod | undefined) => Promise<string>;
  /** POST /v1/trial. */
  trial: (priceId: string) => Promise<unknown>;
}

export const loadCheckout = fromPromise<CheckoutStart, { calls: CheckoutCalls; priceId: string }>(({ input }) => input.calls.load(input.priceId));

export const requestLink = fromPromise<string, { calls: CheckoutCalls; priceId: string; method: CheckoutMethod | undefined }>(async ({ input }) => {
  const url = await input.calls.link(input.priceId, input.method);
  if (typeof url !== 'string' || url === '') throw { status: 502, messageKey: 'failedToCheckout' };
  return url;
});

export const startTrial = fromPromise<unknown, { calls: CheckoutCalls; priceId: string }>(({ input }) => input.calls.trial(input.priceId));

/** Sends CHECKOUT_COMPLETE for each checkout-complete message on the channel while it runs. */
export const listenForCompletion = fromCallback<{ type: 'noop' }, { channel: CheckoutChannel }>(({ sendBack, input }) =>
  input.channel.listen((message) => {
    if (isCheckoutComplete(message)) sendBack({ type: 'CHECKOUT_COMPLETE', subscription: message.subscription } as never);
  }),
);

/** A failed call's status and message key, whatever was thrown. */
function partsOf(error: unknown): { status?: unknown; messageKey?: unknown } {
  return error && typeof error === 'object' ? (error as { status?: unknown; messageKey?: unknown }) : {};
}

/** The message key of a failed call (spec section 8): 501 is checkoutMethodCurrentlyDisabled, a used
 * trial says so, anything else is failedToCheckout. */
export function checkoutFailure(error: unknown): string {
  const e = partsOf(error);
  if (e.status === 501) return 'checkoutMethodCurrentlyDisabled';
  if (e.status === 409 && e.messageKey === 'trialAlreadyUsed') return 'trialAlreadyUsed';
  return 'failedToCheckout';
}

/** The 409 that says the billing information is missing: the machine asks for it again. */
export function needsBillingInformation(error: unknown): boolean {
  const e = partsOf(error);
  return e.status === 409 && e.messageKey === 'billingInformationRequired';
}

/** The message key of a load that failed: an unknown price says so, anything else is failedToCheckout. */
export function loadFailure(error: unknown): string {
  const e = partsOf(error);
  return e.status === 404 && e.messageKey === 'priceNotFound' ? 'priceNotFound' : 'failedToCheckout';
}
