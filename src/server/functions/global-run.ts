// Running a global function (docs/user-code.md "Global functions"). Whoever calls, the function acts
// with the rights of its API user (that user's roles in the project), never the caller's: an admin
// testing it gets what the API user would. Without an (active) API user it has no record API.
// Public functions are called without a session at POST /api/v1/public/function/{project}/{name};
// when `signed`, the call carries X-Luma-Signature `t=<unix s>,k=<key uuid>,s=<hex HMAC-SHA256 of
// "<t>.<raw body>" with that key>`, within SIGNATURE_TOLERANCE_SECONDS of the server clock.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Environment } from '../../../runtime/api/contract';
import { SIGNATURE_TOLERANCE_SECONDS } from '../../../runtime/api/functions';
import { nowDate } from '../platform/clock';
import type { Config } from '../platform/config';
import { apiUserPrincipal, findGlobalFunctionByName, keysOf, touchKey } from './global-sql';
import type { Database } from '../db/schema';
import type { GlobalFunctionRow } from '../db/schema-usercode';
import { open } from '../platform/secret-box';
import { HttpError, notFound } from '../platform/errors';
import { isUuid } from '../platform/validate';
import { functionCallBody } from './component';
import { requireGlobalFunction } from './global';
import { FUNCTION_MESSAGE, functionAnswer, functionFailed, functionLimits, type FunctionAnswer } from './common';
import { requireAdmin } from '../iam/access';
import { scriptEnvFor } from '../usercode/env';
import { clientScope, countScriptCall, projectScope } from '../usercode/rate';
import { runUserCode } from '../usercode/run';
import { buildAccountability, type Accountability } from '../auth/tenancy';

type Db = Kysely<Database>;

const signatureRequired = () => new HttpError(401, FUNCTION_MESSAGE.signatureRequired);

/** The API user's accountability in the function's project, or null (no API user, or not active there). */
async function runAs(db: Db, fn: GlobalFunctionRow, env: Environment): Promise<Accountability | null> {
  if (!fn.api_user_uuid) return null;
  const principal = await apiUserPrincipal(db, fn.project_uuid, fn.api_user_uuid);
  if (!principal) return null;
  return buildAccountability(
    { ...principal, session: null, secret: null, now: nowDate(), project_uuid: fn.project_uuid, component: null },
    { env, projectUuid: fn.project_uuid, workspaceUuid: principal.workspace_uuid },
  );
}

async function run(db: Db, config: Config, fn: GlobalFunctionRow, code: string, data: unknown, includeLogs: boolean, env: Environment, locale: string | undefined): Promise<FunctionAnswer> {
  const as = await runAs(db, fn, env);
  const ran = await runUserCode('global-function', {
    label: `Function ${fn.name}`,
    code,
    args: { data },
    context: {
      env: await scriptEnvFor(db, { projectUuid: fn.project_uuid, env }),
      user: as ? { uuid: as.user.uuid, email: as.user.email } : null,
      function: { uuid: fn.uuid, name: fn.name },
    },
    actingFor: as ? { db, accountability: as, component: null, locale } : null,
    limits: functionLimits(config.functionTimeoutMs),
    logs: includeLogs,
    fail: functionFailed,
  });
  return functionAnswer(ran, includeLogs);
}

/** POST /v1/system/function/{id}/run: an admin runs the saved code, or `options.expression` (the editor's unsaved code). */
export async function testGlobalFunction(db: Db, config: Config, accountability: Accountability, id: string, body: unknown, locale: string | undefined): Promise<FunctionAnswer> {
  const projectUuid = requireAdmin(accountability);
  const fn = await requireGlobalFunction(db, projectUuid, id);
  const { data, options } = functionCallBody(body);
  await countScriptCall(db, [{ scope: projectScope(projectUuid, 'function.global'), limit: config.scriptCallsPerMinute }]);
  return run(db, config, fn, options.expression ?? fn.code, data, options.include_logs, accountability.env, locale);
}

export interface PublicCall {
  projectUuid: string;
  name: string;
  body: unknown;
  /** The body as sent (what a signature covers); '' without one. */
  rawBody: string;
  signature: string | undefined;
  address: string;
  env: Environment;
  locale: string | undefined;
}

/** Checks X-Luma-Signature against the function's keys; 401 'signatureRequired' when it does not hold. */
async function checkSignature(db: Db, fn: GlobalFunctionRow, header: string | undefined, rawBody: string): Promise<void> {
  const parts = Object.fromEntries((header ?? '').split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const t = parts.t;
  const k = parts.k;
  const s = parts.s;
  if (!t || !k || !s || !/^\d{1,12}$/.test(t) || !isUuid(k) || !/^[0-9a-f]{64}$/i.test(s)) throw signatureRequired();
  if (Math.abs(nowDate().getTime() / 1000 - Number(t)) > SIGNATURE_TOLERANCE_SECONDS) throw signatureRequired();
  const key = (await keysOf(db, [fn.uuid])).find((candidate) => candidate.uuid === k.toLowerCase());
  if (!key) throw signatureRequired();
  const expected = createHmac('sha256', open(key.secret, 'function-key')).update(`${t}.${rawBody}`).digest();
  if (!timingSafeEqual(expected, Buffer.from(s, 'hex'))) throw signatureRequired();
  await touchKey(db, key.uuid);
}

/**
 * The `data` of a public call: a body that is exactly `{"data": ...}` (the wrapper the admin run takes)
 * answers its `data`; any other JSON body (what a webhook or a curl user sends) is the data itself;
 * no body is null.
 */
export function publicData(body: unknown): unknown {
  if (body === undefined || body === null || body === '') return null;
  if (typeof body === 'object' && !Array.isArray(body)) {
    const keys = Object.keys(body);
    if (keys.length === 1 && keys[0] === 'data') return (body as { data: unknown }).data ?? null;
  }
  return body;
}

/** POST /v1/public/function/{project}/{name}: no session; 404 unless the function exists and is public. */
export async function callPublicFunction(db: Db, config: Config, call: PublicCall): Promise<FunctionAnswer> {
  if (!isUuid(call.projectUuid)) throw notFound();
  const fn = await findGlobalFunctionByName(db, call.projectUuid.toLowerCase(), call.name);
  if (!fn || !fn.public) throw notFound();
  await countScriptCall(db, [
    { scope: projectScope(fn.project_uuid, 'function.public'), limit: config.scriptCallsPerMinute },
    { scope: clientScope(`function:${fn.uuid}`, call.address), limit: config.publicFunctionCallsPerMinute },
  ]);
  if (fn.signed) await checkSignature(db, fn, call.signature, call.rawBody);
  return run(db, config, fn, fn.code, publicData(call.body), false, call.env, call.locale);
}
