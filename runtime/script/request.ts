// A run request checked and turned into what the harness takes (used by sandbox.ts): the argument
// names and their JSON, the wrapper function's source, the host capabilities and the limits.
import { jsonDepth } from './values';
import { SCRIPT_LIMITS, SCRIPT_LIMIT_BOUNDS, type ScriptLimits, type ScriptRequest } from './types';

/** Arguments nested deeper than this are refused before they reach QuickJS's recursive JSON.parse. */
export const MAX_ARGS_DEPTH = 1000;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const HOST_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*(?:\.[A-Za-z_$][A-Za-z0-9_$]*)*$/;
const RESERVED_PATH_PARTS = new Set(['__proto__', 'constructor', 'prototype']);
const RESERVED_ARGS = new Set(['Lodash', 'moment', 'arguments', 'eval']);

export function resolveLimits(limits: Partial<ScriptLimits> | undefined): ScriptLimits {
  const pick = (key: keyof ScriptLimits): number => {
    const asked = limits?.[key];
    const value = typeof asked === 'number' && Number.isFinite(asked) ? asked : SCRIPT_LIMITS[key];
    const { min, max } = SCRIPT_LIMIT_BOUNDS[key];
    return Math.floor(Math.min(max, Math.max(min, value)));
  };
  return {
    memoryBytes: pick('memoryBytes'),
    timeoutMs: pick('timeoutMs'),
    stackBytes: pick('stackBytes'),
    outputBytes: pick('outputBytes'),
    logBytes: pick('logBytes'),
  };
}

/** A request ready for the harness. */
export type PlannedRun = {
  request: ScriptRequest & { logs: boolean };
  limits: ScriptLimits;
  /** The arguments' values, in the order of the wrapper's parameters. */
  argsJson: string;
  wrapper: string;
  hostNames: string[];
  /** The position of `context` among the arguments, or -1. */
  contextIndex: number;
};

/** The position of the first host capability that is not a dotted path of identifiers, or -1. */
function invalidHostName(hostNames: unknown[]): number {
  return hostNames.findIndex((name) => typeof name !== 'string' || !HOST_NAME.test(name) || name.split('.').some((part) => RESERVED_PATH_PARTS.has(part)));
}

/** The arguments as JSON in the order of `names`, or why they cannot be passed. */
function argumentsJson(args: Record<string, unknown>, names: string[]): { json: string } | { error: string } {
  let json: string;
  try {
    json = JSON.stringify(names.map((name) => args[name]));
  } catch (error) {
    return { error: `the arguments are not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  if (jsonDepth(json) > MAX_ARGS_DEPTH + 1) return { error: `the arguments are nested deeper than ${MAX_ARGS_DEPTH}` };
  return { json };
}

/**
 * Whether a script uses \`await\`: it then runs as an async function, whose promise the sandbox
 * settles (its jobs run within the same deadline) and answers what it resolves to. Every other script
 * stays a plain function, so a script that returns a Promise without awaiting is still "not JSON".
 * The record API is synchronous, so awaiting it changes nothing but is what people write.
 */
export function usesAwait(code: string): boolean {
  return /\bawait\b/.test(code);
}

/** The run `request` asks for (its code a string), or the message saying why it cannot run. */
export function planRun(request: ScriptRequest, label: string, capBytes: number | undefined): PlannedRun | string {
  const code = request.code;
  const given = request.args ?? {};
  if (typeof given !== 'object' || Array.isArray(given)) return 'the arguments are not an object';
  const hostNames = Array.isArray(request.host) ? request.host : [];
  const badHost = invalidHostName(hostNames);
  if (badHost >= 0) return `invalid host capability ${JSON.stringify(hostNames[badHost])}`;
  // Host capabilities live in `context`: a run that lends some always has one.
  const args: Record<string, unknown> = hostNames.length > 0 && !('context' in given) ? { ...given, context: {} } : given;
  const names = Object.keys(args);
  const badName = names.find((name) => !IDENTIFIER.test(name) || RESERVED_ARGS.has(name));
  if (badName !== undefined) return `invalid argument name ${JSON.stringify(badName)}`;
  const argsJson = argumentsJson(args, names);
  if ('error' in argsJson) return argsJson.error;
  const wrapper = `(${usesAwait(code) ? 'async ' : ''}function (${[...names, 'Lodash', 'moment'].join(', ')}) {\n${code}\n})`;
  const limits = resolveLimits(request.limits);
  if (capBytes !== undefined) limits.memoryBytes = Math.min(limits.memoryBytes, capBytes);
  return { request: { label, code, args, logs: request.logs === true }, limits, argsJson: argsJson.json, wrapper, hostNames, contextIndex: names.indexOf('context') };
}
