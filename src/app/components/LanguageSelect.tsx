import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LOCALES, isLocale } from '../../../runtime/i18n';
import { localeStore, setLocale } from '../../../renderers/ui/prefs';
import { useStore } from '../../../renderers/ui/store';

export function LanguageSelect() {
  const locale = useStore(localeStore);
  const intl = useIntl();
  const id = useId();
  return (
    <span className="language-select">
      <label htmlFor={id} className="visually-hidden">
        <FormattedMessage id="common.language" />
      </label>
      <select
        id={id}
        data-testid="language-select"
        value={locale}
        onChange={(e) => isLocale(e.target.value) && setLocale(e.target.value)}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l}>
            {intl.formatMessage({ id: `locale.${l}` })}
          </option>
        ))}
      </select>
    </span>
  );
}
