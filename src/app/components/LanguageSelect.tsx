import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LOCALES, isLocale } from '../../../runtime/i18n';
import { localeStore, setLocale } from '../../../renderers/ui/prefs';
import { useStore } from '../../../renderers/ui/store';
import { useMediaQuery } from '../../../renderers/screens/list/useMediaQuery';

/** A phone's header has room for the language's code (EN, SR) only; the full name is the option's title. */
const NARROW_HEADER = '(max-width: 420px)';

export function LanguageSelect() {
  const locale = useStore(localeStore);
  const intl = useIntl();
  const id = useId();
  const narrow = useMediaQuery(NARROW_HEADER);
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
          <option key={l} value={l} title={intl.formatMessage({ id: `locale.${l}` })}>
            {narrow ? l.slice(0, 2).toUpperCase() : intl.formatMessage({ id: `locale.${l}` })}
          </option>
        ))}
      </select>
    </span>
  );
}
