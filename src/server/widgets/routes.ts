// The widget calls of docs/widgets.md (main host): GET /v1/system/widget/list (spec section 5), a
// widget's create, read, change and removal, its data (the record list's answer to its query, with
// the caller's rights), and the places (dashboard, home).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { HEADER } from '../../../runtime/api/contract';
import { arrayOf, emptySchema, replies } from '../../../runtime/api/schemas';
import { widgetDataSchema, widgetParams, widgetPlacesSchema, widgetPlacesWriteSchema, widgetSchema, widgetWriteSchema } from '../../../runtime/api/widgets';
import type { ServerContext } from '../platform/context';
import { specFor } from '../platform/contract';
import { headerValue } from '../platform/validate';
import { accountabilityOf } from '../auth/session-hook';
import { readPlaces, writePlaces } from './places';
import { changeWidget, createWidget, getWidget, listProjectWidgets, removeWidget, widgetData } from './widgets';

const spec = specFor(['widgets']);
const BASE = '/v1/system/widget';
const localeOf = (request: FastifyRequest) => headerValue(request.headers[HEADER.acceptLanguage]);
const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

export const widgetRoutes: FastifyPluginAsync<ServerContext> = async (host, { db }) => {
  host.get(`${BASE}/list`, spec("The project's widgets (every member)", { response: replies({ 200: arrayOf(widgetSchema) }) }), async (request) =>
    listProjectWidgets(db, accountabilityOf(request)),
  );
  host.get(`${BASE}/places`, spec('The widgets placed on the admin dashboard and the home page, in order', { response: replies({ 200: widgetPlacesSchema }) }), async (request) =>
    readPlaces(db, accountabilityOf(request)),
  );
  host.put(
    `${BASE}/places`,
    spec('Set the widgets of the dashboard and/or the home page, in order (admins)', { body: widgetPlacesWriteSchema, response: replies({ 200: widgetPlacesSchema }) }),
    async (request) => writePlaces(db, accountabilityOf(request), request.body),
  );
  host.post(BASE, spec('Create a widget (admins)', { body: widgetWriteSchema, response: replies({ 200: widgetSchema }) }), async (request) =>
    createWidget(db, accountabilityOf(request), request.body, localeOf(request)),
  );
  host.get(`${BASE}/:id`, spec('A widget (every member)', { params: widgetParams, response: replies({ 200: widgetSchema }) }), async (request) =>
    getWidget(db, accountabilityOf(request), idOf(request)),
  );
  host.patch(`${BASE}/:id`, spec('Change a widget (admins; the keys given)', { params: widgetParams, body: widgetWriteSchema, response: replies({ 200: widgetSchema }) }), async (request) =>
    changeWidget(db, accountabilityOf(request), idOf(request), request.body, localeOf(request)),
  );
  host.delete(`${BASE}/:id`, spec('Remove a widget and its places (admins)', { params: widgetParams, response: replies({ 200: emptySchema }) }), async (request) =>
    removeWidget(db, accountabilityOf(request), idOf(request)),
  );
  host.get(
    `${BASE}/:id/data`,
    spec("The widget's data: the record list's answer to its filter and $aggregate, with the caller's rights (403 noPermissionsToRead without read)", {
      params: widgetParams,
      response: replies({ 200: widgetDataSchema }),
    }),
    async (request) => widgetData(db, accountabilityOf(request), idOf(request), localeOf(request)),
  );
};
