export { createSandbox, resolveLimits, MAX_ARGS_DEPTH } from './sandbox';
export { formatScriptError, SNIPPET_CHARS } from './format';
export { MAX_GENERIC_LENGTH, MAX_MESSAGE_CHARS } from './harness';
export { SCRIPT_LIMITS, SCRIPT_LIMIT_BOUNDS } from './types';
export type { Sandbox, SandboxLibraries, SandboxOptions, ScriptLimits, ScriptRequest, ScriptResult } from './types';
