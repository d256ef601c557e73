// The sandbox contract (docs/records.md, "Sandbox").

export type ScriptLimits = {
  /** Memory limit of the QuickJS runtime (libraries included). */
  memoryBytes: number;
  /** Deadline of the user code, from the call into it to the JSON of its result. */
  timeoutMs: number;
  /** QuickJS stack limit; at most 256 KiB. */
  stackBytes: number;
  /** Largest JSON of the result (UTF-16 code units); a larger result is an error, not a cut. */
  outputBytes: number;
  /** Console output kept per run; past it one line says how much was dropped. */
  logBytes: number;
};

/** One `console.*` call inside the sandbox. */
export type ScriptLog = { level: 'log' | 'info' | 'warn' | 'error' | 'debug'; message: string };

/**
 * A capability the host lends a run, called synchronously from inside the sandbox as
 * `context.<name>(...args)` (a dotted name is a path: `records.list` is `context.records.list`).
 * Arguments arrive as JSON; the answer must be JSON. A thrown error reaches the script as an
 * Error with the same message (and `status` and `errors` when the error has them).
 */
export type HostFunction = (name: string, args: unknown[]) => unknown;

/** The same, answered asynchronously (the server's worker pool blocks the script's thread meanwhile). */
export type AsyncHostFunction = (name: string, args: unknown[]) => Promise<unknown>;

/** What a host error carries into the script. */
export type HostError = { message: string; status?: number; errors?: unknown };

export type ScriptRequest = {
  /** Prefixes every error, e.g. `Mutator get of field title`. */
  label: string;
  /** The body of a function whose parameters are the names in `args`, plus `Lodash` and `moment`. */
  code: string;
  /** Passed in as JSON; the keys must be identifiers. */
  args: Record<string, unknown>;
  limits?: Partial<ScriptLimits>;
  /**
   * Host capabilities this run may call, by dotted name, placed inside the argument `context`
   * (created as `{}` when the request has none). Names are identifiers joined by dots.
   */
  host?: string[];
  /** Answer the run's console output in `logs` (it is captured either way, and bounded). */
  logs?: boolean;
};

export type ScriptResult = { ok: true; value: unknown; logs?: ScriptLog[] } | { ok: false; error: string; logs?: ScriptLog[] };

export const SCRIPT_LIMITS: Readonly<ScriptLimits> = Object.freeze({
  memoryBytes: 32 * 1024 * 1024,
  timeoutMs: 1000,
  stackBytes: 256 * 1024,
  outputBytes: 1024 * 1024,
  logBytes: 64 * 1024,
});

/** Bounds a request may ask for; anything outside is clamped. */
export const SCRIPT_LIMIT_BOUNDS = Object.freeze({
  memoryBytes: { min: 4 * 1024 * 1024, max: 256 * 1024 * 1024 },
  timeoutMs: { min: 1, max: 60_000 },
  stackBytes: { min: 32 * 1024, max: 256 * 1024 },
  outputBytes: { min: 1024, max: 16 * 1024 * 1024 },
  logBytes: { min: 0, max: 1024 * 1024 },
});

export type SandboxLibraries = {
  /** The source of lodash 4 (lodash.min.js), evaluated inside QuickJS as `Lodash`. */
  lodash?: string;
  /** The source of dayjs 1 (dayjs.min.js), evaluated inside QuickJS as `moment`. */
  dayjs?: string;
};

export type SandboxOptions = {
  libraries?: SandboxLibraries;
  /**
   * Prepare the next run's fresh context (runtime + libraries) ahead of time, 50 ms after a run when
   * no other has come, so a run does not pay for evaluating lodash (~15 ms). Each prepared context
   * is used by exactly one run. Uses setTimeout when there is one.
   * Default true.
   */
  prewarm?: boolean;
  /**
   * Give each QuickJS module a WebAssembly memory of its own that holds at most this much heap,
   * and hold each run to its own `memoryBytes` (at most this) on that memory (memory.ts): a run
   * over its limit ends with 'out of memory'. A module whose memory grew serves no further run.
   * Unset: one shared-size module, bounded only by QuickJS's own per-allocation check.
   */
  memoryCapBytes?: number;
};

export interface Sandbox {
  /** `host` answers the run's `request.host` calls; without it those calls fail. */
  run(request: ScriptRequest, host?: HostFunction): Promise<ScriptResult>;
  dispose(): void;
  /** A module of this sandbox grew its memory (with memoryCapBytes): memory its thread keeps until the module is collected. */
  readonly grew: boolean;
}
