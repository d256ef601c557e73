// What the server-side entry points of user code that act for the caller (actions, routes) share:
// the run's `context` (env, user, records), the limits they state, the seams other parts fill in
// (global variables, the per-project calls per minute), and the message of a failed run without the
// sandbox's label and snippet. See docs/user-code.md.
import type { Kysely } from 'kysely';
import type { ScriptLimits, ScriptResult } from '../../../runtime/script/index';
import type { Database } from '../db/schema';
import { runScript } from './sandbox';
import { RECORD_CAPABILITIES, recordHandlers, scriptHost } from './host';
import { scriptEnvFor } from '../functions/run';
import { countScriptCall, projectScope } from './rate';
import { requireProject, type Accountability } from '../auth/tenancy';

type Db = Kysely<Database>;

/** The entry points this module serves (the rate limiter's and the docs' names). */
export type UserCodeEntry = 'action' | 'action-condition' | 'route';

/** Limits per entry point (docs/user-code.md "Limits per entry point"). */
export const USER_CODE_LIMITS: Record<UserCodeEntry, Partial<ScriptLimits>> = {
  // A display condition is a predicate: the browser's limits, nothing more.
  'action-condition': { memoryBytes: 32 * 1024 * 1024, timeoutMs: 1000, outputBytes: 64 * 1024, logBytes: 0 },
  // Actions and routes call the record API (time in the host counts against the deadline).
  action: { memoryBytes: 32 * 1024 * 1024, timeoutMs: 5000, outputBytes: 1024 * 1024, logBytes: 0 },
  route: { memoryBytes: 32 * 1024 * 1024, timeoutMs: 5000, outputBytes: 1024 * 1024, logBytes: 0 },
};

/**
 * `context.env`: the project's global variables of the caller's environment, through the one call
 * every entry point asks (`scriptEnvFor`, empty until the global variables land).
 */
export async function scriptEnv(db: Db, accountability: Accountability): Promise<Record<string, unknown>> {
  return scriptEnvFor(db, { projectUuid: requireProject(accountability), env: accountability.env });
}

/**
 * Counts one call of an entry point against the project's calls per minute (script-rate.ts, shared by
 * every instance on the database): 429 'tooManyAttempts' with Retry-After past `limit`, before any
 * code runs. One action call counts once, whatever number of records it runs on.
 */
export async function admitUserCode(db: Db, limit: number, accountability: Accountability, entry: 'action' | 'route'): Promise<void> {
  await countScriptCall(db, [{ scope: projectScope(requireProject(accountability), entry), limit }]);
}

/** `context.user`: who the code runs for (never a secret or a hash). */
export function scriptUser(accountability: Accountability): { uuid: string; name: string; email: string; is_admin: boolean; roles: string[] } {
  const { user } = accountability;
  return { uuid: user.uuid, name: user.name, email: user.email, is_admin: accountability.is_admin, roles: accountability.roles.map((role) => role.name) };
}

export interface CallerRun {
  db: Db;
  accountability: Accountability;
  /** The component the code belongs to: context.records defaults to it. */
  component: string;
  locale?: string;
  entry: UserCodeEntry;
  label: string;
  code: string;
  /** Arguments beside `context`. */
  args: Record<string, unknown>;
  /** Lend context.records (false for display conditions, which only decide). */
  records: boolean;
  env: Record<string, unknown>;
}

/** Runs user code in the worker pool with `context = { env, user, records }` acting for the caller. */
export function runForCaller(run: CallerRun): Promise<ScriptResult> {
  const context = { env: run.env, user: scriptUser(run.accountability) };
  const request = { label: run.label, code: run.code, args: { ...run.args, context }, limits: USER_CODE_LIMITS[run.entry] };
  if (!run.records) return runScript(request);
  const host = scriptHost(recordHandlers({ db: run.db, accountability: run.accountability, component: run.component, locale: run.locale }));
  return runScript({ ...request, host: [...RECORD_CAPABILITIES] }, host.host);
}

/** The message of a failed run without the sandbox's `${label}: ` prefix and the code snippet under it. */
export function scriptMessage(error: string, label: string, code: string): string {
  let message = error.startsWith(`${label}: `) ? error.slice(label.length + 2) : error;
  const snippet = `\n${code.slice(0, 200)}`;
  if (message.endsWith(snippet)) message = message.slice(0, -snippet.length);
  return message.trim();
}
