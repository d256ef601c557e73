// What the entry points of a component's code (functions, actions, routes) and global functions share
// around runUserCode (src/server/usercode/run.ts; docs/user-code.md "One runner"): their limits,
// message keys and error shapes. A function that fails (throws, runs past its deadline or memory,
// answers too much) is a 400 'functionFailed' whose errors carry the sandbox's message (field
// 'function') and, when the caller asked for logs, the console lines (field 'logs'), in the one error
// shape of every host.
import type { ScriptLimits, ScriptLog } from '../../../runtime/script/index';
import { HttpError } from '../platform/errors';
import type { UserCodeFailure } from '../usercode/run';
import type { Accountability } from '../auth/tenancy';

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

/** Limits of actions, their display conditions and routes (docs/user-code.md "Limits per entry point"). */
export const CALLER_CODE_LIMITS = {
  // A display condition is a predicate: the browser's limits, nothing more.
  'action-condition': { memoryBytes: 32 * 1024 * 1024, timeoutMs: 1000, outputBytes: 64 * 1024, logBytes: 0 },
  // Actions and routes call the record API (time in the host counts against the deadline).
  action: { memoryBytes: 32 * 1024 * 1024, timeoutMs: 5000, outputBytes: 1024 * 1024, logBytes: 0 },
  route: { memoryBytes: 32 * 1024 * 1024, timeoutMs: 5000, outputBytes: 1024 * 1024, logBytes: 0 },
} as const satisfies Record<string, Partial<ScriptLimits>>;

export interface FunctionAnswer {
  output: unknown;
  logs?: ScriptLog[];
}

const logLine = (log: ScriptLog) => `[${log.level}] ${log.message}`;

/** A failed function run: 400 'functionFailed' with the sandbox's error, and the console lines when asked for. */
export function functionFailed({ error, logs }: UserCodeFailure): HttpError {
  const errors = [{ field: 'function', messages: [error] }];
  if (logs.length > 0) errors.push({ field: 'logs', messages: logs.map(logLine) });
  return new HttpError(400, FUNCTION_MESSAGE.functionFailed, errors);
}

/** A function's answer: its value (null for none), and the console lines when asked for. */
export function functionAnswer(ran: { value: unknown; logs: ScriptLog[] }, includeLogs: boolean): FunctionAnswer {
  return includeLogs ? { output: ran.value ?? null, logs: ran.logs } : { output: ran.value ?? null };
}

/** `context.user` of actions and routes: who the code runs for (never a secret or a hash). */
export function callerUser(accountability: Accountability): { uuid: string; name: string; email: string; is_admin: boolean; roles: string[] } {
  const { user } = accountability;
  return { uuid: user.uuid, name: user.name, email: user.email, is_admin: accountability.is_admin, roles: accountability.roles.map((role) => role.name) };
}
