// The broadcast channel named `checkout` (spec section 4 "Checkout"): the thank-you page, opened by the
// provider in another tab, posts the checkout-complete message; the checkout screen's machine listens
// (machines/checkout.machine.ts) and unlocks what was bought. The machine gets the channel handed in,
// so its tests pass a fake one.

export const CHECKOUT_CHANNEL_NAME = 'checkout';
export const CHECKOUT_COMPLETE = 'checkout-complete';

export interface CheckoutCompleteMessage {
  type: typeof CHECKOUT_COMPLETE;
  /** The subscription the thank-you page was told of (`?subscription=`), when it was. */
  subscription: string | null;
}

/** What the machine and the thank-you page need of the channel. */
export interface CheckoutChannel {
  post(message: CheckoutCompleteMessage): void;
  /** Calls `listener` with every message from another tab; answers the unsubscribe. */
  listen(listener: (message: unknown) => void): () => void;
  close(): void;
}

export function isCheckoutComplete(message: unknown): message is CheckoutCompleteMessage {
  return !!message && typeof message === 'object' && (message as { type?: unknown }).type === CHECKOUT_COMPLETE;
}

/** The browser's BroadcastChannel named `checkout`; a channel that carries nothing where there is none. */
export function openCheckoutChannel(): CheckoutChannel {
  if (typeof BroadcastChannel === 'undefined') return { post: () => undefined, listen: () => () => undefined, close: () => undefined };
  const channel = new BroadcastChannel(CHECKOUT_CHANNEL_NAME);
  return {
    post: (message) => channel.postMessage(message),
    listen: (listener) => {
      const handler = (event: MessageEvent) => listener(event.data);
      channel.addEventListener('message', handler);
      return () => channel.removeEventListener('message', handler);
    },
    close: () => channel.close(),
  };
}
