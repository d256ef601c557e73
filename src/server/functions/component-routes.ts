// Component routes (spec section 3 "routes", issue 15 item 4; docs/user-code.md "Routes"): any of
// GET, POST, PUT, PATCH and DELETE on /api/v1/route/{ref}/{path} runs the code of the route `path`
// in the settings of the caller's environment's version, with `request` ({method, path, query,
// body}) and `context` ({env, user, records} acting for the caller). GET needs 'read' on the
// component, the other methods 'update' (or 'edit'). The answer is the code's value as JSON, or
// `{status, body}` when the code returns exactly that shape.
import type { Kysely } from 'kysely';
import { normaliseRoutePath } from '../../../runtime/components/index';
import type { RouteMethod, RouteRequest } from '../../../runtime/api/user-code';
import type { Database } from '../db/schema';
import { forbidden, HttpError } from '../platform/errors';
import { isUuid } from '../platform/validate';
import { mayOnComponent, resolveComponent } from '../components/model';
import { envSettings } from '../records/view';
import { requireProject, type Accountability } from '../auth/tenancy';
import { scriptEnvFor } from '../usercode/env';
import { countScriptCall, projectScope } from '../usercode/rate';
import { runUserCode } from '../usercode/run';
import { callerUser, CALLER_CODE_LIMITS } from './common';

type Db = Kysely<Database>;

export const ROUTE_MESSAGE = { routeEvaluationError: 'routeEvaluationError', notFound: 'notFound' } as const;

/** The verbs that open a method (any of them). */
const VERBS: Record<RouteMethod, string[]> = {
  GET: ['read'],
  POST: ['update', 'edit'],
  PUT: ['update', 'edit'],
  PATCH: ['update', 'edit'],
  DELETE: ['update', 'edit'],
};

/** `{ref}/{path}` split: a uuid is one segment, otherwise scope and name are two. Null when no path is left. */
export function splitRouteTarget(rest: string): { ref: string; path: string } | null {
  const segments = rest.split('/');
  const take = isUuid(segments[0]) ? 1 : 2;
  if (segments.length <= take) return null;
  const path = segments.slice(take).join('/');
  if (path === '') return null;
  return { ref: segments.slice(0, take).join('/'), path };
}

/** A reply the code chose: an object with `status` (200..599) and at most `body` beside it. */
function chosenReply(value: unknown): { status: number; body: unknown } | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const keys = Object.keys(value);
  if (!keys.includes('status') || keys.some((key) => key !== 'status' && key !== 'body')) return null;
  const { status, body } = value as { status: unknown; body?: unknown };
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 200 || status > 599) return null;
  return { status, body: body ?? null };
}

export async function serveRoute(
  db: Db,
  callsPerMinute: number,
  accountability: Accountability,
  rest: string,
  request: Omit<RouteRequest, 'path'>,
  locale: string | undefined,
): Promise<{ status: number; body: unknown }> {
  const target = splitRouteTarget(rest);
  if (!target) throw new HttpError(404, ROUTE_MESSAGE.notFound);
  const projectUuid = requireProject(accountability);
  const row = await resolveComponent(db, projectUuid, target.ref);
  if (!VERBS[request.method].some((verb) => mayOnComponent(accountability, verb, row))) throw forbidden();
  const settings = await envSettings(db, row, accountability.env);
  const path = normaliseRoutePath(target.path);
  const routes = settings.routes ?? {};
  const route = Object.prototype.hasOwnProperty.call(routes, path) ? routes[path] : undefined;
  if (!route) throw new HttpError(404, ROUTE_MESSAGE.notFound);

  // One route call counts once against the project's calls per minute, before any code runs.
  await countScriptCall(db, [{ scope: projectScope(projectUuid, 'route'), limit: callsPerMinute }]);
  const { value } = await runUserCode('route', {
    label: `Route ${path}`,
    code: route.code ?? '',
    args: { request: { ...request, path } satisfies RouteRequest },
    context: { env: await scriptEnvFor(db, { projectUuid, env: accountability.env }), user: callerUser(accountability) },
    actingFor: { db, accountability, component: row.uuid, locale },
    limits: CALLER_CODE_LIMITS.route,
    logs: false,
    fail: ({ message }) =>
      new HttpError(400, ROUTE_MESSAGE.routeEvaluationError, [{ field: 'route', messages: [ROUTE_MESSAGE.routeEvaluationError], values: [{ path, message }] }]),
  });
  return chosenReply(value) ?? { status: 200, body: value ?? null };
}
