// Global variables calls (runtime/api/environment.ts has the wire shapes) over the main client; the
// environment is the client's X-Project-Env. Query factories are in renderers/data/environment.ts.
import { SCRIPT_ENV_PATH, VARIABLES_PATH, type ScriptEnvAnswer, type VariableCreateBody, type VariableItem, type VariableUpdateBody } from '../api/environment';
import { mainClient } from './clients';

export type * from '../api/environment';

const seg = encodeURIComponent;

export const variablesApi = {
  list: (signal?: AbortSignal) => mainClient.get<VariableItem[]>(VARIABLES_PATH, { signal }),
  create: (body: VariableCreateBody) => mainClient.post<VariableItem>(VARIABLES_PATH, body),
  update: (uuid: string, body: VariableUpdateBody) => mainClient.patch<VariableItem>(`${VARIABLES_PATH}/${seg(uuid)}`, body),
  remove: (uuid: string) => mainClient.delete<Record<string, never>>(`${VARIABLES_PATH}/${seg(uuid)}`),
  /** The non-secret variables, for browser scripts' context.env. */
  scriptEnv: (signal?: AbortSignal) => mainClient.get<ScriptEnvAnswer>(SCRIPT_ENV_PATH, { signal }),
};
