// The host side of the forge bridge's rules (docs/forge.md "The bridge"): what a bundle's message may
// ask, judged before anything is called. A message is {luma: 1, type: 'ready'} or
// {luma: 1, type: 'call', id, method, args}; the method is one of BRIDGE_METHODS (the record calls
// of /types/luma-sdk.d.ts, LumaRecordsByRef, and screen.done), each with its argument shapes. The
// call then runs with the opening user's session, so the server's permissions decide the rest.
// Framework-free: the frame component (renderers/screens/forge/SandboxFrame.tsx) and the tests use it.
import type { ListParams } from '../client/records';

export const BRIDGE_METHODS = ['records.list', 'records.get', 'records.create', 'records.update', 'screen.done'] as const;
export type BridgeMethod = (typeof BRIDGE_METHODS)[number];

/** The renderer of spec section 2: legacy (no SDK version), else the SDK version the bundle was written for. */
export type BridgeRenderer = 'legacy' | 'sdk4' | 'sdk5' | 'sdk6';

export interface BridgeScope {
  /** The component a template belongs to: the default ref; a legacy template may use no other. */
  component?: string;
  renderer: BridgeRenderer;
}

export type BridgeRequest =
  | { method: 'records.list'; ref: string; params: ListParams }
  | { method: 'records.get'; ref: string; uuid: string }
  | { method: 'records.create'; ref: string; data: Record<string, unknown> }
  | { method: 'records.update'; ref: string; uuid: string; data: Record<string, unknown>; version: number }
  | { method: 'screen.done'; result: unknown };

export type BridgeMessage = { type: 'ready' } | { type: 'call'; id: number; method: unknown; args: unknown };

/** The refusals of the bridge itself, as message keys (a call the server refuses keeps the server's). */
export const BRIDGE_ERROR = { method: 'bridge.unknownMethod', args: 'invalidInput', ref: 'bridge.refNotAllowed' } as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A component ref: a uuid, or scope/name of word characters and dashes. */
const REF = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[A-Za-z0-9_-]{1,64}(?:\/[A-Za-z0-9_-]{1,64})?)$/i;
const KEY = /^[A-Za-z_][A-Za-z0-9_.]{0,127}$/;
const MAX_JSON = 256 * 1024;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

/** The message's envelope, or null for anything that is not a bridge message (ignored). */
export function readBridgeMessage(data: unknown): BridgeMessage | null {
  if (!isObject(data) || data.luma !== 1) return null;
  if (data.type === 'ready') return { type: 'ready' };
  if (data.type === 'call' && typeof data.id === 'number' && Number.isSafeInteger(data.id) && data.id > 0) return { type: 'call', id: data.id, method: data.method, args: data.args };
  return null;
}

/** Plain JSON data: no prototype tricks (__proto__, constructor), bounded in size, only JSON values. */
function plainData(value: unknown): Record<string, unknown> | null {
  if (!isObject(value)) return null;
  let text: string;
  try {
    text = JSON.stringify(value);
  } catch {
    return null;
  }
  if (text.length > MAX_JSON) return null;
  try {
    const copy = JSON.parse(text, (key, inner: unknown) => {
      if (key === '__proto__' || key === 'constructor' || key === 'prototype') throw new Error('key');
      return inner;
    }) as unknown;
    return isObject(copy) ? copy : null;
  } catch {
    return null;
  }
}

const LIST_KEYS: Record<string, (value: unknown) => unknown> = {
  offset: (v) => (Number.isSafeInteger(v) && (v as number) >= 0 ? v : undefined),
  limit: (v) => (Number.isSafeInteger(v) && (v as number) >= -1 && (v as number) <= 500 && v !== 0 ? v : undefined),
  sortBy: (v) => (typeof v === 'string' && KEY.test(v) ? v : undefined),
  sortDesc: (v) => (v === 1 || v === true ? 1 : v === -1 || v === false ? -1 : undefined),
  filter: (v) => (typeof v === 'string' && v.length <= 500 && !v.includes('\u0000') ? v : undefined),
  filterOn: (v) => (typeof v === 'string' && v.split(',').every((key) => KEY.test(key)) ? v : undefined),
  disabled: (v) => (v === 1 || v === true ? 1 : v === 0 || v === false ? 0 : undefined),
  dateFrom: (v) => (typeof v === 'string' && v.length <= 40 ? v : undefined),
  dateTo: (v) => (typeof v === 'string' && v.length <= 40 ? v : undefined),
  dateField: (v) => (typeof v === 'string' && KEY.test(v) ? v : undefined),
  $adv: (v) => (isObject(v) && plainData(v) ? JSON.stringify(v) : undefined),
};

function listParams(value: unknown): ListParams | null {
  if (!isObject(value)) return null;
  const params: Record<string, unknown> = { offset: 0, limit: 10 };
  for (const [key, raw] of Object.entries(value)) {
    const check = Object.prototype.hasOwnProperty.call(LIST_KEYS, key) ? LIST_KEYS[key] : undefined;
    const checked = check?.(raw);
    if (checked === undefined) return null;
    if (key === 'disabled' && checked === 0) delete params.disabled;
    else params[key] = checked;
  }
  return params as unknown as ListParams;
}

function refOf(value: unknown, scope: BridgeScope): string | { error: string } {
  const ref = value === null || value === undefined ? scope.component : value;
  if (typeof ref !== 'string' || !REF.test(ref)) return { error: BRIDGE_ERROR.args };
  // A legacy template sees its own component only.
  if (scope.renderer === 'legacy' && ref !== scope.component) return { error: BRIDGE_ERROR.ref };
  return ref;
}

/** A call's method and arguments judged: the request to run, or the refusal's message key. */
export function judgeCall(method: unknown, args: unknown, scope: BridgeScope): BridgeRequest | { error: string } {
  if (typeof method !== 'string' || !(BRIDGE_METHODS as readonly string[]).includes(method)) return { error: BRIDGE_ERROR.method };
  if (!Array.isArray(args) || args.length > 4) return { error: BRIDGE_ERROR.args };
  const bad = { error: BRIDGE_ERROR.args };
  if (method === 'screen.done') return { method, result: args[0] === undefined ? null : plainData({ result: args[0] })?.result ?? null };
  const refArg = { 'records.list': 1, 'records.get': 1, 'records.create': 1, 'records.update': 3 }[method as Exclude<BridgeMethod, 'screen.done'>];
  const ref = refOf(args[refArg], scope);
  if (typeof ref !== 'string') return ref;
  switch (method) {
    case 'records.list': {
      const params = listParams(args[0] ?? {});
      return params ? { method, ref, params } : bad;
    }
    case 'records.get':
      return typeof args[0] === 'string' && UUID.test(args[0]) ? { method, ref, uuid: args[0] } : bad;
    case 'records.create': {
      const data = plainData(args[0]);
      return data ? { method, ref, data } : bad;
    }
    default: {
      const data = plainData(args[1]);
      const version = args[2];
      if (typeof args[0] !== 'string' || !UUID.test(args[0]) || !data || !Number.isSafeInteger(version) || (version as number) < 0) return bad;
      return { method: 'records.update', ref, uuid: args[0], data, version: version as number };
    }
  }
}

/** The renderer of a template distribution's SDK version (spec section 2): legacy when none, else 4, 5 or 6. */
export function rendererOf(sdkVersion: number | null | undefined): BridgeRenderer {
  if (sdkVersion === 4 || sdkVersion === 5 || sdkVersion === 6) return `sdk${sdkVersion}`;
  return 'legacy';
}
