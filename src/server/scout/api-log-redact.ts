// What Scout's API call log keeps of a body (docs/scout-events.md "API call log"): redacted by
// src/server/platform/redact.ts (secret-like keys, values that are secrets wherever they sit), plus the keys a
// route is known to take or answer a secret under although their names say nothing (SECRET_FIELDS),
// plus the keys of the fields the project's components hash; then capped.
import { API_LOG_LIMITS, TRUNCATED_MARK } from '../../../runtime/api/apiLog';
import { EVENTBUS_AUTH_PATH } from '../../../runtime/api/events';
import { redact } from '../platform/redact';

/**
 * Per route (method and Fastify route pattern, prefix included), the keys whose values are secrets in
 * its request or reply body at any depth. tests/api/logs-secrets.test.ts checks that each route exists.
 */
export const SECRET_FIELDS: Readonly<Record<string, readonly string[]>> = {
  // A variable's value: a PATCH of a secret one does not say that it is secret, so every value is kept out.
  'POST /api/v1/system/environment/variables': ['value'],
  'PATCH /api/v1/system/environment/variables/:uuid': ['value'],
  // The TOTP seed, its otpauth URL and the QR code of that URL; the codes that prove it.
  'POST /api/v1/user/two-factor/setup': ['secret', 'otpauth_url', 'qr'],
  'POST /api/v1/user/two-factor/enable': ['code'],
  'POST /api/v1/user/two-factor/disable': ['code'],
  'POST /api/v1/auth/two-factor': ['code'],
  // A function's signing key, answered once.
  'POST /api/v1/system/function/:id/key': ['key'],
  // The invite link carries its token; share links carry their signature.
  'POST /api/v1/iam/invites': ['link'],
  'POST /api/media/v1/media/library/:libraryUuid/share': ['data'],
  'POST /api/media/v2/dms/media/library/:id/upload/share': ['data'],
  [`POST /api${EVENTBUS_AUTH_PATH}`]: ['token'],
};

const NONE: ReadonlySet<string> = new Set();
const byRoute = new Map(Object.entries(SECRET_FIELDS).map(([route, keys]) => [route, new Set(keys)]));

/** The keys to redact in a call's bodies: the route's secret fields and the project's hashed field keys. */
export function secretKeysOf(method: string, route: string | undefined, hashed: ReadonlySet<string> | undefined): ReadonlySet<string> {
  const own = route === undefined ? undefined : byRoute.get(`${method} ${route}`);
  if (!own) return hashed ?? NONE;
  if (!hashed || hashed.size === 0) return own;
  return new Set([...own, ...hashed]);
}

/** The text to keep for a body: JSON is parsed, redacted and written again; other text is redacted as text; capped. */
export function bodyText(body: unknown, extra: ReadonlySet<string> = NONE): string | null {
  if (body === undefined || body === null || body === '') return null;
  let text: string;
  if (typeof body === 'string') {
    // A JSON body is parsed by redact (a string that is JSON is redacted as JSON); other text by the text rules.
    text = redact(body, extra) as string;
  } else if (body instanceof Uint8Array || (typeof body === 'object' && typeof (body as { pipe?: unknown }).pipe === 'function')) {
    return null;
  } else {
    const json = JSON.stringify(redact(body, extra));
    if (json === undefined) return null;
    text = json;
  }
  return text.length > API_LOG_LIMITS.bodyChars ? text.slice(0, API_LOG_LIMITS.bodyChars) + TRUNCATED_MARK : text;
}
