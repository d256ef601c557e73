// What component and global functions share (docs/user-code.md "Functions"): their limits, the run
// on the server's worker pool with the record API lent as host capabilities, and one answer shape.
// A script that fails (throws, runs past its deadline or memory, answers too much) is a 400
// 'functionFailed' whose errors carry the sandbox's message (field 'function') and, when the caller
// asked for logs, the console lines (field 'logs'), in the one error shape of every host.
import type { Kysely } from 'kysely';
import type { ScriptLimits, ScriptLog } from '../../../runtime/script/index';
import type { Environment } from '../../../runtime/api/contract';
import type { Database } from '../db/schema';
import { HttpError } from '../platform/errors';
import { runScript } from '../usercode/sandbox';
import type { ScriptHost } from '../usercode/host';
import { loadScriptEnv } from '../usercode/env';

export const FUNCTION_MESSAGE = {
  functionFailed: 'functionFailed',
  functionNotFound: 'functionNotFound',
  functionExists: 'functionExists',
  signatureRequired: 'signatureRequired',
} as const;

/** Limits of a component or global function run; the deadline comes from the config (LUMA_FUNCTION_TIMEOUT_MS). */
export function functionLimits(timeoutMs: number): Partial<ScriptLimits> {
  return { memoryBytes: 64 * 1024 * 1024, timeoutMs, stackBytes: 256 * 1024, outputBytes: 1024 * 1024, logBytes: 64 * 1024 };
}

/**
 * The project's global variables for `context.env`, secrets included (server-side code only):
 * every server entry point (functions, actions, routes, sparks) asks through this one call.
 */
export function scriptEnvFor(db: Kysely<Database>, where: { projectUuid: string; env: Environment }): Promise<Record<string, string>> {
  return loadScriptEnv(db, { projectUuid: where.projectUuid, env: where.env }, { secrets: true });
}

export interface FunctionRun {
  /** Prefixes the sandbox's errors, e.g. `Function total of orders`. */
  label: string;
  code: string;
  data: unknown;
  /** `context` without its host capabilities (they are added by name). */
  context: Record<string, unknown>;
  /** The record API (or none: a global function without an API user). */
  host: ScriptHost | null;
  includeLogs: boolean;
  timeoutMs: number;
}

export interface FunctionAnswer {
  output: unknown;
  logs?: ScriptLog[];
}

const logLine = (log: ScriptLog) => `[${log.level}] ${log.message}`;

export async function runFunction(run: FunctionRun): Promise<FunctionAnswer> {
  const result = await runScript(
    {
      label: run.label,
      code: run.code,
      args: { data: run.data ?? null, context: run.context },
      limits: functionLimits(run.timeoutMs),
      host: run.host?.names ?? [],
      logs: run.includeLogs,
    },
    run.host?.host,
  );
  if (result.ok) return run.includeLogs ? { output: result.value ?? null, logs: result.logs ?? [] } : { output: result.value ?? null };
  const errors = [{ field: 'function', messages: [result.error] }];
  const logs = run.includeLogs ? (result.logs ?? []) : [];
  if (logs.length > 0) errors.push({ field: 'logs', messages: logs.map(logLine) });
  throw new HttpError(400, FUNCTION_MESSAGE.functionFailed, errors);
}
