// The event-bus socket (spec section 4 "Event-bus socket", section 8, section 9):
//   connect after auth; close 1006 retries after 5 s; 3002 reconnects at once; 1000 with reason 401
//   is unauthorized; an auth failure with 500 stops reconnecting until RESET.
// Also: a slow-consumer close (4008) retries after the delay, and any other close does too. The
// machine decides; the client (runtime/events/client.ts) owns the socket and reports OPENED and
// CLOSED. The delay is the machine's `reconnectDelay`, so tests drive it with a SimulatedClock.
import { assign, setup } from 'xstate';
import {
  BUS_CLOSE,
  BUS_UNAUTHORIZED_REASON,
  RECONNECT_DELAY_MS,
  type BusEndReason,
  type BusMachineApi,
  type BusMachineEvent,
} from '../runtime/events/protocol';
import { authorize, failureStatus } from './eventBus.actors';

export interface EventBusContext {
  api: BusMachineApi;
  /** The token of the connection being opened (single use: each connect asks for a new one). */
  token: string | null;
  /** Why the last connection ended or the last token call failed. */
  ended: BusEndReason;
  /** Close code of the last close, for the logs. */
  lastCode: number | null;
  /** Connections opened so far; above 1, the subscriber has missed events between them. */
  connections: number;
  /** Token calls or connects that failed since the last open. */
  failures: number;
}

export interface EventBusInput {
  api: BusMachineApi;
}

type Closed = Extract<BusMachineEvent, { type: 'CLOSED' }>;
const closed = (event: BusMachineEvent): Closed | null => (event.type === 'CLOSED' ? event : null);

// The close handling is the same while connecting and connected.
const onClose = [
  { guard: 'isUnauthorized', target: 'unauthorized', actions: ['recordClose', { type: 'endedBy', params: 'unauthorized' }] },
  { guard: 'isServerRestart', target: 'authorizing', actions: ['recordClose', { type: 'endedBy', params: 'serverRestart' }] },
  { guard: 'isSlowConsumer', target: 'retrying', actions: ['recordClose', { type: 'endedBy', params: 'slowConsumer' }] },
  { target: 'retrying', actions: ['recordClose', { type: 'endedBy', params: 'dropped' }] },
] as const;

export const eventBusMachine = setup({
  types: {
    context: {} as EventBusContext,
    events: {} as BusMachineEvent,
    input: {} as EventBusInput,
  },
  actors: { authorize },
  delays: { reconnectDelay: RECONNECT_DELAY_MS },
  guards: {
    isUnauthorized: ({ event }) => {
      const e = closed(event);
      return e !== null && e.code === BUS_CLOSE.normal && e.reason === BUS_UNAUTHORIZED_REASON;
    },
    isServerRestart: ({ event }) => closed(event)?.code === BUS_CLOSE.reconnect,
    isSlowConsumer: ({ event }) => closed(event)?.code === BUS_CLOSE.slowConsumer,
    authFailedWith500: ({ event }) => failureStatus((event as { error?: unknown }).error) === 500,
    authRefused: ({ event }) => {
      const status = failureStatus((event as { error?: unknown }).error);
      return status === 401 || status === 403;
    },
  },
  actions: {
    open: ({ context }) => {
      if (context.token !== null) context.api.open(context.token);
    },
    close: ({ context }) => context.api.close(),
    opened: assign(({ context }) => ({ connections: context.connections + 1, failures: 0, ended: null, lastCode: null })),
    endedBy: assign((_, reason: BusEndReason) => ({ ended: reason })),
    recordClose: assign(({ context, event }) => ({ lastCode: closed(event)?.code ?? null, token: null, failures: context.failures + 1 })),
    authFailure: assign(({ context }) => ({ token: null, failures: context.failures + 1 })),
    forget: assign({ token: null }),
    fresh: assign({ token: null, ended: null, lastCode: null, failures: 0 }),
  },
}).createMachine({
  id: 'eventBus',
  context: ({ input }) => ({ api: input.api, token: null, ended: null, lastCode: null, connections: 0, failures: 0 }),
  initial: 'idle',
  on: {
    // Sign-out, another project or environment: the socket closes and nothing reconnects.
    STOP: { target: '.idle', actions: ['close', 'forget'] },
  },
  states: {
    idle: {
      on: { START: { target: 'authorizing', actions: 'fresh' } },
    },
    authorizing: {
      invoke: {
        id: 'authorize',
        src: 'authorize',
        input: ({ context }) => ({ api: context.api }),
        onDone: { target: 'connecting', actions: assign(({ event }) => ({ token: event.output })) },
        onError: [
          { guard: 'authFailedWith500', target: 'stopped', actions: ['authFailure', { type: 'endedBy', params: 'authFailed' }] },
          { guard: 'authRefused', target: 'unauthorized', actions: ['authFailure', { type: 'endedBy', params: 'unauthorized' }] },
          { target: 'retrying', actions: ['authFailure', { type: 'endedBy', params: 'authUnavailable' }] },
        ],
      },
    },
    connecting: {
      entry: 'open',
      on: {
        OPENED: { target: 'connected', actions: ['opened', 'forget'] },
        CLOSED: [...onClose],
      },
    },
    connected: {
      on: { CLOSED: [...onClose] },
    },
    retrying: {
      after: { reconnectDelay: { target: 'authorizing' } },
      on: { RESET: { target: 'authorizing', actions: 'fresh' } },
    },
    // Final until RESET (a new sign-in or the indicator's "Reconnect").
    unauthorized: {
      on: { RESET: { target: 'authorizing', actions: 'fresh' } },
    },
    // The token call failed with 500: no reconnect until RESET.
    stopped: {
      on: { RESET: { target: 'authorizing', actions: 'fresh' } },
    },
  },
});
