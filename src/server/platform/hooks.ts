// The hook registry (docs/platform.md "Hooks"): how a capability tells what it writes to the
// capabilities that react to it, without importing them. In the shape of the Directus emitter:
// - a *filter* hook runs inside the write's transaction, given the payload, the write's meta and the
//   transaction ({ db }); it may answer a changed payload, or refuse the write by throwing (the
//   transaction then rolls back: nothing of the write, nor of the hooks before it, stays);
// - an *action* hook runs after the commit, given the payload and the database ({ db }).
// Hooks of one event run one after another in the order they were registered; an action's error
// reaches the caller that announced it (its write has committed by then).
//
// The events are declared by the capability that announces them, by augmenting FilterEvents and
// ActionEvents (records/hook-events.ts, components/hook-events.ts), so every name is typed with its
// payload. Hooks are code: each process registers them when it starts (instance.ts), and nothing a
// hook needs to keep across processes lives here: what is durable stays in the database.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { joinedOf } from '../db/joined';

/** Filter events by name: `{ payload; meta }`. Augmented by the announcing capabilities. */
export interface FilterEvents {}

/** Action events by name: the payload. Augmented by the announcing capabilities. */
export interface ActionEvents {}

/** What a hook is given besides its payload: the write's transaction (filters) or the database (actions). */
export interface HookContext {
  db: Kysely<Database>;
}

type FilterSpec = { payload: unknown; meta: unknown };

export type FilterHook<P, M> = (payload: P, meta: M, context: HookContext) => P | void | Promise<P | void>;
export type ActionHook<P> = (payload: P, context: HookContext) => void | Promise<void>;
/**
 * A filter hook's own answer to "would you leave every payload of this write as it is?": true lets a
 * writer skip the filter's per-payload run (an import checked off the server's thread asks it once).
 */
export type FilterIdle<M> = (meta: M, context: HookContext) => boolean | Promise<boolean>;

/** A registry of filter and action hooks over the event maps F (filters) and A (actions). */
export interface Hooks<F extends { [E in keyof F]: FilterSpec }, A> {
  /** Registers a filter hook of `event` (with `idle`, its answer to filtersIdle); answers the function that removes it. */
  onFilter<E extends keyof F & string>(event: E, hook: FilterHook<F[E]['payload'], F[E]['meta']>, idle?: FilterIdle<F[E]['meta']>): () => void;
  /** Registers an action hook of `event`; answers the function that removes it. */
  onAction<E extends keyof A & string>(event: E, hook: ActionHook<A[E]>): () => void;
  /**
   * Runs the filter hooks of `event` in order, each on what the one before answered (a hook that
   * answers nothing keeps the payload); answers the last payload. A hook's throw stops the rest and
   * reaches the caller, whose transaction then rolls back.
   */
  emitFilter<E extends keyof F & string>(event: E, payload: F[E]['payload'], meta: F[E]['meta'], context: HookContext): Promise<F[E]['payload']>;
  /**
   * Whether every filter hook of `event` leaves any payload of this write unchanged: each one has an
   * idle answer and it is true (a hook registered without one counts as acting).
   */
  filtersIdle<E extends keyof F & string>(event: E, meta: F[E]['meta'], context: HookContext): Promise<boolean>;
  /** Runs the action hooks of `event` in order, after the write's commit. */
  emitAction<E extends keyof A & string>(event: E, payload: A[E], context: HookContext): Promise<void>;
}

/** A hook as the tables keep it (typed by its event where it is registered). */
type AnyHook = (payload: unknown, second: unknown, third?: unknown) => unknown;

/** A new, empty registry (the process has one, `hooks`; tests make their own). */
export function createHooks<F extends { [E in keyof F]: FilterSpec }, A>(): Hooks<F, A> {
  const filters = new Map<string, AnyHook[]>();
  const actions = new Map<string, AnyHook[]>();
  const idleAnswers = new WeakMap<AnyHook, FilterIdle<unknown>>();
  const add = (table: Map<string, AnyHook[]>, event: string, hook: AnyHook) => {
    // A copy per change: an emit under way keeps the list it started with.
    table.set(event, [...(table.get(event) ?? []), hook]);
    return () => {
      const list = table.get(event) ?? [];
      const at = list.indexOf(hook);
      if (at >= 0) table.set(event, [...list.slice(0, at), ...list.slice(at + 1)]);
    };
  };
  return {
    onFilter: (event, hook, idle) => {
      // A wrapper per registration: the same function registered twice is two hooks.
      const registered: AnyHook = (payload, meta, context) => (hook as AnyHook)(payload, meta, context);
      if (idle) idleAnswers.set(registered, idle as FilterIdle<unknown>);
      return add(filters, event, registered);
    },
    onAction: (event, hook) => add(actions, event, hook as AnyHook),
    async emitFilter(event, payload, meta, context) {
      let current = payload;
      for (const hook of filters.get(event) ?? []) {
        const answer = await hook(current, meta, context);
        if (answer !== undefined) current = answer as typeof current;
      }
      return current;
    },
    async filtersIdle(event, meta, context) {
      for (const hook of filters.get(event) ?? []) {
        const idle = idleAnswers.get(hook);
        if (!idle || !(await idle(meta, context))) return false;
      }
      return true;
    },
    async emitAction(event, payload, context) {
      // Inside a joined transaction (db/joined.ts) "after the commit" is after the outer one's.
      const outer = joinedOf(context.db);
      if (outer) {
        outer.after.push(() => this.emitAction(event, payload, { ...context, db: outer.root }));
        return;
      }
      for (const hook of actions.get(event) ?? []) await hook(payload, context);
    },
  };
}

/** A registry of the events the capabilities announce. */
export type HookRegistry = Hooks<FilterEvents, ActionEvents>;

/** The process's registry: the capabilities announce through it and subscribe to it (instance.ts registers them). */
export const hooks: HookRegistry = createHooks<FilterEvents, ActionEvents>();
