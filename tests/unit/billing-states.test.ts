// The payment states' moves (spec section 4; src/server/billing/state.ts): forward only by rank, at
// the same rank only by a newer event, never out of cancelled or expired; a subscription past its end
// reads as expired.
import { describe, expect, it } from 'vitest';
import { PAYMENT_STATES, type PaymentState } from '../../runtime/api/billing';
import { effectiveState, isActive, mayMove } from '../../src/server/billing/state';

const at = (seconds: number) => new Date(seconds * 1000);
const row = (state: PaymentState, stateAt = 100, expires: number | null = null) => ({ state, state_at: at(stateAt), expires_at: expires === null ? null : at(expires) });

describe('payment states', () => {
  it('moves forward: waiting, 3-D security, in process, subscribed', () => {
    expect(mayMove(row('waiting_for_payment'), 'waiting_for_3d_security', at(101))).toBe(true);
    expect(mayMove(row('waiting_for_3d_security'), 'in_process', at(102))).toBe(true);
    expect(mayMove(row('in_process'), 'subscribed', at(103))).toBe(true);
    expect(mayMove(row('pending_approval'), 'subscribed', at(103))).toBe(true);
    expect(mayMove(row('failed'), 'subscribed', at(103))).toBe(true);
  });

  it('never backwards, whatever the event time', () => {
    expect(mayMove(row('subscribed'), 'failed', at(500))).toBe(false);
    expect(mayMove(row('subscribed'), 'waiting_for_3d_security', at(500))).toBe(false);
    expect(mayMove(row('in_process'), 'waiting_for_payment', at(500))).toBe(false);
  });

  it('at the same rank only a newer event moves it; the same state is no move', () => {
    expect(mayMove(row('in_process', 100), 'pending_approval', at(99))).toBe(false);
    expect(mayMove(row('in_process', 100), 'pending_approval', at(100))).toBe(true);
    expect(mayMove(row('subscribed'), 'subscribed', at(200))).toBe(false);
  });

  it('cancelled and expired are final', () => {
    for (const next of PAYMENT_STATES) {
      expect(mayMove(row('cancelled'), next, at(1000))).toBe(false);
      expect(mayMove(row('expired'), next, at(1000))).toBe(false);
    }
  });

  it('a subscription past its end is expired and no longer active', () => {
    expect(effectiveState(row('subscribed', 100, 200), at(199))).toBe('subscribed');
    expect(isActive(row('subscribed', 100, 200), at(199))).toBe(true);
    expect(effectiveState(row('subscribed', 100, 200), at(200))).toBe('expired');
    expect(isActive(row('subscribed', 100, 200), at(201))).toBe(false);
    expect(effectiveState(row('failed', 100, 200), at(300))).toBe('failed');
  });
});
