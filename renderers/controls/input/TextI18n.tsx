// One input per locale; the value is {locales: {en_US: '...', sr: '...'}} (spec section 3 "Values").
import { useIntl } from 'react-intl';
import { LOCALES } from '../../../runtime/i18n';
import { rankWith, moduleTypeIs, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { FieldFrame, inputAria } from '../shared/FieldFrame';

export function localesOf(value: unknown): Record<string, string> {
  if (value && typeof value === 'object' && 'locales' in value) {
    const locales = (value as { locales: unknown }).locales;
    if (locales && typeof locales === 'object') return locales as Record<string, string>;
  }
  return {};
}

/** custom_data.default_locale first, then en_US, then the others. */
function orderedLocales(defaultLocale: unknown): string[] {
  const first = typeof defaultLocale === 'string' && defaultLocale ? defaultLocale : 'en_US';
  return [first, ...LOCALES.filter((l) => l !== first)];
}

export function TextI18nControl(props: ControlProps) {
  const intl = useIntl();
  const { field, value, onChange, id, readOnly } = props;
  const locales = localesOf(value);
  return (
    <FieldFrame props={props} group>
      {orderedLocales(field.options.customData.default_locale).map((locale, i) => {
        const inputId = i === 0 ? id : `${id}-${locale}`;
        const name = intl.messages[`locale.${locale}`] ? intl.formatMessage({ id: `locale.${locale}` }) : locale;
        return (
          <div className="locale-input" key={locale}>
            <label htmlFor={inputId} className="muted">
              {intl.formatMessage({ id: 'records.localeInput' }, { label: field.label || field.key, locale: name })}
            </label>
            <input
              id={inputId}
              name={`${field.key}.${locale}`}
              lang={locale.replace('_', '-')}
              value={locales[locale] ?? ''}
              placeholder={field.options.placeholder || undefined}
              readOnly={readOnly}
              {...inputAria(props)}
              onChange={(e) => onChange({ locales: { ...locales, [locale]: e.target.value } })}
            />
          </div>
        );
      })}
    </FieldFrame>
  );
}

export const textI18nControlTester = rankWith(RANK.exact, moduleTypeIs('input', 'text_i18n'));
