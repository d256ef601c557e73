// The version list of the settings screen (issue 34 item 3): each version with where it runs, and
// one action to deploy it to live, after the diff from what is live and a confirmation. An earlier
// version than the live one is a rollback; the version left stays listed, to roll forward again.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { componentsApi } from '../../../../../runtime/client/components';
import { Dialog } from '../../../../../renderers/ui/Dialog';
import { showToast, TOAST_MS } from '../../../../../renderers/ui/toast';
import { errorDisplay } from '../../../../../runtime/client/errorMessage';
import { ChoiceButtons, FormError } from '../formParts';
import { Section } from './controls';
import type { SettingsController } from './useSettingsController';
import { VersionDiffPanel } from './VersionDiffView';

export function VersionList({ ctl }: { ctl: SettingsController }) {
  const intl = useIntl();
  const loaded = ctl.loaded!;
  const [asked, setAsked] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const live = loaded.public_version;
  const liveAt = live ? loaded.versions.indexOf(live) : -1;
  const deploy = async (version: string) => {
    setBusy(true);
    setError(null);
    try {
      ctl.showComponent(await componentsApi.publish({ ref: loaded.ref, version, env: 'live' }));
      showToast('cmp.actions.deployed', 'success', TOAST_MS.default, { version, env: 'live' });
      setAsked(null);
    } catch (problem) {
      const shown = errorDisplay(problem);
      // A 500 has opened the report already; anything else says its key here.
      setError(shown.kind === 'reported' ? null : shown.messageKey);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section title={<FormattedMessage id="cmp.versions.title" />}>
      <ul className="version-list" data-testid="version-list">
        {loaded.versions.map((version, at) => (
          <li key={version} data-testid={`version-row-${version}`}>
            <span className="version-name">{version}</span>
            {version === loaded.dev_version ? <span className="badge badge-info">dev</span> : null}
            {version === live ? <span className="badge badge-success">live</span> : null}
            {version !== live ? (
              <button type="button" className="button" data-testid={`version-to-live-${version}`} disabled={busy || ctl.dirty} onClick={() => setAsked(version)}>
                <FormattedMessage id={liveAt >= 0 && at < liveAt ? 'cmp.versions.rollback' : 'cmp.versions.toLive'} values={{ version }} />
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <FormError message={error} testId="version-list-error" />
      <Dialog
        open={asked !== null}
        title={<FormattedMessage id="cmp.actions.confirmLiveTitle" />}
        onClose={() => setAsked(null)}
        actions={<ChoiceButtons no="common.no" noTestId="version-live-no" onNo={() => setAsked(null)} yes="common.yes" yesTestId="version-live-yes" onYes={() => void deploy(asked!)} />}
      >
        <p>
          <FormattedMessage id="cmp.actions.confirmLive" values={{ version: asked, current: live ?? intl.formatMessage({ id: 'cmp.none' }) }} />
        </p>
        {asked ? <VersionDiffPanel componentRef={loaded.ref} from={null} to={asked} line={(summary) => intl.formatMessage({ id: 'cmp.diff.deployLine' }, { version: asked, summary })} /> : null}
      </Dialog>
    </Section>
  );
}
