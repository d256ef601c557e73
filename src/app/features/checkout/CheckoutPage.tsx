// /checkout (spec section 2; docs/billing.md "The checkout screen"): the price (GET /v1/prices/{id}),
// the trial's length, the billing information step and the go-to-checkout button, driven by the checkout
// machine (machines/checkout.machine.ts). The link opens in a new tab; the thank-you page there posts
// on the `checkout` broadcast channel, and this page re-reads the subscription.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { StateFrom } from 'xstate';
import { checkoutMachine } from '../../../../machines/checkout.machine';
import type { CheckoutCalls } from '../../../../machines/checkout.actors';
import { billingApi, type CheckoutMethod, type Price } from '../../../../runtime/client/billing';
import { billingKeys, subscriptionsQueryOptions } from '../../../../renderers/data/billing';
import { CHECKOUT_COMPLETE, openCheckoutChannel } from '../../../../runtime/client/checkoutChannel';
import { Message } from '../../../../renderers/ui/Message';
import { PageHeader } from '../../components/PageHeader';
import { Loading } from '../../components/LoadState';
import { BillingModal } from './BillingModal';
import { OperatorApprovalsLink } from './OperatorApprovalsLink';
import { formatAmount } from './money';
import './checkout.css';

export const DEFAULT_PRICE = 'luma-pro-monthly';

const checkoutCalls = (lang: string): CheckoutCalls => ({
  load: async (priceId) => {
    const [price, info] = await Promise.all([billingApi.price(priceId), billingApi.paymentInfo()]);
    return { price, billingSaved: info.billing_information, methods: info.methods.filter((m) => m.status === 'on').map((m) => m.method) };
  },
  link: (priceId, method) => billingApi.checkoutLinkV1({ price_id: priceId, ...(method ? { method } : {}), lang }),
  trial: (priceId) => billingApi.startTrial(priceId),
});


/** The product's newest subscription, re-read when the purchase is done. */
function SubscriptionState({ price }: { price: Price }) {
  const list = useQuery(subscriptionsQueryOptions());
  const mine = list.data?.items.find((s) => s.product_id === price.id || s.product_type === price.product_type);
  if (!mine) return null;
  return (
    <>
      <p data-testid="checkout-subscription-state" data-state={mine.state}>
        <FormattedMessage id="checkout.subscriptionState" values={{ state: <FormattedMessage id={`checkout.state.${mine.state}`} /> }} />
      </p>
      {/* A payment the provider refused: spec section 8's failed order ('check your card informations and available funds'). */}
      {mine.state === 'failed' ? (
        <p className="form-error" role="alert" data-testid="checkout-failed-order">
          <Message value="failedOrder" />
        </p>
      ) : null}
    </>
  );
}

type Snapshot = StateFrom<typeof checkoutMachine>;

/** The machine's failure (spec section 8's message) with its try-again. */
function Failure({ message, onRetry }: { message: string | null; onRetry: () => void }) {
  return (
    <p className="form-error" role="alert" data-testid="checkout-error">
      <Message value={message ?? 'failedToCheckout'} />{' '}
      <button type="button" className="button button-ghost" onClick={onRetry}>
        <FormattedMessage id="checkout.retry" />
      </button>
    </p>
  );
}

function MethodChoice({ methods, value, onChange }: { methods: CheckoutMethod[]; value: CheckoutMethod | undefined; onChange: (m: CheckoutMethod) => void }) {
  const intl = useIntl();
  if (methods.length < 2) return null;
  return (
    <div className="field" role="radiogroup" aria-label={intl.formatMessage({ id: 'checkout.method' })}>
      <span className="field-label">
        <FormattedMessage id="checkout.method" />
      </span>
      <div className="row">
        {methods.map((m) => (
          <label key={m} className="field-check">
            <input type="radio" name="checkout-method" value={m} checked={value === m} onChange={() => onChange(m)} />
            <FormattedMessage id={`checkout.method.${m}`} />
          </label>
        ))}
      </div>
    </div>
  );
}

function Actions({ state, send }: { state: Snapshot; send: ReturnType<typeof useMachine<typeof checkoutMachine>>[1] }) {
  const { context } = state;
  const [method, setMethod] = useState<CheckoutMethod | undefined>(undefined);
  const chosen = method ?? context.methods[0];
  const ready = state.matches('ready');
  if (state.matches('waiting'))
    return (
      <div className="stack" role="status" data-testid="checkout-waiting">
        <p>
          <FormattedMessage id="checkout.waiting" />
        </p>
        <a className="button" href={context.url ?? '#'} target="_blank" rel="noopener" onClick={(e) => (e.preventDefault(), send({ type: 'REOPEN' }))}>
          <FormattedMessage id="checkout.reopen" />
        </a>
      </div>
    );
  if (state.matches('done'))
    return (
      <p className="checkout-done" role="status" data-testid="checkout-done">
        <FormattedMessage id={context.url ? 'checkout.done' : 'checkout.trialDone'} />
      </p>
    );
  return (
    <div className="stack">
      {context.methods.length === 0 ? (
        <p className="muted">
          <FormattedMessage id="checkout.noMethod" />
        </p>
      ) : null}
      <MethodChoice methods={context.methods} value={chosen} onChange={setMethod} />
      {state.matches('failed') ? <Failure message={context.failure} onRetry={() => send({ type: 'RETRY' })} /> : null}
      <div className="form-actions">
        {context.price && context.price.trial_days > 0 ? (
          <button type="button" className="button" disabled={!(ready || state.matches('billing'))} onClick={() => send({ type: 'START_TRIAL' })} data-testid="checkout-trial">
            <FormattedMessage id={state.matches('startingTrial') ? 'checkout.startingTrial' : 'checkout.startTrial'} />
          </button>
        ) : null}
        <button type="button" className="button button-primary" disabled={!ready || !chosen} onClick={() => send({ type: 'CHECKOUT', method: chosen })} data-testid="checkout-go">
          <FormattedMessage id={state.matches('requestingLink') ? 'checkout.going' : 'checkout.go'} />
        </button>
      </div>
    </div>
  );
}

function BillingStep({ state, send }: { state: Snapshot; send: ReturnType<typeof useMachine<typeof checkoutMachine>>[1] }) {
  const saved = state.context.billingSaved;
  const canEdit = state.matches('ready') || state.matches({ billing: 'dismissed' });
  return (
    <section className="subcard stack" aria-labelledby="checkout-billing-title" data-testid="checkout-billing">
      <h2 id="checkout-billing-title" className="card-title">
        <FormattedMessage id="checkout.billingStep" />
      </h2>
      <p className={saved ? undefined : 'muted'}>
        <FormattedMessage id={saved ? 'checkout.billingSaved' : 'checkout.billingMissing'} />
      </p>
      {canEdit ? (
        <button type="button" className="button" onClick={() => send({ type: 'OPEN_BILLING' })} data-testid="checkout-billing-open">
          <FormattedMessage id={saved ? 'checkout.billingEdit' : 'checkout.billingAdd'} />
        </button>
      ) : null}
    </section>
  );
}

export function CheckoutPage() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const search = useSearch({ strict: false }) as { price?: string };
  const priceId = search.price || DEFAULT_PRICE;
  const channel = useMemo(() => openCheckoutChannel(), []);
  useEffect(() => () => channel.close(), [channel]);
  const [state, send] = useMachine(checkoutMachine, {
    input: {
      priceId,
      calls: checkoutCalls(intl.locale),
      channel,
      openTab: (url) => void window.open(url, '_blank', 'noopener'),
      // What the purchase unlocks: the subscription (and the limits it raises) read again. A trial
      // started here is told to the other tabs as a checkout's complete message is by the thank-you page
      // (a media screen waiting for it creates its library: media/purchase.ts).
      unlock: (what) => {
        void queryClient.invalidateQueries({ queryKey: billingKeys.subscriptions });
        if (what === 'trial') channel.post({ type: CHECKOUT_COMPLETE, subscription: null });
      },
    },
  });
  const { price, failure } = state.context;
  return (
    <div className="page stack checkout-page" data-testid="checkout-page" data-state={JSON.stringify(state.value)}>
      <PageHeader title={<FormattedMessage id="checkout.title" />} />
      {state.matches('loading') ? <Loading /> : null}
      {state.matches('unavailable') ? <Failure message={failure} onRetry={() => send({ type: 'RETRY' })} /> : null}
      {price ? (
        <div className="card stack">
          <h2 className="checkout-product" data-testid="checkout-product">{price.name}</h2>
          <p className="checkout-amount" data-testid="checkout-price">
            <FormattedMessage id="checkout.price" values={{ amount: <strong>{formatAmount(price, intl.locale)}</strong>, days: price.period_days }} />
          </p>
          {price.trial_days > 0 ? (
            <p className="muted" data-testid="checkout-trial-days">
              <FormattedMessage id="checkout.trialDays" values={{ days: price.trial_days }} />
            </p>
          ) : null}
          <BillingStep state={state} send={send} />
          <Actions state={state} send={send} />
          <SubscriptionState price={price} />
        </div>
      ) : null}
      <OperatorApprovalsLink />
      <BillingModal open={state.matches({ billing: 'asking' })} onSaved={() => send({ type: 'BILLING_SAVED' })} onClose={() => send({ type: 'CLOSE_BILLING' })} />
    </div>
  );
}
