// The PWA install prompt's rule (spec sections 2 and 9): shown only on /admin paths, only when the
// browser offered to install (the `beforeinstallprompt` event, kept here from the page's start), and
// only when it was never dismissed or more than 7 days have passed since. The dismissal time is kept in
// localStorage; the time is read through a clock the caller passes, so a test moves it.
import { browserStorage, STORAGE_KEY, type KeyValueStore } from '../../../runtime/client/storage';
import { createStore } from '../../../renderers/ui/store';

/** Spec section 9: the prompt shows again only after more than this since it was last dismissed. */
export const INSTALL_PROMPT_QUIET_MS = 7 * 24 * 60 * 60 * 1000;

/** The event Chromium fires when the app may be installed (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

/** The browser's offer to install, while there is one (null before it, and once installed). */
export const installOfferStore = createStore<BeforeInstallPromptEvent | null>(null);

export function isAdminPath(path: string): boolean {
  return path === '/admin' || path.startsWith('/admin/');
}

export function readDismissedAt(storage: KeyValueStore = browserStorage): number | null {
  const value = Number(storage.getItem(STORAGE_KEY.installDismissedAt));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function recordDismissed(at: number, storage: KeyValueStore = browserStorage): void {
  storage.setItem(STORAGE_KEY.installDismissedAt, String(at));
}

/** Whether the prompt shows: on an /admin path, with an offer, never dismissed or dismissed more than 7 days before `now`. */
export function shouldShowInstallPrompt(input: { path: string; offered: boolean; dismissedAt: number | null; now: number }): boolean {
  if (!input.offered || !isAdminPath(input.path)) return false;
  return input.dismissedAt === null || input.now - input.dismissedAt > INSTALL_PROMPT_QUIET_MS;
}

/**
 * Keeps the browser's install offer for the prompt (and stops Chromium's own mini bar, so the app
 * decides when to ask); forgets it once the app is installed. Called once at the page's start.
 */
export function listenForInstallOffer(target: Window = window): () => void {
  const offered = (event: Event) => {
    event.preventDefault();
    installOfferStore.set(event as BeforeInstallPromptEvent);
  };
  const installed = () => installOfferStore.set(null);
  target.addEventListener('beforeinstallprompt', offered);
  target.addEventListener('appinstalled', installed);
  return () => {
    target.removeEventListener('beforeinstallprompt', offered);
    target.removeEventListener('appinstalled', installed);
  };
}
