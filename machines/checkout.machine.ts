// The checkout (design card's fifth machine; spec section 4 "Checkout", section 8 checkout messages;
// docs/billing.md "The checkout screen"): loading reads the price and whether the billing information
// is saved. Without it the machine is in billing: a modal asks for it (billing.asking; closing it
// leaves billing.dismissed, where the go-to-checkout button stays disabled). Once saved it is ready:
// CHECKOUT asks for the link (requestingLink) and opens it in a new tab, then waits for the
// checkout-complete message on the `checkout` broadcast channel (waiting), which moves it to done and
// runs the injected unlock. START_TRIAL asks for the trial (startingTrial; no billing information
// needed) and is done when it answers. A failed call is failed with the spec's message (RETRY: ready,
// or billing when none is saved); a price that cannot be read is unavailable (RETRY: loading). A 409 billingInformationRequired asks
// for the billing information again.
import { assign, setup } from 'xstate';
import type { CheckoutMethod, Price } from '../runtime/api/billing';
import type { CheckoutChannel } from '../runtime/client/checkoutChannel';
import {
  checkoutFailure,
  listenForCompletion,
  loadCheckout,
  loadFailure,
  needsBillingInformation,
  requestLink,
  startTrial,
  type CheckoutCalls,
  type CheckoutStart,
} from './checkout.actors';

export interface CheckoutInput {
  priceId: string;
  calls: CheckoutCalls;
  channel: CheckoutChannel;
  openTab: (url: string) => void;
  /** What the purchase unlocks (for example re-reading the subscription). */
  unlock: (what: 'checkout' | 'trial') => void;
}

export interface CheckoutContext extends CheckoutInput {
  price: Price | null;
  /** Whether the billing information is saved (the go-to-checkout button is enabled only then). */
  billingSaved: boolean;
  methods: CheckoutMethod[];
  method: CheckoutMethod | undefined;
  /** The URL opened in the new tab (reopened by REOPEN while waiting). */
  url: string | null;
  /** The subscription the checkout-complete message named. */
  subscription: string | null;
  failure: string | null;
}

export type CheckoutEvent =
  | { type: 'BILLING_SAVED' }
  | { type: 'OPEN_BILLING' }
  | { type: 'CLOSE_BILLING' }
  | { type: 'CHECKOUT'; method?: CheckoutMethod }
  | { type: 'START_TRIAL' }
  | { type: 'REOPEN' }
  | { type: 'CHECKOUT_COMPLETE'; subscription: string | null }
  | { type: 'RETRY' };

const errorOf = (event: unknown) => (event as { error?: unknown }).error;

export const checkoutMachine = setup({
  types: { context: {} as CheckoutContext, events: {} as CheckoutEvent, input: {} as CheckoutInput },
  actors: { loadCheckout, requestLink, startTrial, listenForCompletion },
  guards: {
    billingSaved: ({ event }) => (event as unknown as { output: CheckoutStart }).output.billingSaved,
    billingMissing: ({ event }) => needsBillingInformation(errorOf(event)),
    hasBilling: ({ context }) => context.billingSaved,
  },
  actions: {
    loaded: assign(({ event }) => {
      const { price, billingSaved, methods } = (event as unknown as { output: CheckoutStart }).output;
      return { price, billingSaved, methods, failure: null };
    }),
    billingSaved: assign({ billingSaved: true }),
    billingLost: assign({ billingSaved: false }),
    chooseMethod: assign(({ context, event }) => (event.type === 'CHECKOUT' ? { method: event.method ?? context.methods[0], failure: null } : {})),
    opened: assign(({ event }) => ({ url: (event as unknown as { output: string }).output })),
    openTab: ({ context }) => {
      if (context.url) context.openTab(context.url);
    },
    completed: assign(({ event }) => (event.type === 'CHECKOUT_COMPLETE' ? { subscription: event.subscription } : {})),
    unlockCheckout: ({ context }) => context.unlock('checkout'),
    unlockTrial: ({ context }) => context.unlock('trial'),
    loadFailed: assign(({ event }) => ({ failure: loadFailure(errorOf(event)) })),
    callFailed: assign(({ event }) => ({ failure: checkoutFailure(errorOf(event)) })),
    clearFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'checkout',
  initial: 'loading',
  context: ({ input }) => ({ ...input, price: null, billingSaved: false, methods: [], method: undefined, url: null, subscription: null, failure: null }),
  states: {
    loading: {
      invoke: {
        src: 'loadCheckout',
        input: ({ context }) => ({ calls: context.calls, priceId: context.priceId }),
        onDone: [
          { guard: 'billingSaved', target: 'ready', actions: 'loaded' },
          { target: 'billing', actions: 'loaded' },
        ],
        onError: { target: 'unavailable', actions: 'loadFailed' },
      },
    },
    unavailable: { on: { RETRY: { target: 'loading', actions: 'clearFailure' } } },
    billing: {
      initial: 'asking',
      states: {
        asking: { on: { CLOSE_BILLING: 'dismissed' } },
        dismissed: { on: { OPEN_BILLING: 'asking' } },
      },
      on: { BILLING_SAVED: { target: 'ready', actions: 'billingSaved' }, START_TRIAL: 'startingTrial' },
    },
    ready: {
      on: {
        CHECKOUT: { target: 'requestingLink', actions: 'chooseMethod' },
        START_TRIAL: 'startingTrial',
        OPEN_BILLING: 'billing',
      },
    },
    requestingLink: {
      invoke: {
        src: 'requestLink',
        input: ({ context }) => ({ calls: context.calls, priceId: context.priceId, method: context.method }),
        onDone: { target: 'waiting', actions: ['opened', 'openTab'] },
        onError: [
          { guard: 'billingMissing', target: 'billing', actions: 'billingLost' },
          { target: 'failed', actions: 'callFailed' },
        ],
      },
    },
    startingTrial: {
      invoke: {
        src: 'startTrial',
        input: ({ context }) => ({ calls: context.calls, priceId: context.priceId }),
        onDone: { target: 'done', actions: 'unlockTrial' },
        onError: { target: 'failed', actions: 'callFailed' },
      },
    },
    waiting: {
      invoke: { src: 'listenForCompletion', input: ({ context }) => ({ channel: context.channel }) },
      on: {
        CHECKOUT_COMPLETE: { target: 'done', actions: ['completed', 'unlockCheckout'] },
        REOPEN: { actions: 'openTab' },
      },
    },
    done: {},
    failed: {
      on: {
        RETRY: [
          { guard: 'hasBilling', target: 'ready', actions: 'clearFailure' },
          { target: 'billing.dismissed', actions: 'clearFailure' },
        ],
      },
    },
  },
});
