// Scout's API call log on the main API (runtime/api/apiLog.ts): the list, one call, the settings. Admins only.
import type { FastifyPluginAsync } from 'fastify';
import {
  API_LOG_ITEM_PATH,
  API_LOG_PATH,
  API_LOG_SETTINGS_PATH,
  apiCallDetailSchema,
  apiCallsPageSchema,
  apiLogListQuery,
  apiLogSettingsBody,
  apiLogSettingsSchema,
} from '../../../runtime/api/apiLog';
import { replies, uuidParams } from '../../../runtime/api/schemas';
import type { ServerContext } from '../platform/context';
import { specFor, typed } from '../platform/contract';
import { listApiCalls, readApiCall, readApiLogSettings, saveApiLogSettings } from './api-log';
import { accountabilityOf } from '../auth/session-hook';

const spec = specFor(['api-log']);

export const apiLogRoutes: FastifyPluginAsync<ServerContext> = async (plugin, { db }) => {
  const host = typed(plugin);
  host.get(API_LOG_SETTINGS_PATH, spec('The API call log settings of the project (admins)', { response: replies({ 200: apiLogSettingsSchema }) }), async (request) =>
    readApiLogSettings(db, accountabilityOf(request)),
  );
  host.put(API_LOG_SETTINGS_PATH, spec('Change the API call log settings (admins)', { body: apiLogSettingsBody, response: replies({ 200: apiLogSettingsSchema }) }), async (request) =>
    saveApiLogSettings(db, accountabilityOf(request), request.body),
  );
  host.get(API_LOG_PATH, spec('The API call log, newest first, filtered and paged (admins)', { querystring: apiLogListQuery, response: replies({ 200: apiCallsPageSchema }) }), async (request) =>
    listApiCalls(db, accountabilityOf(request), request.query),
  );
  host.get(API_LOG_ITEM_PATH, spec('One logged API call with its kept bodies (admins)', { params: uuidParams, response: replies({ 200: apiCallDetailSchema }) }), async (request) =>
    readApiCall(db, accountabilityOf(request), request.params.uuid),
  );
};
