// Scout's API call log (issue 17, section 6; docs/STATUS.md "Scout: API log"): the list, one call,
// the per-project settings, and the pure helpers the server uses to keep secrets out of the log
// (query parameters stripped from the path, secret-like keys redacted from bodies, bodies capped).
import { arrayOf, closed, dateTimeSchema, nullable, queryTimeSchema, stringSchema, uuidSchema } from './schemas';

export const API_LOG_PATH = '/v1/system/api-log';
export const API_LOG_SETTINGS_PATH = '/v1/system/api-log/settings';
export const API_LOG_ITEM_PATH = '/v1/system/api-log/:uuid';

export const API_LOG_LIMITS = {
  /** Rows buffered before a flush, and the longest a row waits in the buffer (ms). */
  batchRows: 100,
  flushMs: 200,
  /** Characters of a kept request or response body at most (longer ones are cut and marked). */
  bodyChars: 16 * 1024,
  pageSize: 50,
  pageMax: 200,
  retentionDefault: 7,
  retentionMax: 90,
  pathPrefixMax: 500,
} as const;

export const API_LOG_MESSAGE = {
  invalidFilter: 'apiLogInvalidFilter',
  invalidRetention: 'apiLogInvalidRetention',
} as const;

export const REDACTED = '[redacted]';
export const TRUNCATED_MARK = '…[truncated]';

export type CallerKind = 'user' | 'api';
export const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];
export const LOG_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

export interface ApiCallItem {
  uuid: string;
  method: string;
  path: string;
  status: number;
  duration_ms: number;
  caller_uuid: string | null;
  caller_kind: CallerKind | null;
  /**
   * Who called, as the server reads it with the call (one join): a user's name (their e-mail when it is
   * empty), an API user's name; null when there is no caller or the caller no longer exists.
   */
  caller_name: string | null;
  request_uuid: string;
  created_at: string;
}

export interface ApiCallDetail extends ApiCallItem {
  /** The redacted, capped body as text (JSON when it was JSON), or null when not kept. */
  request_body: string | null;
  response_body: string | null;
}

export interface ApiCallsPage {
  items: ApiCallItem[];
  /** Pass as `cursor` for the next page ('{epoch ms}_{seq}': time, then the order calls were logged in); null at the end. */
  next: string | null;
}

export interface ApiLogSettings {
  enabled: boolean;
  bodies: boolean;
  retention_days: number;
}

export const API_LOG_DEFAULTS: ApiLogSettings = { enabled: true, bodies: false, retention_days: API_LOG_LIMITS.retentionDefault };

const itemProperties = {
  uuid: uuidSchema,
  method: stringSchema,
  path: stringSchema,
  status: { type: 'integer' },
  duration_ms: { type: 'number' },
  caller_uuid: nullable(uuidSchema),
  caller_kind: nullable({ type: 'string', enum: ['user', 'api'] }),
  caller_name: nullable(stringSchema),
  request_uuid: stringSchema,
  created_at: dateTimeSchema,
} as const;
const itemRequired = ['uuid', 'method', 'path', 'status', 'duration_ms', 'caller_uuid', 'caller_kind', 'caller_name', 'request_uuid', 'created_at'] as const;

export const apiCallItemSchema = closed(itemProperties, itemRequired);
export const apiCallDetailSchema = closed(
  { ...itemProperties, request_body: nullable(stringSchema), response_body: nullable(stringSchema) },
  [...itemRequired, 'request_body', 'response_body'],
);
export const apiCallsPageSchema = closed({ items: arrayOf(apiCallItemSchema), next: nullable(stringSchema) }, ['items', 'next']);
export const apiLogSettingsSchema = closed(
  { enabled: { type: 'boolean' }, bodies: { type: 'boolean' }, retention_days: { type: 'integer' } },
  ['enabled', 'bodies', 'retention_days'],
);
export const apiLogSettingsBody = {
  type: 'object',
  properties: { enabled: { type: 'boolean' }, bodies: { type: 'boolean' }, retention_days: { type: 'integer' } },
  additionalProperties: false,
} as const;

export const apiLogListQuery = {
  type: 'object',
  properties: {
    method: { type: 'string', description: 'GET, POST, PUT, PATCH, DELETE, HEAD or OPTIONS' },
    status: { type: 'string', description: 'a status class: 1xx..5xx' },
    path: { type: 'string', description: 'a path prefix, e.g. /api/v1/records' },
    caller: { type: 'string', description: 'the caller uuid' },
    from: { ...queryTimeSchema, description: 'ISO 8601 time (or epoch ms): calls at or after it' },
    to: { ...queryTimeSchema, description: 'ISO 8601 time (or epoch ms): calls before it' },
    order: { type: 'string', enum: ['', 'desc', 'asc'], description: "'desc' (newest first, the default) or 'asc'" },
    limit: { type: 'string', pattern: '^[0-9]{0,4}$', description: `page size, 1..${API_LOG_LIMITS.pageMax} (${API_LOG_LIMITS.pageSize} by default)` },
    cursor: { type: 'string', description: 'the `next` of the previous page' },
  },
  additionalProperties: false,
} as const;

export interface ApiLogListQuery {
  method?: string;
  status?: string;
  path?: string;
  caller?: string;
  from?: string;
  to?: string;
  order?: string;
  limit?: string;
  cursor?: string;
}

/** A key whose value must never be logged. */
const SECRET_KEY = /pass(word|wd|phrase)?|secret|token|authori[sz]ation|api[-_]?key|signature|cookie|credential|private[-_]?key/i;

export function isSecretKey(key: string, extra: ReadonlySet<string> = new Set()): boolean {
  return SECRET_KEY.test(key) || extra.has(key);
}

/** The path with secret-like query parameters removed (the rest kept in order). */
export function stripQuerySecrets(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const path = url.slice(0, at);
  const kept = url
    .slice(at + 1)
    .split('&')
    .filter((part) => {
      if (part === '') return false;
      const raw = part.split('=')[0] ?? '';
      let key = raw;
      try {
        key = decodeURIComponent(raw.replace(/\+/g, ' '));
      } catch {
        return false;
      }
      return !isSecretKey(key);
    });
  return kept.length === 0 ? path : `${path}?${kept.join('&')}`;
}

/** A copy of `value` with the value of every secret-like key replaced, at any depth and inside arrays. */
export function redact(value: unknown, extra: ReadonlySet<string> = new Set(), depth = 0): unknown {
  if (depth > 32) return REDACTED;
  if (Array.isArray(value)) return value.map((item) => redact(item, extra, depth + 1));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const safe = isSecretKey(key, extra) ? REDACTED : redact(item, extra, depth + 1);
      // defineProperty: a '__proto__' key stays a plain key.
      Object.defineProperty(out, key, { value: safe, enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
}

/** The text to keep for a body: JSON is parsed, redacted and written again; other text is kept as is; capped. */
export function bodyText(body: unknown, extra: ReadonlySet<string> = new Set()): string | null {
  if (body === undefined || body === null || body === '') return null;
  let text: string;
  if (typeof body === 'string') {
    try {
      text = JSON.stringify(redact(JSON.parse(body), extra));
    } catch {
      text = body;
    }
  } else if (body instanceof Uint8Array || (typeof body === 'object' && typeof (body as { pipe?: unknown }).pipe === 'function')) {
    return null;
  } else {
    text = JSON.stringify(redact(body, extra)) ?? null;
    if (text === null) return null;
  }
  return text.length > API_LOG_LIMITS.bodyChars ? text.slice(0, API_LOG_LIMITS.bodyChars) + TRUNCATED_MARK : text;
}
