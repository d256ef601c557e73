// Activation codes of paid integrations (APPS.md "Integrations"; spec sections 5 and 8: 'invalid
// activation code'). A code is issued for one integration in one project by whoever holds the
// operator's secret (LUMA_ACTIVATION_SECRET; docs/integrations.md "Activation codes"):
// the first 100 bits of HMAC-SHA256(secret, '{integration}:{project}') in Crockford base32, in four
// groups of five. Nothing is stored to check one, so every instance checks alike; without the secret
// no code is valid (a paid integration cannot be installed).
import { createHmac, timingSafeEqual } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_LENGTH = 20;

/** The activation code of integration `id` in project `projectUuid`. */
export function activationCodeFor(secret: string, id: string, projectUuid: string): string {
  const digest = createHmac('sha256', secret).update(`${id}:${projectUuid.toLowerCase()}`).digest();
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of digest) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < CODE_LENGTH) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
    if (out.length === CODE_LENGTH) break;
  }
  return out.match(/.{5}/g)!.join('-');
}

/** A code as typed: upper case, without spaces and dashes; Crockford's look-alikes read as digits. */
function normalise(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

/** Whether `code` activates integration `id` in the project (constant time; false without a secret). */
export function isValidActivationCode(secret: string | null, id: string, projectUuid: string, code: unknown): boolean {
  if (!secret || typeof code !== 'string' || code.length > 64) return false;
  const given = Buffer.from(normalise(code));
  const expected = Buffer.from(normalise(activationCodeFor(secret, id, projectUuid)));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
