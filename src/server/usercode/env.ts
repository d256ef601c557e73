// `context.env` of user code (docs/user-code.md "context.env"): the global variables of one project
// and environment as a plain name -> value object. Every server-side script (workflow expressions,
// functions, actions, routes, sparks) gets it with secrets; browser scripts get it through
// GET /v1/system/environment/script-env, which calls this without them.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { clearValue } from './variables';

export interface ScriptEnvScope {
  projectUuid: string;
  env: 'dev' | 'live';
}

/**
 * One query. The answer has no prototype, so a name can never reach Object.prototype (names are
 * identifiers and `__proto__` is refused on write, but rows written any other way stay harmless).
 * `secrets: false` leaves the secret variables out altogether (not masked: absent).
 */
export async function loadScriptEnv(db: Kysely<Database>, scope: ScriptEnvScope, options: { secrets: boolean }): Promise<Record<string, string>> {
  let query = db.selectFrom('variables').select(['name', 'value', 'secret']).where('project_uuid', '=', scope.projectUuid).where('env', '=', scope.env);
  if (!options.secrets) query = query.where('secret', '=', false);
  const rows = await query.orderBy('name').execute();
  const env = Object.create(null) as Record<string, string>;
  for (const row of rows) Object.defineProperty(env, row.name, { value: clearValue(row), enumerable: true, writable: true, configurable: true });
  return env;
}

/**
 * `context.env` of server-side user code: the project's global variables of the environment, secrets
 * included. Every server entry point (functions, actions, routes, sparks) asks through this one call.
 */
export function scriptEnvFor(db: Kysely<Database>, where: ScriptEnvScope): Promise<Record<string, string>> {
  return loadScriptEnv(db, { projectUuid: where.projectUuid, env: where.env }, { secrets: true });
}

/** Secrets shorter than this are not looked for in run logs (they would mask ordinary text). */
export const REDACT_MIN_LENGTH = 4;

/** The secret values of a project and environment, longest first (for redactSecrets). */
export async function loadSecretValues(db: Kysely<Database>, scope: ScriptEnvScope): Promise<string[]> {
  const rows = await db.selectFrom('variables').select(['value', 'secret']).where('project_uuid', '=', scope.projectUuid).where('env', '=', scope.env).where('secret', '=', true).execute();
  return rows.map(clearValue).filter((value) => value.length >= REDACT_MIN_LENGTH).sort((a, b) => b.length - a.length);
}

/**
 * A copy of `value` in which every string has each secret replaced by `mask`: what a run log or a
 * dry run shows of a script that printed or returned a secret. The value itself is not changed.
 */
export function redactSecrets(value: unknown, secrets: readonly string[], mask: string): unknown {
  if (secrets.length === 0) return value;
  const walk = (current: unknown, depth: number): unknown => {
    if (typeof current === 'string') return secrets.reduce((text, secret) => (text.includes(secret) ? text.split(secret).join(mask) : text), current);
    if (current === null || typeof current !== 'object' || depth > 64) return current;
    if (Array.isArray(current)) return current.map((item) => walk(item, depth + 1));
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(current)) Object.defineProperty(copy, key, { value: walk(item, depth + 1), enumerable: true, writable: true, configurable: true });
    return copy;
  };
  return walk(value, 0);
}
