// The product's locales and their BCP 47 tags, apart from the catalogues so the build config can read
// them (vite.config.ts keeps react-aria's strings for these locales only).
export const LOCALES = ['en_US', 'sr'] as const;
export type Locale = (typeof LOCALES)[number];

/** BCP 47 tags for Intl (sr is written in Latin script). */
export const LOCALE_TAG: Record<Locale, string> = { en_US: 'en-US', sr: 'sr-Latn-RS' };
