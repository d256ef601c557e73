// /admin/component/$ref/settings (and $scope/$name): the component settings screen.
import { useNavigate, useParams, useRouterState } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { errorDisplay } from '../../../../../runtime/client/errorMessage';
import { Message } from '../../../../../renderers/ui/Message';
import { localeStore } from '../../../../../renderers/ui/prefs';
import { useStore } from '../../../../../renderers/ui/store';
import { truncateTitle } from '../../../../../renderers/ui/truncate';
import { NotFoundPage } from '../../../pages/NotFoundPage';
import { componentLabel } from '../../../../../renderers/ui/componentLabel';
import { SettingsPanels } from './SettingsPanels';
import { panelId, SettingsTabs, tabId } from './SettingsTabs';
import { tabFromHash, type SettingsTab } from './tabs';
import { useSettingsController } from './useSettingsController';
import { VersionBar } from './VersionBar';
import { fieldsLocked } from './fieldsLock';
import { RecordsLink } from '../RecordsLink';

export function useRefParam(): string {
  const params = useParams({ strict: false }) as { ref?: string; scope?: string; name?: string };
  return params.ref ?? `${params.scope ?? ''}/${params.name ?? ''}`;
}

export function ComponentSettingsPage() {
  const ref = useRefParam();
  const ctl = useSettingsController(ref);
  const locale = useStore(localeStore);
  const navigate = useNavigate();
  const hash = useRouterState({ select: (s) => s.location.hash });
  const tab = tabFromHash(hash);

  if (ctl.components.isSuccess && !ctl.component) return <NotFoundPage />;
  const failure = ctl.components.error ?? ctl.settings.error;
  if (failure) {
    const shown = errorDisplay(failure);
    return (
      <div className="page">
        <p className="form-error" role="alert">
          <Message value={shown.kind === 'reported' ? 'unexpectedError' : shown.messageKey} />
        </p>
      </div>
    );
  }
  const model = ctl.draft;
  if (!model || !ctl.loaded || !ctl.version) return <div className="page"><div className="skeleton" aria-busy="true" /></div>;

  const locked = fieldsLocked(ctl.loaded, ctl.version);
  const disabledTabs = new Set<SettingsTab>(locked ? ['fields'] : []);
  const select = (next: SettingsTab) => void navigate({ to: '.', hash: next, replace: false, hashScrollIntoView: false });

  return (
    <div className="page settings-page" data-testid="component-settings">
      {ctl.leavePrompt}
      <header className="page-header page-header-row">
        <div>
          <h1 title={componentLabel(ctl.loaded, locale)}>{truncateTitle(componentLabel(ctl.loaded, locale))}</h1>
          <p className="muted">
            <code>{ctl.loaded.ref}</code>
          </p>
        </div>
        {ctl.dirty ? null : <RecordsLink component={ctl.loaded} className="button" withHint />}
        {ctl.dirty ? (
          <div className="save-bar" role="group" aria-label="unsaved changes">
            <span className="muted">
              <FormattedMessage id="cmp.settings.unsaved" />
            </span>
            <button type="button" className="button" data-testid="settings-restore" onClick={ctl.restore} disabled={ctl.saving}>
              <FormattedMessage id="cmp.settings.restore" />
            </button>
            <button type="button" className="button button-primary" data-testid="settings-save" onClick={() => void ctl.save()} disabled={ctl.saving}>
              <FormattedMessage id={ctl.saving ? 'cmp.settings.saving' : 'cmp.settings.save'} />
            </button>
          </div>
        ) : null}
      </header>
      <VersionBar ctl={ctl} ask={ctl.askToLeave} />
      {ctl.saveFailure ? (
        <div className="form-error" role="alert" data-testid="save-error">
          <Message value={ctl.saveFailure} />
          {Object.keys(ctl.saveErrors).length > 0 ? (
            <ul>
              {Object.entries(ctl.saveErrors).map(([path, messages]) => (
                <li key={path}>
                  <code>{path}</code>: {messages.map((m, i) => <Message key={i} value={m} />)}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <SettingsTabs active={tab} disabled={disabledTabs} onSelect={select} />
      <div className="tab-panel" role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
        <SettingsPanels tab={tab} ctl={ctl} model={model} locked={locked} />
      </div>
    </div>
  );
}
