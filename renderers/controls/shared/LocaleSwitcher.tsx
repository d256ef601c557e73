// The multi-language editor's locale controls (spec section 2, "Widget notes"): a locale dropdown
// whose last entry, Edit, opens the Locales sidebar with a multi-select of locales.
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { LOCALES } from '../../../runtime/i18n';
import type { ControlProps } from '../../registry/types';
import { LocaleSidebar } from './LocaleSidebar';
import { chooseDefaultLocale, initialLocales, localesOf } from './LocaleChoice';

const EDIT = '__edit__';

export interface LocaleEditorState {
  defaultLocale: string;
  current: string;
  setCurrent: (code: string) => void;
  enabled: string[];
  setEnabled: (codes: string[]) => void;
  offered: string[];
}

/** Which locales a multi-language field shows, and which one is being edited. */
export function useLocaleEditor(props: ControlProps): LocaleEditorState {
  const { field, value, locale } = props;
  const defaultLocale = chooseDefaultLocale(field.options.customData.default_locale, locale);
  const offered = useMemo(() => [...new Set([defaultLocale, ...LOCALES])], [defaultLocale]);
  const [current, setCurrent] = useState(defaultLocale);
  const [chosen, setEnabled] = useState<string[] | null>(null);
  // Until the user edits the list, it follows the value (a record loaded after mount).
  const enabled = chosen ?? initialLocales(value, defaultLocale, offered);
  return { defaultLocale, current: enabled.includes(current) ? current : defaultLocale, setCurrent, enabled, setEnabled, offered };
}

export function localeName(intl: ReturnType<typeof useIntl>, code: string): string {
  return intl.messages[`locale.${code}`] ? intl.formatMessage({ id: `locale.${code}` }) : code;
}

export function LocaleSwitcher({ props, state }: { props: ControlProps; state: LocaleEditorState }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const { field, value, onChange, readOnly } = props;

  const choose = (codes: string[]) => {
    const next = [...new Set([state.defaultLocale, ...codes])];
    state.setEnabled(next);
    // A locale taken off the list takes its text with it.
    const locales = localesOf(value);
    const kept = Object.fromEntries(Object.entries(locales).filter(([code]) => next.includes(code)));
    if (Object.keys(kept).length !== Object.keys(locales).length) onChange({ locales: kept });
  };

  return (
    <div className="locale-switcher">
      <select
        data-testid="locale-select"
        name={`${field.key}.__locale`}
        aria-label={intl.formatMessage({ id: 'locale.select' })}
        value={state.current}
        onChange={(e) => {
          if (e.target.value === EDIT) setOpen(true);
          else state.setCurrent(e.target.value);
        }}
      >
        {state.enabled.map((code) => (
          <option key={code} value={code}>
            {localeName(intl, code)}
          </option>
        ))}
        <option value={EDIT} data-testid="locale-edit" disabled={readOnly}>
          {intl.formatMessage({ id: 'locale.edit' })}
        </option>
      </select>
      {open ? (
        <LocaleSidebar
          offered={state.offered}
          selected={state.enabled}
          required={state.defaultLocale}
          onChange={choose}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
}
