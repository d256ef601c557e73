// The PWA install prompt (spec sections 2 and 9): on /admin paths only, only once the browser offered to
// install (a real `beforeinstallprompt` event on the window), and after "Not now" not again until more
// than 7 days have passed on the injected clock. Install opens the browser's dialog (the event's
// prompt()); declining there counts as a dismissal.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IntlProvider } from 'react-intl';
import { CATALOGUES } from '../../runtime/i18n/catalogues';
import { memoryStorage, STORAGE_KEY, type KeyValueStore } from '../../runtime/client/storage';
import { LOCALE_TAG } from '../../runtime/i18n/tags';
import { InstallPromptCard } from '../../src/app/components/InstallPrompt';
import { INSTALL_PROMPT_QUIET_MS, installOfferStore, listenForInstallOffer, shouldShowInstallPrompt } from '../../src/app/pwa/installPrompt';

afterEach(cleanup);

const DAY = 24 * 60 * 60 * 1000;
const START = Date.UTC(2026, 10, 1, 9, 0, 0);

/** The browser's offer as Chromium fires it: an Event with prompt() and userChoice. */
function offerEvent(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }>; prompted: number };
  event.prompted = 0;
  event.prompt = async () => {
    event.prompted += 1;
  };
  event.userChoice = Promise.resolve({ outcome });
  return event;
}

function mount(path: string, now: () => number, storage: KeyValueStore, locale: 'en_US' | 'sr' = 'en_US') {
  return render(
    <IntlProvider locale={LOCALE_TAG[locale]} messages={CATALOGUES[locale]}>
      <InstallPromptCard path={path} now={now} storage={storage} />
    </IntlProvider>,
  );
}

describe('install prompt', () => {
  let stop: () => void = () => undefined;
  beforeEach(() => {
    installOfferStore.set(null);
    stop = listenForInstallOffer(window);
    return () => stop();
  });

  it('shows only on /admin paths and only once the browser offered to install', () => {
    const storage = memoryStorage();
    const { unmount } = mount('/admin/dashboard', () => START, storage);
    expect(screen.queryByTestId('install-prompt')).toBeNull();
    const event = offerEvent('accepted');
    act(() => void window.dispatchEvent(event));
    // The app keeps the offer and stops the browser's own bar.
    expect(event.defaultPrevented).toBe(true);
    expect(screen.getByTestId('install-prompt')).toBeTruthy();
    unmount();
    for (const path of ['/home/home', '/login', '/mobile', '/administrator', '/']) {
      const other = mount(path, () => START, storage);
      expect(screen.queryByTestId('install-prompt'), path).toBeNull();
      other.unmount();
    }
    mount('/admin', () => START, storage);
    expect(screen.getByTestId('install-prompt')).toBeTruthy();
  });

  it('after Not now, stays hidden for 7 days and shows again only once more than 7 days have passed', () => {
    const storage = memoryStorage();
    let now = START;
    act(() => void window.dispatchEvent(offerEvent('accepted')));
    const first = mount('/admin/components', () => now, storage);
    fireEvent.click(screen.getByTestId('install-dismiss'));
    expect(screen.queryByTestId('install-prompt')).toBeNull();
    expect(storage.getItem(STORAGE_KEY.installDismissedAt)).toBe(String(START));
    first.unmount();

    for (const [later, shown] of [
      [DAY, false],
      [7 * DAY - 1, false],
      [7 * DAY, false],
      [7 * DAY + 1, true],
      [30 * DAY, true],
    ] as const) {
      now = START + later;
      const view = mount('/admin/components', () => now, storage);
      expect(screen.queryByTestId('install-prompt') !== null, `${later} ms after`).toBe(shown);
      view.unmount();
    }
    expect(INSTALL_PROMPT_QUIET_MS).toBe(7 * DAY);
  });

  it('Install opens the browser dialog; declining it counts as a dismissal, accepting it ends the offer', async () => {
    const storage = memoryStorage();
    const declined = offerEvent('dismissed');
    act(() => void window.dispatchEvent(declined));
    const view = mount('/admin/dashboard', () => START + 3 * DAY, storage);
    await act(async () => void fireEvent.click(screen.getByTestId('install-accept')));
    expect(declined.prompted).toBe(1);
    expect(storage.getItem(STORAGE_KEY.installDismissedAt)).toBe(String(START + 3 * DAY));
    expect(screen.queryByTestId('install-prompt')).toBeNull();
    view.unmount();

    const accepted = offerEvent('accepted');
    act(() => void window.dispatchEvent(accepted));
    const fresh = memoryStorage();
    mount('/admin/dashboard', () => START, fresh);
    await act(async () => void fireEvent.click(screen.getByTestId('install-accept')));
    expect(accepted.prompted).toBe(1);
    expect(fresh.getItem(STORAGE_KEY.installDismissedAt)).toBeNull();
    expect(installOfferStore.get()).toBeNull();
    expect(screen.queryByTestId('install-prompt')).toBeNull();
  });

  it('speaks both languages, and an installed app forgets the offer', () => {
    act(() => void window.dispatchEvent(offerEvent('accepted')));
    mount('/admin/dashboard', () => START, memoryStorage(), 'sr');
    expect(screen.getByTestId('install-prompt').textContent).toContain('Instalirajte Lumu');
    act(() => void window.dispatchEvent(new Event('appinstalled')));
    expect(screen.queryByTestId('install-prompt')).toBeNull();
  });

  it('the rule itself: no offer or another path never shows; a stored time in the future keeps it hidden', () => {
    expect(shouldShowInstallPrompt({ path: '/admin/x', offered: false, dismissedAt: null, now: START })).toBe(false);
    expect(shouldShowInstallPrompt({ path: '/home/x', offered: true, dismissedAt: null, now: START })).toBe(false);
    expect(shouldShowInstallPrompt({ path: '/admin/x', offered: true, dismissedAt: START + DAY, now: START })).toBe(false);
  });
});
