// The multi-language editor's locales (spec section 3: texti18n default_locale, else en_US, else the
// user's locale; value {locales: {code: text}}).
import { LOCALES } from '../../../runtime/i18n';

export const FALLBACK_LOCALE = 'en_US';

/** The locales a multi-language value holds ({locales: {...}}); anything else holds none. */
export function localesOf(value: unknown): Record<string, string> {
  if (value && typeof value === 'object' && 'locales' in value) {
    const locales = (value as { locales: unknown }).locales;
    if (locales && typeof locales === 'object' && !Array.isArray(locales)) return locales as Record<string, string>;
  }
  return {};
}

const LOCALE_CODE = /^[a-z]{2,3}(_[A-Za-z0-9]{2,4})?$/;

/**
 * The locale the editor opens on: custom_data.default_locale when it is a locale code, else en_US
 * when offered, else the user's locale (else the first offered).
 */
export function chooseDefaultLocale(defaultLocale: unknown, userLocale: string, offered: readonly string[] = LOCALES): string {
  if (typeof defaultLocale === 'string' && LOCALE_CODE.test(defaultLocale.trim())) return defaultLocale.trim();
  if (offered.includes(FALLBACK_LOCALE)) return FALLBACK_LOCALE;
  if (offered.includes(userLocale)) return userLocale;
  return offered[0] ?? userLocale;
}

/** The locales shown at first: the default one, then those the value holds, in LOCALES order. */
export function initialLocales(value: unknown, defaultLocale: string, offered: readonly string[] = LOCALES): string[] {
  const held = Object.keys(localesOf(value));
  const known = offered.filter((code) => held.includes(code));
  const extra = held.filter((code) => !offered.includes(code));
  return [...new Set([defaultLocale, ...known, ...extra])];
}
