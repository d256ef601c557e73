// The component calls of spec section 7 (docs/components.md). {ref} is a uuid (one path
// segment) or scope/name (two), so each ref-carrying path is registered in both shapes.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { HEADER } from '../../../../runtime/api/contract';
import type { ServerContext } from '../../context';
import { createComponent, listComponents, removeComponent, cloneComponent, componentMenu } from '../../services/components';
import { getSettings, saveSettings } from '../../services/components-settings';
import { forkVersion, forkVersionFromSchema, publishVersion, removeVersion } from '../../services/components-versions';
import { listChanged } from '../../services/record-list';
import { headerValue, isUuid } from '../../validate';
import { accountabilityOf } from '../session';

const BASE = '/v3/system/component';

type Params = { a: string; b?: string; c?: string };

function localeOf(request: FastifyRequest): string | undefined {
  return headerValue(request.headers[HEADER.acceptLanguage]);
}

/** settings/:a/:b is uuid + version, or scope/name without a version. */
function refAndVersion({ a, b, c }: Params): { ref: string; version: string | null } {
  if (c !== undefined) return { ref: `${a}/${b}`, version: c };
  if (b === undefined) return { ref: a, version: null };
  return isUuid(a) ? { ref: a, version: b } : { ref: `${a}/${b}`, version: null };
}

/** Route patterns whose successful calls change a component's settings or versions (its list answers). */
const SETTINGS_WRITE = /\/system\/component(?:\/settings\/|\/version\/|\/:a(?:\/:b)?$)/;

export const componentRoutes: FastifyPluginAsync<ServerContext> = async (host, { db, bus }) => {
  // Settings saved, a version forked, published or removed, a component removed: every instance drops
  // the project's cached list answers (rare writes; the cache key holds the settings hash anyway).
  host.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
    const pattern = request.routeOptions.url;
    const project = request.accountability?.project_uuid;
    if (!pattern || !project || !SETTINGS_WRITE.test(pattern)) return;
    await listChanged(bus, project, null);
  });

  host.post(BASE, async (request) => createComponent(db, accountabilityOf(request), request.body));

  host.get(`${BASE}/menu`, async (request) => componentMenu(db, accountabilityOf(request), localeOf(request)));

  host.get('/v3/system/components', async (request) => listComponents(db, accountabilityOf(request), localeOf(request)));

  const readSettings = async (request: FastifyRequest<{ Params: Params }>) => {
    const { ref, version } = refAndVersion(request.params);
    return getSettings(db, accountabilityOf(request), ref, version, localeOf(request));
  };
  host.get<{ Params: Params }>(`${BASE}/settings/:a`, readSettings);
  host.get<{ Params: Params }>(`${BASE}/settings/:a/:b`, readSettings);
  host.get<{ Params: Params }>(`${BASE}/settings/:a/:b/:c`, readSettings);

  const writeSettings = async (request: FastifyRequest<{ Params: Params }>) => {
    const { ref, version } = refAndVersion(request.params);
    return saveSettings(db, accountabilityOf(request), ref, version, request.body, localeOf(request));
  };
  host.post<{ Params: Params }>(`${BASE}/settings/:a/:b`, writeSettings);
  host.post<{ Params: Params }>(`${BASE}/settings/:a/:b/:c`, writeSettings);

  const remove = async (request: FastifyRequest<{ Params: Params }>) => {
    const { a, b } = request.params;
    return removeComponent(db, accountabilityOf(request), b === undefined ? a : `${a}/${b}`);
  };
  host.delete<{ Params: Params }>(`${BASE}/:a`, remove);
  host.delete<{ Params: Params }>(`${BASE}/:a/:b`, remove);

  host.post(`${BASE}/clone`, async (request) => cloneComponent(db, accountabilityOf(request), request.body));
  host.post(`${BASE}/version/fork`, async (request) => forkVersion(db, accountabilityOf(request), request.body, localeOf(request)));
  host.post(`${BASE}/version/fork/schema`, async (request) => forkVersionFromSchema(db, accountabilityOf(request), request.body, localeOf(request)));
  host.post(`${BASE}/version/remove`, async (request) => removeVersion(db, accountabilityOf(request), request.body, localeOf(request)));
  host.post(`${BASE}/version/publish`, async (request) => publishVersion(db, accountabilityOf(request), request.body, localeOf(request)));
};
