// A component's versions and its dev and live pointers (spec section 4, "Component versions").
// Guards are the same versionGuards the server applies; a refused command leaves the state as it
// was and puts the message key in context.error, so the screen can say why.
import { and, assign, setup } from 'xstate';
import type { Environment } from '../runtime/api/contract';
import { isApiError } from '../runtime/api/contract';
import { canFork } from '../runtime/components/canFork';
import { canRemoveVersion } from '../runtime/components/canRemoveVersion';
import {
  forkFromSchema,
  forkVersion,
  publishVersion,
  removeVersion,
  type ComponentVersionApi,
  type VersionState,
} from './componentVersion.actors';

export interface ComponentVersionContext extends VersionState {
  api: ComponentVersionApi;
  ref: string;
  /** The version the screen shows; the one fork, deploy and remove act on. */
  viewed: string | null;
  /** Message key of the last refusal or failure; cleared by the next accepted command. */
  error: string | null;
  /** Target of a deploy waiting for confirmation or running. */
  env: Environment | null;
  /** Name of the version a running fork creates. */
  pending: string | null;
}

export type ComponentVersionEvent =
  | { type: 'LOADED'; component: VersionState & { ref?: string } }
  | { type: 'VIEW'; version: string }
  | { type: 'FORK'; name: string }
  | { type: 'FORK_SCHEMA'; name: string; schema: unknown }
  | { type: 'DEPLOY'; env: Environment }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'REMOVE' };

export interface ComponentVersionInput {
  api: ComponentVersionApi;
  ref: string;
  /** When given, the machine starts ready; otherwise it waits for LOADED. */
  component?: VersionState;
  viewed?: string | null;
}

/** The version to show after the list changed: the one asked for if it exists, else dev, live, first. */
function pickViewed(state: VersionState, wanted: string | null): string | null {
  if (wanted !== null && state.versions.includes(wanted)) return wanted;
  return state.dev_version ?? state.public_version ?? state.versions[0] ?? null;
}

function fromState(state: VersionState, wanted: string | null) {
  return {
    versions: [...state.versions],
    dev_version: state.dev_version,
    public_version: state.public_version,
    viewed: pickViewed(state, wanted),
  };
}

function failureKey(error: unknown): string {
  return isApiError(error) ? error.message : 'unexpectedError';
}

export const componentVersionMachine = setup({
  types: {
    context: {} as ComponentVersionContext,
    events: {} as ComponentVersionEvent,
    input: {} as ComponentVersionInput,
  },
  actors: { forkVersion, forkFromSchema, publishVersion, removeVersion },
  guards: {
    hasComponent: ({ context }) => context.versions.length > 0,
    canFork: ({ context, event }) =>
      (event.type === 'FORK' || event.type === 'FORK_SCHEMA') && context.viewed !== null && canFork(context.versions, event.name) === null,
    canRemove: ({ context }) => context.viewed !== null && canRemoveVersion(context, context.viewed) === null,
    canView: ({ context, event }) => event.type === 'VIEW' && context.versions.includes(event.version),
    hasViewed: ({ context }) => context.viewed !== null,
    isLive: ({ event }) => event.type === 'DEPLOY' && event.env === 'live',
  },
  actions: {
    load: assign(({ context, event }) => {
      if (event.type !== 'LOADED') return {};
      return { ...fromState(event.component, context.viewed), ref: event.component.ref ?? context.ref, error: null };
    }),
    view: assign(({ event }) => (event.type === 'VIEW' ? { viewed: event.version, error: null } : {})),
    refuseView: assign({ error: 'notFound' }),
    refuseFork: assign(({ context, event }) => ({
      error:
        event.type === 'FORK' || event.type === 'FORK_SCHEMA'
          ? (context.viewed === null ? 'notFound' : canFork(context.versions, event.name))
          : null,
    })),
    refuseRemove: assign(({ context }) => ({
      error: context.viewed === null ? 'notFound' : canRemoveVersion(context, context.viewed),
    })),
    refuseDeploy: assign({ error: 'notFound' }),
    clearError: assign({ error: null }),
    rememberEnv: assign(({ event }) => ({ env: event.type === 'DEPLOY' ? event.env : null, error: null })),
    rememberFork: assign(({ event }) => ({
      pending: event.type === 'FORK' || event.type === 'FORK_SCHEMA' ? event.name : null,
      error: null,
    })),
    settle: assign({ env: null, pending: null }),
  },
}).createMachine({
  id: 'componentVersion',
  context: ({ input }) => ({
    api: input.api,
    ref: input.ref,
    versions: input.component ? [...input.component.versions] : [],
    dev_version: input.component?.dev_version ?? null,
    public_version: input.component?.public_version ?? null,
    viewed: input.component ? pickViewed(input.component, input.viewed ?? null) : null,
    error: null,
    env: null,
    pending: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      always: { guard: 'hasComponent', target: 'ready' },
      on: { LOADED: { target: 'ready', actions: 'load' } },
    },
    ready: {
      on: {
        LOADED: { actions: 'load' },
        VIEW: [{ guard: 'canView', actions: 'view' }, { actions: 'refuseView' }],
        FORK: [{ guard: 'canFork', target: 'forking', actions: 'rememberFork' }, { actions: 'refuseFork' }],
        FORK_SCHEMA: [{ guard: 'canFork', target: 'forkingSchema', actions: 'rememberFork' }, { actions: 'refuseFork' }],
        DEPLOY: [
          { guard: and(['hasViewed', 'isLive']), target: 'confirmingLive', actions: 'rememberEnv' },
          { guard: 'hasViewed', target: 'publishing', actions: 'rememberEnv' },
          { actions: 'refuseDeploy' },
        ],
        REMOVE: [{ guard: 'canRemove', target: 'removing', actions: 'clearError' }, { actions: 'refuseRemove' }],
      },
    },
    // Deploy to live asks first (spec section 4).
    confirmingLive: {
      on: {
        CONFIRM: { target: 'publishing' },
        CANCEL: { target: 'ready', actions: 'settle' },
      },
    },
    forking: {
      tags: ['busy'],
      invoke: {
        id: 'forkVersion',
        src: 'forkVersion',
        input: ({ context }) => ({ api: context.api, ref: context.ref, name: context.pending ?? '', from: context.viewed ?? '' }),
        onDone: { target: 'ready', actions: [assign(({ context, event }) => fromState(event.output, context.pending)), 'settle'] },
        onError: { target: 'ready', actions: [assign(({ event }) => ({ error: failureKey(event.error) })), 'settle'] },
      },
    },
    forkingSchema: {
      tags: ['busy'],
      invoke: {
        id: 'forkFromSchema',
        src: 'forkFromSchema',
        input: ({ context, event }) => ({
          api: context.api,
          ref: context.ref,
          name: context.pending ?? '',
          schema: event.type === 'FORK_SCHEMA' ? event.schema : null,
        }),
        onDone: { target: 'ready', actions: [assign(({ context, event }) => fromState(event.output, context.pending)), 'settle'] },
        onError: { target: 'ready', actions: [assign(({ event }) => ({ error: failureKey(event.error) })), 'settle'] },
      },
    },
    publishing: {
      tags: ['busy'],
      invoke: {
        id: 'publishVersion',
        src: 'publishVersion',
        input: ({ context }) => ({ api: context.api, ref: context.ref, version: context.viewed ?? '', env: context.env ?? 'dev' }),
        onDone: { target: 'ready', actions: [assign(({ context, event }) => fromState(event.output, context.viewed)), 'settle'] },
        onError: { target: 'ready', actions: [assign(({ event }) => ({ error: failureKey(event.error) })), 'settle'] },
      },
    },
    removing: {
      tags: ['busy'],
      invoke: {
        id: 'removeVersion',
        src: 'removeVersion',
        input: ({ context }) => ({ api: context.api, ref: context.ref, version: context.viewed ?? '' }),
        onDone: { target: 'ready', actions: [assign(({ event }) => fromState(event.output, null)), 'settle'] },
        onError: { target: 'ready', actions: [assign(({ event }) => ({ error: failureKey(event.error) })), 'settle'] },
      },
    },
  },
});

export type ComponentVersionMachine = typeof componentVersionMachine;
