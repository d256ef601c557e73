// The payment states' rules (spec section 4; docs/billing.md "States"), pure: which move an event may
// make, what the state reads as now, and whether a subscription may be removed.
import { FINAL_PAYMENT_STATES, PAYMENT_STATE_RANK, type PaymentState } from '../../../runtime/api/billing';

export interface StateNow {
  state: PaymentState;
  /** When the current state was set (the setting event's own time). */
  state_at: Date;
  expires_at: Date | null;
}

/**
 * Whether an event of time `at` moves the subscription to `next`: never out of a final state, never to
 * a lower rank (an event that arrives late cannot undo a later one), and at the same rank only when it
 * is not older than the state's own time.
 */
export function mayMove(current: StateNow, next: PaymentState, at: Date): boolean {
  if (current.state === next || FINAL_PAYMENT_STATES.includes(current.state)) return false;
  const from = PAYMENT_STATE_RANK[current.state];
  const to = PAYMENT_STATE_RANK[next];
  if (to !== from) return to > from;
  return at.getTime() >= current.state_at.getTime();
}

/** The state as the caller sees it: a subscription past its end is expired. */
export function effectiveState(row: StateNow, now: Date): PaymentState {
  if (row.state === 'subscribed' && row.expires_at && row.expires_at.getTime() <= now.getTime()) return 'expired';
  return row.state;
}

/** Whether the subscription gives what it bought now. */
export function isActive(row: StateNow, now: Date): boolean {
  return effectiveState(row, now) === 'subscribed';
}
