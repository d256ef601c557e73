// Side effects of the eventBus machine. The token call comes from the input's api (the client's
// POST /v1/system/eventbus/auth), so tests pass fakes or swap the actor with machine.provide.
import { fromPromise } from 'xstate';
import type { BusMachineApi } from '../runtime/events/protocol';

export const authorize = fromPromise<string, { api: BusMachineApi }>(({ input }) => input.api.authorize());

/** The HTTP status of a failed token call; null for a network failure or a timeout. */
export function failureStatus(error: unknown): number | null {
  if (error && typeof error === 'object' && 'status' in error) {
    const status = (error as { status: unknown }).status;
    if (typeof status === 'number' && status > 0) return status;
  }
  return null;
}
