// The hostnames rule of a public app (spec section 5; docs/public-apps.md): at least one, each a
// valid hostname (runtime normalizeHostname), none the platform's own, none another app's: across
// the whole platform, 409 'hostnameAlreadyExists' at `hostnames[i]`.
import { PUBLIC_APP_LIMITS, PUBLIC_APP_MESSAGE, normalizeHostname } from '../../../runtime/api/public-apps';
import type { FieldError } from '../../../runtime/api/contract';
import type { Config } from '../platform/config';
import { HttpError, fieldsNotValid } from '../platform/errors';

/** The hostnames the platform itself answers on: never a public app's. */
export function platformHostnames(config: Pick<Config, 'publicUrl' | 'writeOrigins'>): Set<string> {
  const names = new Set<string>(['localhost']);
  for (const origin of [config.publicUrl, ...config.writeOrigins]) {
    try {
      names.add(new URL(origin).hostname.toLowerCase());
    } catch {
      // an origin that is not a URL names no host
    }
  }
  return names;
}

/** The body's hostnames, normalised and checked (417 with each bad one's path), duplicates folded. */
export function checkHostnames(value: unknown, config: Pick<Config, 'publicUrl' | 'writeOrigins'>): string[] {
  if (!Array.isArray(value) || value.length === 0) throw fieldsNotValid([{ field: 'hostnames', messages: [PUBLIC_APP_MESSAGE.hostnameRequired] }]);
  if (value.length > PUBLIC_APP_LIMITS.hostnames) throw fieldsNotValid([{ field: 'hostnames', messages: ['cantBeMoreThenChars'], values: [{ max: PUBLIC_APP_LIMITS.hostnames }] }]);
  const own = platformHostnames(config);
  const errors: FieldError[] = [];
  const found: string[] = [];
  value.forEach((candidate, index) => {
    const hostname = normalizeHostname(candidate);
    if (hostname === null) errors.push({ field: `hostnames[${index}]`, messages: [PUBLIC_APP_MESSAGE.hostnameRule] });
    else if (own.has(hostname)) errors.push({ field: `hostnames[${index}]`, messages: [PUBLIC_APP_MESSAGE.hostnameExists] });
    else if (!found.includes(hostname)) found.push(hostname);
  });
  if (errors.length > 0) throw fieldsNotValid(errors);
  return found;
}

export function hostnameExists(hostnames: string[], taken: string[]): HttpError {
  return new HttpError(
    409,
    PUBLIC_APP_MESSAGE.hostnameExists,
    hostnames.flatMap((hostname, index) => (taken.includes(hostname) ? [{ field: `hostnames[${index}]`, messages: [PUBLIC_APP_MESSAGE.hostnameExists] }] : [])),
  );
}

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
