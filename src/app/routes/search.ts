// Search-parameter validators (typed ?page, ?preset, ?lib, ?v, ?lang, ?force, ?redirect).
// TanStack Router JSON-parses values, so numbers and booleans may arrive typed or as text.
import { isLocale, type Locale } from '../../../runtime/i18n';

type Raw = Record<string, unknown>;

export function positiveInt(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

export function text(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function flag(value: unknown): boolean | undefined {
  if (value === true || value === 'true' || value === 1 || value === '1') return true;
  return undefined;
}

export interface LangSearch {
  lang?: Locale;
}
export const validateLangSearch = (search: Raw): LangSearch => (isLocale(search.lang) ? { lang: search.lang } : {});

export interface LandingSearch {
  force?: boolean;
}
export const validateLandingSearch = (search: Raw): LandingSearch => {
  const force = flag(search.force);
  return force ? { force } : {};
};

export interface LoginSearch {
  redirect?: string;
}
export const validateLoginSearch = (search: Raw): LoginSearch => {
  const redirect = text(search.redirect);
  return redirect ? { redirect } : {};
};

/** Record lists: ?page and ?preset. */
export interface ListSearch {
  page?: number;
  preset?: string;
}
export const validateListSearch = (search: Raw): ListSearch => {
  const out: ListSearch = {};
  const page = positiveInt(search.page);
  const preset = text(search.preset);
  if (page) out.page = page;
  if (preset) out.preset = preset;
  return out;
};

/** The component editor: ?v is the version (a number, or a component version name such as "v2"). */
export interface VersionSearch {
  v?: number | string;
}
export const validateVersionSearch = (search: Raw): VersionSearch => {
  const v = positiveInt(search.v) ?? text(search.v);
  return v !== undefined ? { v } : {};
};

/** Media library pages: ?lib is the chosen library; ?tab=documents its documents tab, ?doc the document
 * open in it (its path) (under /admin and /home alike). */
export interface LibrarySearch {
  lib?: string;
  tab?: 'documents';
  doc?: string;
}
export const validateLibrarySearch = (search: Raw): LibrarySearch => {
  const lib = text(search.lib);
  const documents = search.tab === 'documents';
  const doc = documents ? text(search.doc) : undefined;
  return { ...(lib ? { lib } : {}), ...(documents ? { tab: 'documents' as const } : {}), ...(doc ? { doc } : {}) };
};
