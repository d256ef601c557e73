// text/editor_i18n: the rich text editor per locale: a locale dropdown with an Edit entry opening the
// Locales sidebar; the value is {locales: {code: html}} and the text rules run per locale on the
// text with tags stripped (runtime/validation).
import { useIntl } from 'react-intl';
import { rankWith, moduleTypeIs, RANK } from '../../registry';
import type { ControlProps } from '../../registry/types';
import { FieldFrame, inputAria } from '../shared/FieldFrame';
import { localesOf } from '../shared/LocaleChoice';
import { localeName, LocaleSwitcher, useLocaleEditor } from '../shared/LocaleSwitcher';
import { RichEditor } from './rich/LazyRichEditor';

export function EditorI18nControl(props: ControlProps) {
  const intl = useIntl();
  const { field, value, onChange, id, readOnly } = props;
  const state = useLocaleEditor(props);
  const locale = state.current;
  const locales = localesOf(value);
  return (
    <FieldFrame props={props} group>
      <LocaleSwitcher props={props} state={state} />
      <small className="muted" id={`${id}-locale`}>
        {intl.formatMessage({ id: 'records.localeInput' }, { label: field.label || field.key, locale: localeName(intl, locale) })}
      </small>
      <RichEditor
        key={locale}
        id={id}
        name={`${field.key}.${locale}`}
        lang={locale.replace('_', '-')}
        value={locales[locale] ?? ''}
        onChange={(html) => onChange({ locales: { ...localesOf(value), [locale]: html } })}
        readOnly={readOnly}
        placeholder={field.options.placeholder}
        aria={{ 'aria-labelledby': `${id}-locale`, ...inputAria(props) }}
      />
    </FieldFrame>
  );
}

export const editorI18nControlTester = rankWith(RANK.exact, moduleTypeIs('text', 'editor_i18n'));
