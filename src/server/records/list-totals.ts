// The list's bounded totals kept between requests (docs/lists.md "Totals"). A total depends only on
// the component, the environment and the filter (search, date range, disabled, $adv), never on the
// caller, the sort or the page: paging through a list, sorting it again or a second user opening it
// asks the same count. So each process keeps the counts it made, by component, until the
// component's records change:
// - every write to `records` says so on the bus ('list.invalidate' with the component), sent by the
//   database itself (statement triggers, migration 0020_list_changes) after the commit, to every
//   instance, whoever wrote (the routes, imports, bulk jobs, workflows, an operator's SQL);
// - a write through the record calls also drops this process's counts of the component once it
//   commits, before its answer is sent (an action hook, records/hooks.ts), so the writer's next list
//   never sees the old total;
// - a count that was under way when a change arrived is not kept (a generation per component);
// - while the bus is not listening nothing is read from here, and everything is forgotten when it
//   hears again (messages sent meanwhile are lost);
// - an entry is at most `maxAgeMs` old (LUMA_LIST_TOTAL_CACHE_SECONDS, 0: off), judged by the clock.
// Only numbers are kept: no record, no caller.
import type { Bus } from '../platform/bus';
import { now } from '../platform/clock';

export const LIST_TOTAL_MAX_ENTRIES = 5_000;

interface Entry {
  total: number;
  at: number;
  component: string;
}

export interface ListTotalStats {
  hits: number;
  misses: number;
  /** Counted past the cache: off, or the bus not listening. */
  bypassed: number;
  entries: number;
}

export class ListTotalCache {
  readonly #entries = new Map<string, Entry>();
  /** Entry keys by component uuid. */
  readonly #byComponent = new Map<string, Set<string>>();
  /** Component uuids by lower-case ref: an API write names its component by the ref of its path. */
  readonly #byRef = new Map<string, Set<string>>();
  readonly #generations = new Map<string, number>();
  readonly #maxAgeMs: number;
  readonly #listening: () => boolean;
  #all = 0;
  #hits = 0;
  #misses = 0;
  #bypassed = 0;

  /** listening: whether the bus hears the database's changes right now (false: bypass). */
  constructor(maxAgeMs: number, listening: () => boolean = () => true) {
    this.#maxAgeMs = maxAgeMs;
    this.#listening = listening;
  }

  get enabled(): boolean {
    return this.#maxAgeMs > 0;
  }

  /**
   * The total of `component` (uuid, and its ref) under `filterKey`: kept, or counted by `count` and
   * kept when nothing about the component changed while it was counted.
   */
  async total(component: { uuid: string; ref: string }, filterKey: string, count: () => Promise<number>): Promise<number> {
    if (!this.enabled || !this.#listening()) {
      this.#bypassed += 1;
      return count();
    }
    const uuid = component.uuid.toLowerCase();
    const key = `${uuid}\u0000${filterKey}`;
    const at = now();
    const entry = this.#entries.get(key);
    if (entry && Math.abs(at - entry.at) <= this.#maxAgeMs) {
      this.#hits += 1;
      return entry.total;
    }
    if (entry) this.#remove(key);
    this.#misses += 1;
    this.#remember(component.ref.toLowerCase(), uuid);
    const all = this.#all;
    const generation = this.#generations.get(uuid) ?? 0;
    const total = await count();
    if (all === this.#all && generation === (this.#generations.get(uuid) ?? 0) && this.#listening()) {
      this.#remove(key);
      this.#entries.set(key, { total, at, component: uuid });
      const keys = this.#byComponent.get(uuid) ?? new Set<string>();
      keys.add(key);
      this.#byComponent.set(uuid, keys);
      if (this.#entries.size > LIST_TOTAL_MAX_ENTRIES) {
        const oldest = this.#entries.keys().next().value;
        if (oldest !== undefined) this.#remove(oldest);
      }
    }
    return total;
  }

  /** The records of a component (by uuid or ref; null: of every component) changed. */
  changed(component: string | null): void {
    if (component === null) return this.clear();
    const wanted = component.toLowerCase();
    const uuids = new Set<string>([wanted, ...(this.#byRef.get(wanted) ?? [])]);
    for (const uuid of uuids) {
      this.#generations.set(uuid, (this.#generations.get(uuid) ?? 0) + 1);
      for (const key of [...(this.#byComponent.get(uuid) ?? [])]) this.#remove(key);
    }
  }

  /** Forgets everything (the bus was deaf for a while, or a project's settings changed). */
  clear(): void {
    this.#all += 1;
    this.#entries.clear();
    this.#byComponent.clear();
    this.#generations.clear();
    this.#byRef.clear();
  }

  stats(): ListTotalStats {
    return { hits: this.#hits, misses: this.#misses, bypassed: this.#bypassed, entries: this.#entries.size };
  }

  /** Follows 'list.invalidate' on the bus; answers the unsubscribe function. */
  follow(bus: Bus): () => void {
    return bus.subscribe('list.invalidate', ({ component }) => this.changed(typeof component === 'string' ? component : null));
  }

  #remember(ref: string, uuid: string): void {
    if (this.#byRef.size > LIST_TOTAL_MAX_ENTRIES) this.#byRef.clear();
    const uuids = this.#byRef.get(ref) ?? new Set<string>();
    uuids.add(uuid);
    this.#byRef.set(ref, uuids);
  }

  #remove(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    const keys = this.#byComponent.get(entry.component);
    if (!keys) return;
    keys.delete(key);
    if (keys.size === 0) this.#byComponent.delete(entry.component);
  }
}
