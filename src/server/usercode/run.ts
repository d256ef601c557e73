// One way to run user code on the server (docs/user-code.md "One runner"). Every entry point (component
// functions, actions and their display conditions, component routes, global functions, sparks) calls
// runUserCode with its script kind, whose names in runtime/script/sdk/kinds.ts are the script's
// parameters, and with what sets it apart: its limits, whom context.records acts for, whether it
// answers the console lines, what a failed run becomes (the entry point's error shape) and what is
// written after every run (a spark's log row). Counting the calls per minute (rate.ts) stays with
// each entry point, which counts once per call before it looks up what it runs.
import { performance } from 'node:perf_hooks';
import type { ScriptLimits } from '../../../runtime/script/index';
import { scriptArgs, type ScriptArgName } from '../../../runtime/script/sdk/kinds';
import { nowDate } from '../platform/clock';
import { runScript, type AsyncHostFunction, type ScriptLog, type ScriptRequest, type ScriptResult } from './sandbox';
import { recordHandlers, scriptHost, type RecordHostOptions } from './host';

/** The script kinds that run on the server for an entry point (workflow expressions run in the engine). */
export type UserCodeEntry = 'function' | 'global-function' | 'action' | 'action-condition' | 'route' | 'spark';

/** What a failed run gives the entry point to shape its error with. */
export interface UserCodeFailure {
  /** The sandbox's error: `${label}: ` + the message + the code's first lines. */
  error: string;
  /** The message alone, without the label and the code (scriptMessage). */
  message: string;
  /** The console lines, when the run answers them (otherwise none). */
  logs: ScriptLog[];
}

export type UserCodeDone = { ok: true; value: unknown; logs: ScriptLog[] };
export type UserCodeOutcome = UserCodeDone | { ok: false; error: string; logs: ScriptLog[] };

/** What a run leaves behind, ok or not (a spark's log row). */
export interface UserCodeRan {
  outcome: UserCodeOutcome;
  /** When the run was asked for. */
  createdAt: Date;
  durationMs: number;
}

export interface UserCodeRun<K extends UserCodeEntry> {
  /** Prefixes the sandbox's errors, e.g. `Function total of orders`, `Action approve`. */
  label: string;
  code: string;
  /** The kind's arguments beside `context`, by name; a name not given is null. */
  args: { readonly [N in Exclude<ScriptArgName<K>, 'context'>]?: unknown };
  /** `context` without its host capabilities (context.records and context.events are added by name). */
  context: Record<string, unknown>;
  /** Whom context.records and context.events act for; null lends neither (a display condition, a global function without an API user). */
  actingFor: RecordHostOptions | null;
  limits: Partial<ScriptLimits>;
  /** Answer the run's console lines (captured either way, and bounded by limits.logBytes). */
  logs: boolean;
  /** The error a failed run throws; without it a failed run is answered as an outcome. */
  fail?: (failure: UserCodeFailure) => Error;
  /** Written after every run, ok or not, before the answer (or the failure) goes back. */
  after?: (ran: UserCodeRan) => Promise<void>;
  /** The script pool: the server's shared one by default (a workflow passes its own). */
  pool?: (request: ScriptRequest, host?: AsyncHostFunction) => Promise<ScriptResult>;
}

/** The message of a failed run without the sandbox's `${label}: ` prefix and the code snippet under it. */
export function scriptMessage(error: string, label: string, code: string): string {
  let message = error.startsWith(`${label}: `) ? error.slice(label.length + 2) : error;
  const snippet = `\n${code.slice(0, 200)}`;
  if (message.endsWith(snippet)) message = message.slice(0, -snippet.length);
  return message.trim();
}

/** Runs user code of kind `entry` on the worker pool; with `fail`, a failed run throws its error. */
export function runUserCode<K extends UserCodeEntry>(entry: K, run: UserCodeRun<K> & { fail: NonNullable<UserCodeRun<K>['fail']> }): Promise<UserCodeDone>;
export function runUserCode<K extends UserCodeEntry>(entry: K, run: UserCodeRun<K>): Promise<UserCodeOutcome>;
export async function runUserCode<K extends UserCodeEntry>(entry: K, run: UserCodeRun<K>): Promise<UserCodeOutcome> {
  const host = run.actingFor ? scriptHost(recordHandlers(run.actingFor)) : null;
  const request: ScriptRequest = {
    label: run.label,
    code: run.code,
    args: scriptArgs(entry, { ...run.args, context: run.context } as Parameters<typeof scriptArgs<K>>[1]),
    limits: run.limits,
    host: host?.names ?? [],
    logs: run.logs,
  };
  const createdAt = nowDate();
  const started = performance.now();
  const result = await (run.pool ?? runScript)(request, host?.host);
  const durationMs = Math.max(0, Math.round(performance.now() - started));
  const logs = run.logs ? (result.logs ?? []) : [];
  const outcome: UserCodeOutcome = result.ok ? { ok: true, value: result.value, logs } : { ok: false, error: result.error, logs };
  await run.after?.({ outcome, createdAt, durationMs });
  if (!outcome.ok && run.fail) throw run.fail({ error: outcome.error, message: scriptMessage(outcome.error, run.label, run.code), logs });
  return outcome;
}
