// Route schemas of the user-code entry points on the main host that issue 15 items 3 and 4 add
// (docs/user-code.md "Actions" and "Routes"): running a component's action on records, and calling a
// component's route. Paths are under HOST_PREFIX.main.
import { HOST_PREFIX } from './contract';
import { anyObjectSchema, arrayOf, closed, errorRef, replies, uuidSchema } from './schemas';

/** The most records one action call runs on (a list page's selection fits). */
export const ACTION_MAX_ITEMS = 100;

/** The prefix component routes are served under: `{ROUTE_PREFIX}/{ref}/{path}`. */
export const ROUTE_PREFIX = `${HOST_PREFIX.main}/v1/route`;
/** The same, relative to the main host (what the server registers). */
export const ROUTE_BASE = '/v1/route';
/** The methods a component route answers. */
export const ROUTE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type RouteMethod = (typeof ROUTE_METHODS)[number];

const nameParam = { type: 'string', description: 'the action name' } as const;
const refA = { type: 'string', description: 'the component uuid, or its scope when the next segment is the name' } as const;
const refB = { type: 'string', description: 'the component name (with a scope in the segment before)' } as const;
export const actionParams = closed({ a: refA, name: nameParam }, ['a', 'name']);
export const scopedActionParams = closed({ a: refA, b: refB, name: nameParam }, ['a', 'b', 'name']);

export const actionRunBody = {
  type: 'object',
  required: ['items'],
  properties: {
    items: { type: 'array', minItems: 1, maxItems: ACTION_MAX_ITEMS, items: { type: 'string', maxLength: 64 }, description: 'the record uuids the action runs on, in order' },
    fields: { ...anyObjectSchema, description: "the values of the action's fields, by key" },
  },
  additionalProperties: false,
} as const;

export const actionRunResponse = closed(
  { items: arrayOf(closed({ uuid: uuidSchema, value: { description: "the action code's value for this record (JSON)" } }, ['uuid'])) },
  ['items'],
);
export const actionRunReplies = replies({ 200: actionRunResponse });

export const routeParams = closed({ '*': { type: 'string', description: '{ref}/{path}: a uuid or scope/name, then the route path' } }, ['*']);
/** What a route answers is its code's: any JSON, at the status it chooses ({status, body}). */
export const routeReplies = { '2xx': {}, '4xx': {}, '5xx': errorRef } as const;

// ---- Shapes ----------------------------------------------------------------------------------

export interface ActionRunBody {
  items: string[];
  fields?: Record<string, unknown>;
}

export interface ActionRunResult {
  items: { uuid: string; value?: unknown }[];
}

/** What a route's code gets as `request`. */
export interface RouteRequest {
  method: RouteMethod;
  /** The route path as stored (lower case). */
  path: string;
  query: Record<string, string | string[]>;
  body: unknown;
}
