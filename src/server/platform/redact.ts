// Keeping secrets out of every log (docs/security.md "Secrets in logs"): Scout's API call log and the
// process log both pass what they keep through here. A secret is found by its key (a secret-like name,
// the keys a route is known to answer or take secrets under, a component's hashed fields) and by what
// the value is, wherever it sits: Luma's tokens by their prefixes, TOTP seeds, otpauth and data URLs,
// credentials in URLs, secret-named query parameters and `key: value` pairs inside any text (a workflow
// node's headers are JSON text, its URL a string), and the token segment of invite and reset links.
// JSON inside a string is parsed and redacted as JSON.
import { REDACTED } from '../../../runtime/api/apiLog';

export { REDACTED };

/** The stem of a key whose value must never be logged. */
const SECRET_STEM = String.raw`pass(?:word|wd|phrase)?|secret|token|authori[sz]ation|api[-_]?key|signature|cookie|credential|private[-_]?key|otpauth`;
const SECRET_KEY = new RegExp(SECRET_STEM, 'i');

/** The prefixes of Luma's tokens (API secrets 'luma_', event-bus 'luma_ebt_', function keys 'lumafk_') and their 32 random bytes. */
const TOKEN = /(?<![A-Za-z0-9_-])(?:luma_(?:ebt_)?|lumafk_)[A-Za-z0-9_-]{43,}/g;
/** A TOTP seed as two-factor setup makes it (20 bytes of base32, auth/two-factor.ts) or longer. */
const TOTP_SEED = /(?<![A-Za-z0-9])[A-Z2-7]{32,}(?![A-Za-z0-9])/g;
/** An otpauth URL carries the seed; a data URL may be its QR code (or anything else nobody reads in a log). */
const OTPAUTH_URL = /otpauth:\/\/[^\s"'<>]*/gi;
const DATA_URL = /(?<![\w.-])data:[\w.+/-]{0,128}(?:;[\w=.+-]{1,64}){0,8},[^\s"'<>)]*/gi;
/** scheme://user:password@ */
const URL_CREDENTIALS = /(?<![a-z0-9+.-])([a-z][a-z0-9+.-]{0,31}:\/\/[^\s:@/"'<>]{0,256}):[^\s@/"'<>]{0,1024}@/gi;
/** The token segment of an invite or password-reset link (/project/invite/{t}, /api/v1/auth/invite/{t}, /user/resetpassword/{t}). */
const LINK_TOKEN = /(\/(?:invite|resetpassword)\/)[^/?#\s"'<>]+/gi;
/**
 * A secret-named key and its value in text: `api_key=…` in a query string, `"token": "…"` in JSON text,
 * `Authorization: Bearer …` in header text. The key is a whole word holding the stem. Quantifiers are
 * bounded so that no text (a hostile body of 1 MiB) makes a match quadratic.
 */
const SECRET_PAIR = new RegExp(
  String.raw`((?<![A-Za-z0-9_.-])["']?[A-Za-z0-9_.-]{0,64}(?:${SECRET_STEM})[A-Za-z0-9_.-]{0,64}["']?[ \t]{0,8}[:=][ \t]{0,8})(\[redacted\]|"(?:[^"\\]|\\.)*"|'[^']*'|(?:Bearer|Basic|Token|Digest)\s+[^\s,&;"'}\]]+|[^\s,&;"'}\]]+)`,
  'gi',
);

export function isSecretKey(key: string, extra: ReadonlySet<string> = new Set()): boolean {
  return SECRET_KEY.test(key) || extra.has(key);
}

function quoted(value: string): string {
  const quote = value[0];
  return quote === '"' || quote === "'" ? `${quote}${REDACTED}${quote}` : REDACTED;
}

/** `text` with every secret found by what it is replaced by REDACTED. */
export function scrubText(text: string): string {
  // A quick exit for the common case: nothing that any rule could match.
  if (!/[=:/_]|[A-Z2-7]{32}/.test(text)) return text;
  return text
    .replace(OTPAUTH_URL, REDACTED)
    .replace(DATA_URL, REDACTED)
    .replace(TOKEN, REDACTED)
    .replace(TOTP_SEED, REDACTED)
    .replace(URL_CREDENTIALS, `$1:${REDACTED}@`)
    .replace(LINK_TOKEN, `$1${REDACTED}`)
    .replace(SECRET_PAIR, (_match, key: string, value: string) => key + quoted(value));
}

/** JSON text inside a string (a workflow node's headers or body): redacted as JSON, else as text. */
function scrubString(text: string, extra: ReadonlySet<string>, depth: number): string {
  const first = text.trimStart()[0];
  if ((first === '{' || first === '[') && text.length <= 1024 * 1024) {
    try {
      return JSON.stringify(redact(JSON.parse(text), extra, depth + 1));
    } catch {
      // Not JSON (a template with {{ }}, or plain text): the text rules below.
    }
  }
  return scrubText(text);
}

/** An object's key naming a header or parameter and its value beside it: { key: 'api_key', value: '…' }. */
const PAIR_NAME_KEYS = ['key', 'name', 'header', 'param'] as const;

/**
 * A copy of `value` with every secret replaced: the value of every secret-like key (and of `extra`'s
 * keys), at any depth and inside arrays, and every secret found in a string by what it is.
 */
export function redact(value: unknown, extra: ReadonlySet<string> = new Set(), depth = 0): unknown {
  if (depth > 32) return REDACTED;
  if (typeof value === 'string') return scrubString(value, extra, depth);
  if (Array.isArray(value)) return value.map((item) => redact(item, extra, depth + 1));
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const named = PAIR_NAME_KEYS.find((key) => typeof record[key] === 'string' && isSecretKey(record[key] as string, extra));
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(record)) {
      const secret = isSecretKey(key, extra) || (named !== undefined && key === 'value');
      const safe = secret ? REDACTED : redact(item, extra, depth + 1);
      // defineProperty: a '__proto__' key stays a plain key.
      Object.defineProperty(out, key, { value: safe, enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
}

/** A URL or path with secret-like query parameters removed (the rest kept in order) and link tokens redacted. */
export function safePath(url: string): string {
  const at = url.indexOf('?');
  const path = scrubText(at < 0 ? url : url.slice(0, at));
  if (at < 0) return path;
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
    })
    .map(scrubText);
  return kept.length === 0 ? path : `${path}?${kept.join('&')}`;
}
