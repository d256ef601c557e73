// Route paths (spec section 5, "Route path: required, 2 to 64, forced to lower case, not editable
// after creation; a duplicate gives 'a route with the same path already exists'"). A path is lowered
// when it is added (screen) and when settings are saved (server), so 'Orders' added beside 'orders'
// is the duplicate it is, never a casing complaint. The stored keys are lower case: the schema's
// pattern (ROUTE_PATH_PATTERN) refuses upper case and white space in what is stored.
import type { FieldError } from '../api/contract';
import { ROUTE_PATH_MAX, ROUTE_PATH_MIN } from '../../schemas/route.schema';
import { fieldErrors } from './fieldErrors';
import { COMPONENT_MESSAGE as M } from './messageKeys';
import { NAME_RULE } from './nameRules';

/** The stored form of a path: lower case (white space is refused, not removed). */
export function normaliseRoutePath(path: string): string {
  return path.toLowerCase();
}

/** The message for one path (given as typed) beside `existing` stored paths, or null when it may be added. */
export function routePathProblem(path: string, existing: Iterable<string>): string | null {
  if (path.trim() === '') return M.requiredField;
  if (path.length < ROUTE_PATH_MIN) return M.cantBeLessThenChars;
  if (path.length > ROUTE_PATH_MAX) return M.cantBeMoreThenChars;
  if (/\s/.test(path)) return NAME_RULE.routePath;
  const lower = normaliseRoutePath(path);
  for (const other of existing) if (normaliseRoutePath(other) === lower) return M.routeExists;
  return null;
}

/**
 * Settings' routes with every key lowered, and the duplicates lowering reveals ('routes.Orders':
 * routeExists when 'orders' came first). A key holding white space is kept as given: it is refused
 * anyway (routePathRule), at the path the user typed. Values are kept; a non-object is answered as is.
 */
export function lowerRoutePaths<T>(routes: T): { routes: T; errors: FieldError[] } {
  if (!routes || typeof routes !== 'object' || Array.isArray(routes)) return { routes, errors: [] };
  const errors = fieldErrors();
  const out: Record<string, unknown> = {};
  for (const [path, route] of Object.entries(routes as Record<string, unknown>)) {
    const lower = /\s/.test(path) ? path : normaliseRoutePath(path);
    if (Object.prototype.hasOwnProperty.call(out, lower)) {
      errors.add(`routes.${path}`, M.routeExists);
      continue;
    }
    out[lower] = route;
  }
  return { routes: out as T, errors: errors.list() };
}
