// role=tablist with roving focus: arrows, Home and End move between the enabled tabs.
import { useRef, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SETTINGS_TABS, tabAfterKey, type SettingsTab } from './tabs';

interface Props {
  active: SettingsTab;
  disabled: ReadonlySet<SettingsTab>;
  onSelect: (tab: SettingsTab) => void;
}

export const tabId = (tab: SettingsTab) => `settings-tab-${tab}`;
export const panelId = (tab: SettingsTab) => `settings-panel-${tab}`;

export function SettingsTabs({ active, disabled, onSelect }: Props) {
  const intl = useIntl();
  const refs = useRef(new Map<SettingsTab, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent) => {
    // Arrows move from the focused tab (normally the selected one).
    const focused = (event.target as HTMLElement).dataset.tab as SettingsTab | undefined;
    const next = tabAfterKey(focused ?? active, event.key, disabled);
    if (!next) return;
    event.preventDefault();
    onSelect(next);
    refs.current.get(next)?.focus();
  };
  return (
    <div className="tabs" role="tablist" aria-label={intl.formatMessage({ id: 'cmp.settings.tabs' })} onKeyDown={onKeyDown}>
      {SETTINGS_TABS.map((tab) => {
        const selected = tab === active;
        const off = disabled.has(tab);
        return (
          <button
            key={tab}
            ref={(el) => void (el ? refs.current.set(tab, el) : refs.current.delete(tab))}
            type="button"
            role="tab"
            id={tabId(tab)}
            data-testid={tabId(tab)}
            data-tab={tab}
            className={`tab${selected ? ' is-selected' : ''}`}
            aria-selected={selected}
            aria-controls={panelId(tab)}
            aria-disabled={off ? 'true' : undefined}
            tabIndex={selected ? 0 : -1}
            onClick={() => !off && onSelect(tab)}
          >
            <FormattedMessage id={`cmp.tab.${tab}`} />
          </button>
        );
      })}
    </div>
  );
}
