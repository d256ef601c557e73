// Scout's API call log (issue 17, section 6; docs/STATUS.md "Scout: API log"): the list, one call,
// the per-project settings, and the marks the kept bodies carry. How secrets are kept out of the log:
// src/server/platform/redact.ts and src/server/scout/api-log-redact.ts (docs/security.md "Secrets in logs").
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
