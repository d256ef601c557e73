// The PWA install prompt (spec sections 2 and 9; docs/platform.md "Installable app"): a small card at
// the bottom of /admin pages when the browser offers to install the app and the prompt was not
// dismissed in the last 7 days. Install opens the browser's own dialog; "Not now", or declining the
// browser's dialog, records the dismissal. `now` is the clock (a test passes its own).
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useRouterState } from '@tanstack/react-router';
import type { KeyValueStore } from '../../../runtime/client/storage';
import { browserStorage } from '../../../runtime/client/storage';
import { useStore } from '../../../renderers/ui/store';
import { Download } from '../../../renderers/ui/icons';
import { installOfferStore, readDismissedAt, recordDismissed, shouldShowInstallPrompt } from '../pwa/installPrompt';

export interface InstallPromptProps {
  now?: () => number;
  storage?: KeyValueStore;
}

/** The prompt for the router's current path. */
export function InstallPrompt(props: InstallPromptProps) {
  const path = useRouterState({ select: (state) => state.location.pathname });
  return <InstallPromptCard path={path} {...props} />;
}

/** The prompt for a given path: shown when shouldShowInstallPrompt says so. */
export function InstallPromptCard({ path, now = Date.now, storage = browserStorage }: InstallPromptProps & { path: string }) {
  const intl = useIntl();
  const offer = useStore(installOfferStore);
  const [dismissedAt, setDismissedAt] = useState(() => readDismissedAt(storage));
  if (!shouldShowInstallPrompt({ path, offered: offer !== null, dismissedAt, now: now() })) return null;

  const dismiss = () => {
    const at = now();
    recordDismissed(at, storage);
    setDismissedAt(at);
  };
  const install = async () => {
    await offer!.prompt();
    const { outcome } = await offer!.userChoice;
    // The browser's offer is used up either way; declining counts as dismissing ours.
    installOfferStore.set(null);
    if (outcome === 'dismissed') dismiss();
  };

  return (
    <aside className="install-prompt card" role="region" aria-label={intl.formatMessage({ id: 'install.title' })} data-testid="install-prompt">
      <span className="install-prompt-icon" aria-hidden="true">
        <Download />
      </span>
      <div className="install-prompt-text">
        <strong>
          <FormattedMessage id="install.title" />
        </strong>
        <p className="muted">
          <FormattedMessage id="install.body" />
        </p>
      </div>
      <div className="install-prompt-actions">
        <button type="button" className="button button-ghost" data-testid="install-dismiss" onClick={dismiss}>
          <FormattedMessage id="install.notNow" />
        </button>
        <button type="button" className="button button-primary" data-testid="install-accept" onClick={() => void install()}>
          <FormattedMessage id="install.install" />
        </button>
      </div>
    </aside>
  );
}
