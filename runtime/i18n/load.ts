// The browser's catalogue for a locale: the default one is always at hand, another is loaded when
// first asked for, so a page carries the text of one locale only.
import { EN_US_CATALOGUE, type Catalogue, type Locale } from './index';

const loaded = new Map<Locale, Catalogue>([['en_US', EN_US_CATALOGUE]]);

/** The catalogue if it is already here (the default always is). */
export function catalogueNow(locale: Locale): Catalogue | undefined {
  return loaded.get(locale);
}

export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  const ready = loaded.get(locale);
  if (ready) return ready;
  const catalogue = (await import('./sr.catalogue')).SR_CATALOGUE;
  loaded.set(locale, catalogue);
  return catalogue;
}
