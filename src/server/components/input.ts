// Request parsing for the component calls: shapes, types and size caps, so bad input is a 400 or
// 417 and never reaches the database as something it cannot store (NUL, lone surrogates, depth).
import type { FieldError } from '../../../runtime/api/contract';
import { unstorableAt } from '../../../runtime/api/storable';
import { badRequest, fieldsNotValid } from '../platform/errors';
import { isPlainObject } from '../platform/validate';

export const MAX_JSON_DEPTH = 64;
export const MAX_JSON_NODES = 200_000;
export const MAX_TEXT_LENGTH = 255;
export const MAX_PROPS_BYTES = 64 * 1024;
export const MAX_WORKSPACES = 1000;

/** 400 at `field` when a JSON value holds text PostgreSQL cannot store, nests too deep or is too large. */
export function assertStorableJson(value: unknown, field = 'body'): void {
  if (unstorableAt(value, field, { depth: MAX_JSON_DEPTH, nodes: MAX_JSON_NODES }) !== null) throw badRequest([{ field, messages: ['invalidInput'] }]);
}

/** The body as an object (400 otherwise), checked for storable text. */
export function bodyObject(body: unknown): Record<string, unknown> {
  if (!isPlainObject(body)) throw badRequest([{ field: 'body', messages: ['invalidInput'] }]);
  assertStorableJson(body);
  return body;
}

/** Collects field errors; `fail()` throws them as one 417 'fieldsNotValid'. */
export class FieldErrors {
  readonly list: FieldError[] = [];

  add(field: string, message: string): void {
    const existing = this.list.find((error) => error.field === field);
    if (!existing) this.list.push({ field, messages: [message] });
    else if (!existing.messages.includes(message)) existing.messages.push(message);
  }

  fail(): void {
    if (this.list.length > 0) throw fieldsNotValid(this.list);
  }
}

/** Optional text: absent keeps `fallback`; null or '' is null; anything but a short string is an error. */
export function parseOptionalText(value: unknown, errors: FieldErrors, field: string, fallback: string | null = null, max = MAX_TEXT_LENGTH): string | null {
  if (value === undefined) return fallback;
  if (value === null || value === '') return null;
  if (typeof value !== 'string' || value.length > max) {
    errors.add(field, 'invalidInput');
    return fallback;
  }
  return value;
}

export function parseBoolean(value: unknown, errors: FieldErrors, field: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') {
    errors.add(field, 'invalidInput');
    return fallback;
  }
  return value;
}

export function parseSort(value: unknown, errors: FieldErrors, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || Math.abs(value) > 1_000_000_000) {
    errors.add('sort', 'invalidInput');
    return fallback;
  }
  return value;
}

export function parseProps(value: unknown, errors: FieldErrors, fallback: Record<string, unknown>): Record<string, unknown> {
  if (value === undefined) return fallback;
  if (value === null) return {};
  if (!isPlainObject(value) || Buffer.byteLength(JSON.stringify(value)) > MAX_PROPS_BYTES) {
    errors.add('props', 'invalidInput');
    return fallback;
  }
  return value;
}

/** Workspace uuids from `[{uuid, name}]` or `[uuid]`; absent is undefined (links unchanged). */
export function parseWorkspaceUuids(value: unknown, errors: FieldErrors, isUuid: (value: unknown) => value is string): string[] | undefined {
  if (value === undefined) return undefined;
  if (value === null) return [];
  if (!Array.isArray(value) || value.length > MAX_WORKSPACES) {
    errors.add('workspaces', 'invalidInput');
    return undefined;
  }
  const uuids: string[] = [];
  value.forEach((item, index) => {
    const uuid = isPlainObject(item) ? item.uuid : item;
    if (!isUuid(uuid)) errors.add(`workspaces.${index}`, 'invalidSelection');
    else if (!uuids.includes(uuid.toLowerCase())) uuids.push(uuid.toLowerCase());
  });
  return uuids;
}
