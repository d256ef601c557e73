// User preferences kept in localStorage: theme, locale, environment (spec section 9 defaults).
import { DEFAULT_ENVIRONMENT, ENVIRONMENTS, type Environment } from '../../runtime/api/contract';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../runtime/i18n';
import { browserStorage, STORAGE_KEY, type KeyValueStore } from '../../runtime/client/storage';
import { createStore } from './store';

export type Theme = 'light' | 'dark';
export const DEFAULT_THEME: Theme = 'light';

export function readTheme(storage: KeyValueStore = browserStorage): Theme {
  return storage.getItem(STORAGE_KEY.theme) === 'dark' ? 'dark' : DEFAULT_THEME;
}

export function readLocale(storage: KeyValueStore = browserStorage): Locale {
  const stored = storage.getItem(STORAGE_KEY.locale);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

export function readEnvironment(storage: KeyValueStore = browserStorage): Environment {
  const stored = storage.getItem(STORAGE_KEY.env);
  return (ENVIRONMENTS as readonly string[]).includes(stored ?? '') ? (stored as Environment) : DEFAULT_ENVIRONMENT;
}

/** The ?lang= query value, when it names a known locale. */
export function localeFromSearch(search: string): Locale | null {
  const lang = new URLSearchParams(search).get('lang');
  return isLocale(lang) ? lang : null;
}

export const themeStore = createStore<Theme>(readTheme());
export const localeStore = createStore<Locale>(readLocale());
export const environmentStore = createStore<Environment>(readEnvironment());

export function setTheme(theme: Theme): void {
  browserStorage.setItem(STORAGE_KEY.theme, theme);
  themeStore.set(theme);
}

export function setLocale(locale: Locale): void {
  browserStorage.setItem(STORAGE_KEY.locale, locale);
  localeStore.set(locale);
}

export function setEnvironment(env: Environment): void {
  browserStorage.setItem(STORAGE_KEY.env, env);
  environmentStore.set(env);
}
