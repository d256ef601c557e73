// Component functions (docs/user-code.md "Component functions"):
// POST /v3/system/component/{id}/function/{name} {data, options: {expression, config, include_logs}}.
// The function list is the caller's environment's version (X-Project-Env). Running a saved function
// needs 'run {ref}' (or 'settings {ref}'); its record calls carry the caller's own rights, so a run
// never reaches more than the caller could through the API. `expression` and `config` test unsaved
// settings: that is running arbitrary code, so only holders of 'settings {ref}' may, and only in dev
// (where settings features live, spec section 6).
import type { Kysely } from 'kysely';
import { componentRef } from '../../../runtime/components/componentRef';
import { COMPONENT_MESSAGE } from '../../../runtime/components/messageKeys';
import type { ComponentSettings } from '../../../schemas/index';
import type { Config } from '../platform/config';
import type { Database } from '../db/schema';
import { badRequest, forbidden, HttpError } from '../platform/errors';
import { isPlainObject } from '../platform/validate';
import { bodyObject } from '../components/input';
import { mayOnComponent, resolveComponentForEnv } from '../components/model';
import { FUNCTION_MESSAGE, functionAnswer, functionFailed, functionLimits, type FunctionAnswer } from './common';
import { scriptEnvFor } from '../usercode/env';
import { countScriptCall, projectScope } from '../usercode/rate';
import { runUserCode } from '../usercode/run';
import { requireProject, type Accountability } from '../auth/tenancy';

type Db = Kysely<Database>;

export interface FunctionCallOptions {
  expression?: string;
  config?: unknown;
  include_logs: boolean;
}

/** `{data, options}` of a function call; options.expression a string, include_logs a boolean. */
export function functionCallBody(body: unknown): { data: unknown; options: FunctionCallOptions } {
  const given = body === undefined || body === null ? {} : bodyObject(body);
  const options = given.options ?? {};
  if (!isPlainObject(options)) throw badRequest([{ field: 'options', messages: ['invalidInput'] }]);
  if (options.expression !== undefined && options.expression !== null && typeof options.expression !== 'string') {
    throw badRequest([{ field: 'options.expression', messages: ['invalidInput'] }]);
  }
  if (options.include_logs !== undefined && typeof options.include_logs !== 'boolean') throw badRequest([{ field: 'options.include_logs', messages: ['invalidInput'] }]);
  return {
    data: given.data ?? null,
    options: {
      ...(typeof options.expression === 'string' ? { expression: options.expression } : {}),
      ...(options.config !== undefined ? { config: options.config } : {}),
      include_logs: options.include_logs === true,
    },
  };
}

export async function runComponentFunction(
  db: Db,
  config: Config,
  accountability: Accountability,
  ref: string,
  name: string,
  body: unknown,
  locale: string | undefined,
): Promise<FunctionAnswer> {
  const projectUuid = requireProject(accountability);
  const { data, options } = functionCallBody(body);
  const found = await resolveComponentForEnv(db, accountability, projectUuid, ref);
  const row = found.row;
  const maySettings = mayOnComponent(accountability, 'settings', row);
  if (!maySettings && !mayOnComponent(accountability, 'run', row)) throw forbidden();
  const testing = options.expression !== undefined || options.config !== undefined;
  if (testing && !(maySettings && accountability.env === 'dev')) throw forbidden();
  if (!found.settings) throw new HttpError(404, COMPONENT_MESSAGE.componentWrongEnvironment);
  const settings = found.settings as unknown as ComponentSettings;
  const saved = (Array.isArray(settings.functions) ? settings.functions : []).find((fn) => fn.name === name);
  if (!saved && options.expression === undefined) throw new HttpError(404, FUNCTION_MESSAGE.functionNotFound);

  await countScriptCall(db, [{ scope: projectScope(projectUuid, 'function.component'), limit: config.scriptCallsPerMinute }]);
  const context = {
    config: options.config !== undefined ? options.config : (settings.config ?? {}),
    env: await scriptEnvFor(db, { projectUuid, env: accountability.env }),
    user: { uuid: accountability.user.uuid, email: accountability.user.email },
    component: { uuid: row.uuid, name: row.name, ref: componentRef(row) },
  };
  const ran = await runUserCode('function', {
    label: `Function ${name} of ${componentRef(row)}`,
    code: options.expression ?? saved?.expr ?? '',
    args: { data },
    context,
    actingFor: { db, accountability, component: row.uuid, locale },
    limits: functionLimits(config.functionTimeoutMs),
    logs: options.include_logs,
    fail: functionFailed,
  });
  return functionAnswer(ran, options.include_logs);
}
