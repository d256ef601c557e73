// A field's messages under it, each translated with its own values ({max}, {word}...).
import { useIntl } from 'react-intl';
import { isMessageKey } from '../../../runtime/i18n';
import type { FieldMessage } from '../../../runtime/validation';

export function errorListId(inputId: string): string {
  return `${inputId}-errors`;
}

export function FieldMessages({ fieldKey, inputId, errors }: { fieldKey: string; inputId: string; errors: readonly FieldMessage[] }) {
  const intl = useIntl();
  if (errors.length === 0) return null;
  return (
    <ul className="field-errors" role="alert" id={errorListId(inputId)} data-testid={`field-error-${fieldKey}`}>
      {errors.map((m, i) => (
        <li key={`${m.key}-${i}`}>{isMessageKey(m.key) ? intl.formatMessage({ id: m.key }, m.values) : m.key}</li>
      ))}
    </ul>
  );
}
