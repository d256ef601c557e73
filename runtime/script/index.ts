export { createSandbox, resolveLimits, hostErrorOf, MAX_ARGS_DEPTH, MAX_HOST_ANSWER_CHARS } from './sandbox';
export { formatScriptError, SNIPPET_CHARS } from './format';
export { MAX_GENERIC_LENGTH, MAX_LOG_MESSAGE_CHARS, MAX_MESSAGE_CHARS } from './harness';
export { SCRIPT_LIMITS, SCRIPT_LIMIT_BOUNDS } from './types';
export type {
  AsyncHostFunction,
  HostError,
  HostFunction,
  Sandbox,
  SandboxLibraries,
  SandboxOptions,
  ScriptLimits,
  ScriptLog,
  ScriptRequest,
  ScriptResult,
} from './types';
