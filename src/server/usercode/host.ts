// Host capabilities lent to server-side user code (functions, actions, routes, sparks): each is a
// synchronous function inside the sandbox (`context.records.list(...)`) answered here through the
// same services, rules and permissions as the HTTP API, with the accountability of whoever the
// script runs for (the caller, or a function's API user). See docs/user-code.md "The record API".
import type { Kysely } from 'kysely';
import type { AsyncHostFunction } from '../../../runtime/script/index';
import type { Database } from '../db/schema';
import { HttpError } from '../platform/errors';
import { isPlainObject } from '../platform/validate';
import { listModels } from '../records/list';
import { createRecord, getRecord, updateRecord } from '../records/records';
import { eventPublishHandler } from '../events/script';
import type { Accountability } from '../auth/tenancy';

type Db = Kysely<Database>;
export type HostHandler = (args: unknown[]) => Promise<unknown>;

/** Capabilities by dotted name, and the one host function that answers them. */
export interface ScriptHost {
  names: string[];
  host: AsyncHostFunction;
}

/** One host over several handler sets; an unknown name is refused (the sandbox refuses it first). */
export function scriptHost(...sets: Record<string, HostHandler>[]): ScriptHost {
  const handlers = new Map<string, HostHandler>();
  for (const set of sets) for (const [name, handler] of Object.entries(set)) handlers.set(name, handler);
  return {
    names: [...handlers.keys()],
    host: async (name, args) => {
      const handler = handlers.get(name);
      if (!handler) throw new Error(`${name} is not available here`);
      return handler(args);
    },
  };
}

export interface RecordHostOptions {
  db: Db;
  accountability: Accountability;
  /** The script's own component (uuid or scope/name): the default when a call names none. */
  component?: string | null;
  locale?: string;
}

export const RECORD_CAPABILITIES = ['records.list', 'records.get', 'records.create', 'records.update', 'events.publish'] as const;

/** A script's mistake in calling the record API: a 400 with the argument it got wrong. */
function badArgument(name: string, what: string): HttpError {
  return new HttpError(400, 'badRequest', [{ field: name, messages: [what] }]);
}

/**
 * context.records: list(params?, ref?), get(uuid, ref?), create(data, ref?), update(uuid, data, version, ref?).
 * `ref` defaults to the script's own component; a script without one must name it.
 */
export function recordHandlers(options: RecordHostOptions): Record<(typeof RECORD_CAPABILITIES)[number], HostHandler> {
  const { db, accountability, locale } = options;
  const refOf = (name: string, given: unknown): string => {
    if (typeof given === 'string' && given.trim() !== '') return given.trim();
    if (given !== undefined && given !== null) throw badArgument(name, 'ref must be a component uuid or scope/name');
    if (options.component) return options.component;
    throw badArgument(name, 'ref is required: this script belongs to no component');
  };
  const uuidOf = (name: string, given: unknown): string => {
    if (typeof given !== 'string' || given === '') throw badArgument(name, 'uuid must be a string');
    return given;
  };
  return {
    'records.list': async ([params, ref]) => {
      if (params !== undefined && params !== null && !isPlainObject(params)) throw badArgument('records.list', 'params must be an object');
      const query = isPlainObject(params) ? params : {};
      const { answer } = await listModels(db, accountability, { ref: refOf('records.list', ref), query, locale, app: false, cacheTtl: null, source: null });
      return answer;
    },
    'records.get': async ([uuid, ref]) => getRecord(db, accountability, refOf('records.get', ref), uuidOf('records.get', uuid), locale),
    'records.create': async ([data, ref]) => {
      if (!isPlainObject(data)) throw badArgument('records.create', 'data must be an object');
      return createRecord(db, accountability, refOf('records.create', ref), { data }, locale);
    },
    'records.update': async ([uuid, data, version, ref]) => {
      if (!isPlainObject(data)) throw badArgument('records.update', 'data must be an object');
      return updateRecord(db, accountability, refOf('records.update', ref), uuidOf('records.update', uuid), { data, version }, locale);
    },
    // context.events.publish(name, payload): a custom event of the script's component (docs/event-bus.md).
    'events.publish': eventPublishHandler(db, accountability, options.component),
  };
}
