// /mobile (spec section 2, a public route): Luma on a phone. The app is installable (docs/platform.md
// "Installable app"): this page offers the browser's install dialog when the browser has offered one,
// says so when Luma already runs installed, and otherwise shows how to add it to the home screen on
// Android and on iPhone or iPad. It needs no session.
import { FormattedMessage } from 'react-intl';
import { useStore } from '../../../renderers/ui/store';
import { Download, Smartphone } from '../../../renderers/ui/icons';
import { AppLink } from '../components/AppLink';
import { PublicFrame } from '../components/PublicFrame';
import { installOfferStore } from '../pwa/installPrompt';

function runsInstalled(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
}

function InstallCard() {
  const offer = useStore(installOfferStore);
  if (runsInstalled()) {
    return (
      <p className="callout callout-info" data-testid="mobile-installed">
        <FormattedMessage id="mobile.installed" />
      </p>
    );
  }
  if (offer) {
    const install = async () => {
      await offer.prompt();
      await offer.userChoice;
      installOfferStore.set(null);
    };
    return (
      <button type="button" className="button button-primary" data-testid="mobile-install" onClick={() => void install()}>
        <Download aria-hidden="true" /> <FormattedMessage id="mobile.install" />
      </button>
    );
  }
  return (
    <ol className="mobile-steps" data-testid="mobile-steps">
      <li>
        <strong>
          <FormattedMessage id="mobile.android.title" />
        </strong>{' '}
        <FormattedMessage id="mobile.android.steps" />
      </li>
      <li>
        <strong>
          <FormattedMessage id="mobile.ios.title" />
        </strong>{' '}
        <FormattedMessage id="mobile.ios.steps" />
      </li>
    </ol>
  );
}

export function MobilePage() {
  return (
    <PublicFrame wide testId="mobile-page">
      <section className="landing mobile">
        <p className="eyebrow">
          <Smartphone aria-hidden="true" className="mobile-eyebrow-icon" /> <FormattedMessage id="mobile.eyebrow" />
        </p>
        <h1>
          <FormattedMessage id="mobile.title" />
        </h1>
        <p className="lead">
          <FormattedMessage id="mobile.intro" />
        </p>
        <div className="card mobile-install">
          <h2>
            <FormattedMessage id="mobile.installTitle" />
          </h2>
          <InstallCard />
        </div>
        <p className="muted">
          <FormattedMessage id="mobile.privacy" />
        </p>
        <div className="actions">
          <AppLink className="button button-primary" href="/login" data-testid="mobile-sign-in">
            <FormattedMessage id="common.signIn" />
          </AppLink>
          <AppLink className="button" href="/admin/dashboard">
            <FormattedMessage id="landing.openConsole" />
          </AppLink>
        </div>
      </section>
    </PublicFrame>
  );
}
