// A component route (spec section 3): settings.routes is keyed by path, each holding code.
import type { FromSchema } from 'json-schema-to-ts';

export const ROUTE_PATH_MIN = 2;
export const ROUTE_PATH_MAX = 64;
/** Route paths are lower case, without white space. */
export const ROUTE_PATH_PATTERN = '^[^A-Z\\s]+$';

export const routeSchema = {
  $id: 'https://luma.local/schemas/route.schema.json',
  title: 'RouteDefinition',
  type: 'object',
  properties: {
    code: { type: 'string', maxLength: 100000, default: '' },
  },
  additionalProperties: false,
} as const;

/** Route paths: 2..64, lower case, no white space. */
export const routePathSchema = {
  type: 'string',
  minLength: ROUTE_PATH_MIN,
  maxLength: ROUTE_PATH_MAX,
  pattern: ROUTE_PATH_PATTERN,
} as const;

export type RouteDefinition = FromSchema<typeof routeSchema>;
