// Buying the media product from the create-library sidebar (spec sections 2 and 4: "A buy option shows
// when the simple provider is chosen and the product subscription is missing"; "a checkout-complete
// message on a broadcast channel named checkout triggers library creation"; docs/billing.md "Paid
// products"). Where the server sells the product (payment_info.products_required) and the project holds
// no active subscription or trial of it, the sidebar offers Buy: /checkout opens in a new tab for the
// product's price, and the sidebar waits on the `checkout` channel; the complete message creates the
// library with the values the admin entered.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { MEDIA_PRICE, MEDIA_PRODUCT } from '../../../../runtime/api/billing';
import { billingKeys, paymentInfoQueryOptions, subscriptionsQueryOptions } from '../../../../renderers/data/billing';
import { isCheckoutComplete, openCheckoutChannel, type CheckoutChannel } from '../../../../runtime/client/checkoutChannel';

/** The checkout page for the media product's price. */
export const MEDIA_CHECKOUT_URL = `/checkout?price=${encodeURIComponent(MEDIA_PRICE)}`;

export interface MediaPurchase {
  /** The product must be bought before the platform's own library is created. */
  required: boolean;
  /** The checkout is open in another tab and this one waits for its complete message. */
  waiting: boolean;
  /** Opens the checkout in a new tab and waits. */
  buy: () => void;
}

/** Whether the media product is needed, and the buy that creates the library (`create`) once it completes. */
export function useMediaPurchase(create: () => void, openChannel: () => CheckoutChannel = openCheckoutChannel): MediaPurchase {
  const queryClient = useQueryClient();
  const info = useQuery(paymentInfoQueryOptions());
  const sold = info.data?.products_required.includes(MEDIA_PRODUCT) === true;
  const subscriptions = useQuery({ ...subscriptionsQueryOptions(), enabled: sold });
  const held = subscriptions.data?.items.some((item) => item.product_type === MEDIA_PRODUCT && item.state === 'subscribed') === true;
  const [waiting, setWaiting] = useState(false);
  const latest = useRef({ create, openChannel });
  latest.current = { create, openChannel };
  useEffect(() => {
    if (!waiting) return undefined;
    const channel = latest.current.openChannel();
    const stop = channel.listen((message) => {
      if (!isCheckoutComplete(message)) return;
      setWaiting(false);
      void queryClient.invalidateQueries({ queryKey: billingKeys.subscriptions });
      latest.current.create();
    });
    return () => {
      stop();
      channel.close();
    };
  }, [waiting, queryClient]);
  return {
    required: sold && subscriptions.isSuccess && !held,
    waiting,
    buy: () => {
      window.open(MEDIA_CHECKOUT_URL, '_blank', 'noopener');
      setWaiting(true);
    },
  };
}
