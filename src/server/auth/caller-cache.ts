// The caller cache (docs/iam.md "Who is calling"): what findPrincipal found for a token, tenant and
// component, kept in this process so that a request does not pay a database round trip before its
// own work. It is only a copy: every instance builds its own from the database, and every change to
// a row it was built from drops the copies on every instance, because the database's triggers say so
// on the bus (migration 0019_caller_changes) whoever wrote the row.
//
// It is never trusted blindly:
// - while the bus is not listening (its connection dropped), nothing is read from it, and everything
//   is forgotten when it listens again (what was said meanwhile is lost);
// - an entry is at most `maxAgeMs` old, judged by the server clock;
// - a lookup that was under way when a change arrived is not kept (a generation counter);
// - a miss (no such token) is never kept;
// - expiry, idle time and the user's status are judged on each request from the copy and the clock.
import type { PrincipalLookup, PrincipalRow } from './caller-sql';
import type { Bus } from '../platform/bus';
import { now } from '../platform/clock';

/** Entries kept at most; the oldest go first. */
export const CALLER_CACHE_MAX_ENTRIES = 10_000;

interface Entry {
  at: number;
  tokenHash: string;
  userUuid: string;
  projectUuid: string | null;
  componentUuid: string | null;
  /** The lookup named a component (by uuid or name): a new component in the project may change its answer. */
  askedComponent: boolean;
  row: Omit<PrincipalRow, 'now'>;
}

export interface CallerCacheStats {
  hits: number;
  misses: number;
  /** Looked up past the cache: the bus was not listening (or the cache is off). */
  bypassed: number;
  entries: number;
}

/** Which index a table's key is looked up in (migration 0019_caller_changes says which key each table sends). */
const INDEX_OF_TABLE: Record<string, IndexName> = {
  sessions: 'token',
  api_secrets: 'token',
  users: 'user',
  project_users: 'user',
  user_roles: 'user',
  roles: 'project',
  workspaces: 'project',
  // Only copies found with a component lookup: a new or renamed component may change their answer.
  components: 'projectAsked',
  component_versions: 'component',
};

type IndexName = 'token' | 'user' | 'project' | 'projectAsked' | 'component';

/** The index keys an entry is filed under. */
function indexKeys(entry: Entry): [IndexName, string][] {
  const keys: [IndexName, string][] = [
    ['token', entry.tokenHash],
    ['user', entry.userUuid],
  ];
  if (entry.projectUuid !== null) {
    keys.push(['project', entry.projectUuid]);
    if (entry.askedComponent) keys.push(['projectAsked', entry.projectUuid]);
  }
  if (entry.componentUuid !== null) keys.push(['component', entry.componentUuid]);
  return keys;
}

export class CallerCache {
  readonly #entries = new Map<string, Entry>();
  /** Entry keys by what a change names, so that a burst of changes (housekeeping ending many sessions) costs one lookup each. */
  readonly #indexes: Record<IndexName, Map<string, Set<string>>> = {
    token: new Map(),
    user: new Map(),
    project: new Map(),
    projectAsked: new Map(),
    component: new Map(),
  };
  readonly #maxAgeMs: number;
  readonly #listening: () => boolean;
  #generation = 0;
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

  /** Looks the caller up through the cache: `find` runs on a miss and its answer is kept when nothing changed meanwhile. */
  async find(lookup: PrincipalLookup, find: (lookup: PrincipalLookup) => Promise<PrincipalRow | null>): Promise<PrincipalRow | null> {
    if (!this.enabled || !this.#listening()) {
      this.#bypassed += 1;
      return find(lookup);
    }
    const key = cacheKey(lookup);
    const at = now();
    const entry = this.#entries.get(key);
    if (entry && Math.abs(at - entry.at) <= this.#maxAgeMs) {
      this.#hits += 1;
      return { ...entry.row, now: new Date(at) };
    }
    if (entry) this.#remove(key);
    this.#misses += 1;
    const generation = this.#generation;
    const row = await find(lookup);
    if (row && generation === this.#generation && this.#listening()) {
      const { now: _now, ...kept } = row;
      this.#add(key, {
        at,
        tokenHash: lookup.tokenHash,
        userUuid: row.user.uuid,
        projectUuid: row.project_uuid,
        componentUuid: row.component?.row.uuid ?? null,
        askedComponent: lookup.component !== undefined,
        // Shared by every request that finds it: frozen, so a handler that changed it would fail loudly.
        row: deepFreeze(kept),
      });
      if (this.#entries.size > CALLER_CACHE_MAX_ENTRIES) {
        const oldest = this.#entries.keys().next().value;
        if (oldest !== undefined) this.#remove(oldest);
      }
    }
    return row;
  }

  /** A row of `table` with key `key` changed (the 'caller.changed' message): drops every entry built from it. */
  changed(table: string, key: string): void {
    this.#generation += 1;
    const index = INDEX_OF_TABLE[table];
    // A table this code does not know (a newer instance's migration): assume the worst.
    if (index === undefined) return this.clear();
    const keys = this.#indexes[index].get(key);
    if (keys) for (const entryKey of [...keys]) this.#remove(entryKey);
  }

  /** Forgets everything (the bus was deaf for a while). */
  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
    for (const index of Object.values(this.#indexes)) index.clear();
  }

  stats(): CallerCacheStats {
    return { hits: this.#hits, misses: this.#misses, bypassed: this.#bypassed, entries: this.#entries.size };
  }

  /** Follows the database's changes on the bus; answers the unsubscribe function. */
  follow(bus: Bus): () => void {
    return bus.subscribe('caller.changed', ({ t, k }) => {
      if (typeof t === 'string' && typeof k === 'string') this.changed(t, k);
      else this.clear();
    });
  }

  #add(key: string, entry: Entry): void {
    if (this.#entries.has(key)) this.#remove(key);
    this.#entries.set(key, entry);
    for (const [index, value] of indexKeys(entry)) {
      const keys = this.#indexes[index].get(value) ?? new Set<string>();
      keys.add(key);
      this.#indexes[index].set(value, keys);
    }
  }

  #remove(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    for (const [index, value] of indexKeys(entry)) {
      const keys = this.#indexes[index].get(value);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) this.#indexes[index].delete(value);
    }
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value) && !(value instanceof Date)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

function cacheKey(lookup: PrincipalLookup): string {
  const component = lookup.component;
  const by = component === undefined ? '' : 'uuid' in component.by ? `u:${component.by.uuid}` : `n:${component.by.scope ?? ''}/${component.by.name}`;
  return [lookup.by, lookup.tokenHash, lookup.projectUuid ?? '', lookup.workspaceUuid ?? '', by, component?.env ?? ''].join('|');
}
