// input/text_i18n: the multi-language text input (spec section 2, "Widget notes"): a locale dropdown
// with an Edit entry opening the Locales sidebar; one input, for the chosen locale. The value is
// {locales: {en_US: '...', sr: '...'}} (spec section 3 "Values"); the text rules run per locale.
import { useIntl } from 'react-intl';
import { rankWith, moduleTypeIs, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { FieldFrame, inputAria } from '../shared/FieldFrame';
import { localesOf } from '../shared/LocaleChoice';
import { localeName, LocaleSwitcher, useLocaleEditor } from '../shared/LocaleSwitcher';

export { localesOf };

export function TextI18nControl(props: ControlProps) {
  const intl = useIntl();
  const { field, value, onChange, id, readOnly } = props;
  const state = useLocaleEditor(props);
  const locale = state.current;
  const locales = localesOf(value);
  return (
    <FieldFrame props={props} group>
      <LocaleSwitcher props={props} state={state} />
      <div className="locale-input">
        <label htmlFor={id} className="muted">
          {intl.formatMessage({ id: 'records.localeInput' }, { label: field.label || field.key, locale: localeName(intl, locale) })}
        </label>
        <input
          id={id}
          name={`${field.key}.${locale}`}
          lang={locale.replace('_', '-')}
          value={locales[locale] ?? ''}
          placeholder={field.options.placeholder || undefined}
          readOnly={readOnly}
          {...inputAria(props)}
          onChange={(e) => onChange({ locales: { ...locales, [locale]: e.target.value } })}
        />
      </div>
    </FieldFrame>
  );
}

export const textI18nControlTester = rankWith(RANK.exact, moduleTypeIs('input', 'text_i18n'));
