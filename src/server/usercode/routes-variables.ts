// Global variables (docs/user-code.md "context.env"): the admins' calls on the variables of the
// current project and environment (X-Project-Env), and the non-secret ones for browser scripts.
import type { FastifyPluginAsync } from 'fastify';
import {
  SCRIPT_ENV_PATH,
  VARIABLES_PATH,
  scriptEnvSchema,
  variableCreateBody,
  variableItemSchema,
  variableListSchema,
  variableUpdateBody,
} from '../../../runtime/api/environment';
import { emptySchema, replies, uuidParams } from '../../../runtime/api/schemas';
import type { ServerContext } from '../platform/context';
import { specFor, typed } from '../platform/contract';
import { loadScriptEnv } from './env';
import { requireProject } from '../auth/tenancy';
import { createVariable, listVariables, removeVariable, updateVariable } from './variables';
import { accountabilityOf } from '../auth/session-hook';

const spec = specFor(['environment']);

export const environmentRoutes: FastifyPluginAsync<ServerContext> = async (plugin, { db }) => {
  const host = typed(plugin);
  host.get(VARIABLES_PATH, spec("The environment's variables (admins; a secret shows only its mask)", { response: replies({ 200: variableListSchema }) }), async (request) =>
    listVariables(db, accountabilityOf(request)),
  );
  host.post(VARIABLES_PATH, spec('Create a variable in the environment (admins)', { body: variableCreateBody, response: replies({ 200: variableItemSchema }) }), async (request) =>
    createVariable(db, accountabilityOf(request), request.body),
  );
  host.patch(`${VARIABLES_PATH}/:uuid`, spec("Rename a variable or replace its value (a secret's value is replaced, never read)", { params: uuidParams, body: variableUpdateBody, response: replies({ 200: variableItemSchema }) }), async (request) =>
    updateVariable(db, accountabilityOf(request), request.params.uuid, request.body),
  );
  host.delete(`${VARIABLES_PATH}/:uuid`, spec('Remove a variable (admins)', { params: uuidParams, response: replies({ 200: emptySchema }) }), async (request) =>
    removeVariable(db, accountabilityOf(request), request.params.uuid),
  );
  // Browser scripts' context.env: any member of the project may read the non-secret variables (they
  // reach the browser anyway when a mutator or formatter uses them); secrets never leave the server.
  host.get(SCRIPT_ENV_PATH, spec("The environment's non-secret variables, for browser scripts (members)", { response: replies({ 200: scriptEnvSchema }) }), async (request) => {
    const accountability = accountabilityOf(request);
    const env = await loadScriptEnv(db, { projectUuid: requireProject(accountability), env: accountability.env }, { secrets: false });
    return { env: { ...env } };
  });
};
