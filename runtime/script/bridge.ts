// What a run lends the script besides its arguments (used by sandbox.ts): the `host` function that
// calls the host's capabilities, and the console whose output is kept up to the run's log budget.
import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten-core';
import type { HostError, HostFunction, ScriptLog } from './types';

/** A host answer larger than this (JSON characters) reaches the script as an error, not as a string in its heap. */
export const MAX_HOST_ANSWER_CHARS = 16 * 1024 * 1024;

/** What a thrown host error tells the script: its message, and status and errors when it has them. */
export function hostErrorOf(error: unknown): HostError {
  if (error instanceof Error) {
    const out: HostError = { message: error.message.slice(0, 1000) };
    const { status, errors } = error as Error & { status?: unknown; errors?: unknown };
    if (typeof status === 'number') out.status = status;
    if (errors !== undefined) {
      try {
        out.errors = JSON.parse(JSON.stringify(errors)) as unknown;
      } catch {
        /* not JSON: left out */
      }
    }
    return out;
  }
  return { message: String(error).slice(0, 1000) };
}

/** The harness's reading of a host call: 'R' and the answer's JSON, or 'E' and a HostError's JSON. */
function hostAnswer(name: string, readArgs: () => string, allowed: Set<string>, host: HostFunction | undefined): string {
  const refuse = (error: HostError) => 'E' + JSON.stringify(error);
  if (!allowed.has(name) || !host) return refuse({ message: `${name} is not available here` });
  let callArgs: unknown;
  try {
    callArgs = JSON.parse(readArgs()) as unknown;
  } catch {
    return refuse({ message: `${name}: the arguments are not JSON` });
  }
  try {
    const value = host(name, Array.isArray(callArgs) ? callArgs : []);
    const json = value === undefined ? '' : JSON.stringify(value);
    if (json.length > MAX_HOST_ANSWER_CHARS) return refuse({ message: `${name}: the answer is larger than ${MAX_HOST_ANSWER_CHARS} characters` });
    return 'R' + json;
  } catch (error) {
    return refuse(hostErrorOf(error));
  }
}

/** The `host(name, argsJson)` function of a run: only the capabilities in `hostNames` answer. */
export function newHostFunction(context: QuickJSContext, hostNames: string[], host: HostFunction | undefined): QuickJSHandle {
  const allowed = new Set(hostNames);
  return context.newFunction('host', (nameHandle, argsHandle) =>
    context.newString(hostAnswer(context.getString(nameHandle), () => context.getString(argsHandle), allowed, host)),
  );
}

/** A run's console output: messages kept while they fit in `logBytes` characters, the rest counted. */
export class RunLog {
  private readonly kept: ScriptLog[] = [];
  private chars = 0;
  private dropped = 0;

  constructor(private readonly logBytes: number) {}

  /** The `log(level, text)` function of a run. */
  newFunction(context: QuickJSContext): QuickJSHandle {
    return context.newFunction('log', (levelHandle, textHandle) => {
      const level = context.getString(levelHandle) as ScriptLog['level'];
      const message = context.getString(textHandle);
      if (this.chars + message.length <= this.logBytes) {
        this.kept.push({ level, message });
        this.chars += message.length;
      } else this.dropped += message.length;
    });
  }

  /** What to report: the kept messages, and a warning when some were dropped. */
  entries(): ScriptLog[] {
    if (this.dropped === 0) return this.kept;
    return [...this.kept, { level: 'warn', message: `${this.dropped} characters of console output dropped (limit ${this.logBytes})` }];
  }
}
