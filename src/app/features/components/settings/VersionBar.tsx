// The viewed version (a select of the component's versions) and where dev and live point.
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import type { SettingsController } from './useSettingsController';

export function VersionBar({ ctl, ask }: { ctl: SettingsController; ask: () => Promise<boolean> }) {
  const id = useId();
  const loaded = ctl.loaded;
  if (!loaded || !ctl.version) return null;
  const change = async (next: string) => {
    if (next === ctl.version) return;
    if (await ask()) ctl.setVersion(next);
  };
  return (
    <div className="version-bar" data-testid="version-bar">
      <label htmlFor={id}>
        <FormattedMessage id="cmp.version.viewed" />
      </label>
      <select id={id} data-testid="version-select" value={ctl.version} onChange={(e) => void change(e.target.value)}>
        {loaded.versions.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
      <span className="version-badge">
        <span className="badge badge-info" data-testid="badge-dev">
          dev: {loaded.dev_version ?? '—'}
        </span>
        <span className="badge badge-success" data-testid="badge-live">
          live: {loaded.public_version ?? '—'}
        </span>
      </span>
      {ctl.version === loaded.public_version ? (
        <span className="muted">
          <FormattedMessage id="cmp.version.viewingLive" />
        </span>
      ) : null}
    </div>
  );
}
