// Query factories of global variables (runtime/client/environment.ts). Keys carry the environment,
// so dev and live never share a cached answer.
import { queryOptions } from '@tanstack/react-query';
import type { Environment } from '../../runtime/api/contract';
import { variablesApi } from '../../runtime/client/environment';

export const environmentKeys = {
  all: ['environment'] as const,
  variables: (env: Environment) => ['environment', 'variables', env] as const,
  scriptEnv: (env: Environment) => ['environment', 'script-env', env] as const,
};

export const variablesQueryOptions = (env: Environment) => queryOptions({ queryKey: environmentKeys.variables(env), queryFn: ({ signal }) => variablesApi.list(signal) });

/** context.env of browser scripts: fetched once per page and environment (a minute fresh). */
export const scriptEnvQueryOptions = (env: Environment) =>
  queryOptions({ queryKey: environmentKeys.scriptEnv(env), queryFn: async ({ signal }) => (await variablesApi.scriptEnv(signal)).env, staleTime: 60_000 });
