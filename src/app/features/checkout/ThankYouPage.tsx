// /checkout/thankyou (spec section 2; docs/billing.md "The checkout screen"): where the provider sends
// the buyer back, in the checkout's new tab. It posts the checkout-complete message on the `checkout`
// broadcast channel (spec section 4), which the /checkout tab's machine waits for, and says thank you.
import { useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { CHECKOUT_COMPLETE, openCheckoutChannel } from '../../../../runtime/client/checkoutChannel';
import { AppLink } from '../../components/AppLink';

export function ThankYouPage() {
  const search = useSearch({ strict: false }) as { subscription?: unknown };
  const subscription = typeof search.subscription === 'string' ? search.subscription : null;
  useEffect(() => {
    const channel = openCheckoutChannel();
    channel.post({ type: CHECKOUT_COMPLETE, subscription });
    channel.close();
  }, [subscription]);
  return (
    <section className="status-page" data-testid="checkout-thankyou">
      <h1>
        <FormattedMessage id="checkout.thankYou.title" />
      </h1>
      <p>
        <FormattedMessage id="checkout.thankYou.body" />
      </p>
      <AppLink className="button" href="/admin/dashboard">
        <FormattedMessage id="checkout.thankYou.back" />
      </AppLink>
    </section>
  );
}
