// The sandbox contract (docs/records.md, "Sandbox").

export type ScriptLimits = {
  /** Memory limit of the QuickJS runtime (libraries included). */
  memoryBytes: number;
  /** Deadline of the user code, from the call into it to the JSON of its result. */
  timeoutMs: number;
  /** QuickJS stack limit; at most 256 KiB. */
  stackBytes: number;
};

export type ScriptRequest = {
  /** Prefixes every error, e.g. `Mutator get of field title`. */
  label: string;
  /** The body of a function whose parameters are the names in `args`, plus `Lodash` and `moment`. */
  code: string;
  /** Passed in as JSON; the keys must be identifiers. */
  args: Record<string, unknown>;
  limits?: Partial<ScriptLimits>;
};

export type ScriptResult = { ok: true; value: unknown } | { ok: false; error: string };

export const SCRIPT_LIMITS: Readonly<ScriptLimits> = Object.freeze({
  memoryBytes: 32 * 1024 * 1024,
  timeoutMs: 1000,
  stackBytes: 256 * 1024,
});

/** Bounds a request may ask for; anything outside is clamped. */
export const SCRIPT_LIMIT_BOUNDS = Object.freeze({
  memoryBytes: { min: 4 * 1024 * 1024, max: 256 * 1024 * 1024 },
  timeoutMs: { min: 1, max: 60_000 },
  stackBytes: { min: 32 * 1024, max: 256 * 1024 },
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
};

export interface Sandbox {
  run(request: ScriptRequest): Promise<ScriptResult>;
  dispose(): void;
}
