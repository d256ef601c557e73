import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { Price } from '../../runtime/api/billing';
import { CHECKOUT_COMPLETE, type CheckoutChannel } from '../../runtime/client/checkoutChannel';
import type { CheckoutCalls } from '../../machines/checkout.actors';
import { checkoutMachine, type CheckoutEvent } from '../../machines/checkout.machine';

const price: Price = { id: 'luma-pro-monthly', product_type: 'platform', name: 'Luma Pro', amount: 2900, currency: 'EUR', period_days: 30, trial_days: 14, limits: {} };
const URL_ = 'https://pay.example/session/1';

/** A channel the test posts on as if it were the thank-you page in another tab. */
function fakeChannel() {
  const listeners = new Set<(message: unknown) => void>();
  const channel: CheckoutChannel = {
    post: () => undefined,
    listen: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    close: () => listeners.clear(),
  };
  return { channel, listeners, deliver: (message: unknown) => [...listeners].forEach((l) => l(message)) };
}

function calls(over: Partial<CheckoutCalls> = {}, billingSaved = true): CheckoutCalls & { linked: unknown[] } {
  const linked: unknown[] = [];
  return {
    linked,
    load: async () => ({ price, billingSaved, methods: ['card', 'bank_transfer'] }),
    link: async (priceId, method) => (linked.push([priceId, method]), URL_),
    trial: async () => ({ uuid: 't' }),
    ...over,
  };
}

function start(c: CheckoutCalls, channel = fakeChannel().channel) {
  const opened: string[] = [];
  const unlocked: string[] = [];
  const actor = createActor(checkoutMachine, { input: { priceId: price.id, calls: c, channel, openTab: (u) => opened.push(u), unlock: (w) => unlocked.push(w) } }).start();
  return { actor, opened, unlocked };
}

const ev = (type: string, extra: object) => ({ type, ...extra }) as unknown as CheckoutEvent;

describe('checkout machine', () => {
  it('reaches every state', () => {
    const { channel } = fakeChannel();
    const paths = getShortestPaths(checkoutMachine, {
      input: { priceId: price.id, calls: calls(), channel, openTab: () => undefined, unlock: () => undefined },
      events: [
        ev('xstate.done.actor.0.checkout.loading', { output: { price, billingSaved: true, methods: [] } }),
        ev('xstate.done.actor.0.checkout.loading', { output: { price, billingSaved: false, methods: [] } }),
        ev('xstate.error.actor.0.checkout.loading', { error: { status: 404, messageKey: 'priceNotFound' } }),
        ev('xstate.done.actor.0.checkout.requestingLink', { output: URL_ }),
        ev('xstate.error.actor.0.checkout.requestingLink', { error: { status: 501, messageKey: 'checkoutMethodCurrentlyDisabled' } }),
        ev('xstate.done.actor.0.checkout.startingTrial', { output: {} }),
        { type: 'BILLING_SAVED' },
        { type: 'CLOSE_BILLING' },
        { type: 'OPEN_BILLING' },
        { type: 'CHECKOUT' },
        { type: 'START_TRIAL' },
        { type: 'CHECKOUT_COMPLETE', subscription: null },
        { type: 'RETRY' },
      ],
      serializeState: ({ value }) => JSON.stringify(value),
    });
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    const all = [
      '"loading"', '"unavailable"', '{"billing":"asking"}', '{"billing":"dismissed"}', '"ready"',
      '"requestingLink"', '"startingTrial"', '"waiting"', '"done"', '"failed"',
    ];
    expect([...reached].sort()).toEqual(all.sort());
  });

  it('without billing information asks for it first; once saved, checkout opens the link and the channel message unlocks', async () => {
    const fake = fakeChannel();
    const c = calls({}, false);
    const { actor, opened, unlocked } = start(c, fake.channel);
    await waitFor(actor, (s) => s.matches({ billing: 'asking' }));
    actor.send({ type: 'CHECKOUT' });
    expect(actor.getSnapshot().value).toEqual({ billing: 'asking' });
    actor.send({ type: 'CLOSE_BILLING' });
    actor.send({ type: 'CHECKOUT' });
    expect(actor.getSnapshot().value).toEqual({ billing: 'dismissed' });
    actor.send({ type: 'OPEN_BILLING' });
    actor.send({ type: 'BILLING_SAVED' });
    expect(actor.getSnapshot().context.billingSaved).toBe(true);
    actor.send({ type: 'CHECKOUT', method: 'bank_transfer' });
    await waitFor(actor, (s) => s.matches('waiting'));
    expect(c.linked).toEqual([[price.id, 'bank_transfer']]);
    expect(opened).toEqual([URL_]);
    expect(fake.listeners.size).toBe(1);
    actor.send({ type: 'REOPEN' });
    expect(opened).toEqual([URL_, URL_]);
    fake.deliver({ type: 'something-else' });
    expect(actor.getSnapshot().value).toBe('waiting');
    fake.deliver({ type: CHECKOUT_COMPLETE, subscription: 'sub-1' });
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.subscription).toBe('sub-1');
    expect(unlocked).toEqual(['checkout']);
    expect(fake.listeners.size).toBe(0);
  });

  it('a trial needs no billing information and unlocks when it answers', async () => {
    const { actor, unlocked, opened } = start(calls({}, false));
    await waitFor(actor, (s) => s.matches('billing'));
    actor.send({ type: 'START_TRIAL' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(unlocked).toEqual(['trial']);
    expect(opened).toEqual([]);
  });

  it('failures give the spec messages: 501 checkoutMethodCurrentlyDisabled, anything else failedToCheckout', async () => {
    for (const [error, key] of [
      [{ status: 501, messageKey: 'checkoutMethodCurrentlyDisabled' }, 'checkoutMethodCurrentlyDisabled'],
      [{ status: 502, messageKey: 'failedToCheckout' }, 'failedToCheckout'],
      [{ status: 0, messageKey: 'Connection to server failed' }, 'failedToCheckout'],
    ] as const) {
      const { actor, opened } = start(calls({ link: () => Promise.reject(error) }));
      await waitFor(actor, (s) => s.matches('ready'));
      actor.send({ type: 'CHECKOUT' });
      await waitFor(actor, (s) => s.matches('failed'));
      expect(actor.getSnapshot().context.failure).toBe(key);
      expect(actor.getSnapshot().context.method).toBe('card');
      expect(opened).toEqual([]);
      actor.send({ type: 'RETRY' });
      expect(actor.getSnapshot().value).toBe('ready');
      expect(actor.getSnapshot().context.failure).toBeNull();
    }
    const empty = start(calls({ link: async () => '' }));
    await waitFor(empty.actor, (s) => s.matches('ready'));
    empty.actor.send({ type: 'CHECKOUT' });
    await waitFor(empty.actor, (s) => s.matches('failed'));
    expect(empty.actor.getSnapshot().context.failure).toBe('failedToCheckout');
  });

  it('a used trial says so; a failed trial without billing information goes back to the billing step', async () => {
    const { actor } = start(calls({ trial: () => Promise.reject({ status: 409, messageKey: 'trialAlreadyUsed' }) }, false));
    await waitFor(actor, (s) => s.matches('billing'));
    actor.send({ type: 'START_TRIAL' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.failure).toBe('trialAlreadyUsed');
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().value).toEqual({ billing: 'dismissed' });
  });

  it('a 409 billingInformationRequired asks for the billing information again', async () => {
    const { actor } = start(calls({ link: () => Promise.reject({ status: 409, messageKey: 'billingInformationRequired' }) }));
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'CHECKOUT' });
    await waitFor(actor, (s) => s.matches('billing'));
    expect(actor.getSnapshot().value).toEqual({ billing: 'asking' });
    expect(actor.getSnapshot().context.billingSaved).toBe(false);
  });

  it('an unknown price is unavailable with priceNotFound, other load failures failedToCheckout; RETRY reads again', async () => {
    let attempts = 0;
    const { actor } = start(calls({ load: () => (++attempts === 1 ? Promise.reject({ status: 404, messageKey: 'priceNotFound' }) : Promise.reject({ status: 500 })) }));
    await waitFor(actor, (s) => s.matches('unavailable'));
    expect(actor.getSnapshot().context.failure).toBe('priceNotFound');
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('unavailable') && s.context.failure === 'failedToCheckout');
    expect(attempts).toBe(2);
  });

  it('random event sequences never go to checkout without billing information, and unlock only once on done', () => {
    const never = () => new Promise<never>(() => undefined);
    const events: CheckoutEvent[] = [
      ev('xstate.done.actor.0.checkout.loading', { output: { price, billingSaved: false, methods: ['card'] } }),
      ev('xstate.done.actor.0.checkout.loading', { output: { price, billingSaved: true, methods: ['card'] } }),
      ev('xstate.error.actor.0.checkout.loading', { error: { status: 500 } }),
      ev('xstate.done.actor.0.checkout.requestingLink', { output: URL_ }),
      ev('xstate.error.actor.0.checkout.requestingLink', { error: { status: 409, messageKey: 'billingInformationRequired' } }),
      ev('xstate.error.actor.0.checkout.requestingLink', { error: { status: 501 } }),
      ev('xstate.done.actor.0.checkout.startingTrial', { output: {} }),
      ev('xstate.error.actor.0.checkout.startingTrial', { error: { status: 502 } }),
      { type: 'BILLING_SAVED' }, { type: 'CLOSE_BILLING' }, { type: 'OPEN_BILLING' }, { type: 'CHECKOUT' },
      { type: 'START_TRIAL' }, { type: 'REOPEN' }, { type: 'CHECKOUT_COMPLETE', subscription: null }, { type: 'RETRY' },
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...events), { maxLength: 30 }), (sequence) => {
        const { actor, unlocked } = start({ load: never, link: never, trial: never });
        for (const event of sequence) {
          // A call's answer comes only while its state waits for it (elsewhere it has no actor).
          if (event.type.startsWith('xstate.') && !actor.getSnapshot().can(event)) continue;
          actor.send(event);
          const snapshot = actor.getSnapshot();
          if (snapshot.matches('requestingLink') || snapshot.matches('waiting')) expect(snapshot.context.billingSaved).toBe(true);
          expect(unlocked.length).toBe(snapshot.matches('done') ? 1 : 0);
        }
        actor.stop();
      }),
      { numRuns: 200 },
    );
  });
});
