// Every locale's catalogue at once, for the server and the tests. The browser never imports this
// module: a page carries the default catalogue and loads another locale's on demand (load.ts).
import { EN_US_CATALOGUE, type Catalogue, type Locale } from './index';
import { SR_CATALOGUE } from './sr.catalogue';

export const CATALOGUES: Record<Locale, Catalogue> = { en_US: EN_US_CATALOGUE, sr: SR_CATALOGUE };
export * from './index';
