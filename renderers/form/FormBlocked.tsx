// Why Save is blocked (spec section 4): while any field's error flag is on, the form says which fields
// to fix. Re-renders only when the set of flagged fields changes.
import { FormattedMessage } from 'react-intl';
import type { ViewField } from '../../schemas/viewSchema.schema';
import { useFlaggedFields } from './errorFlags';

export function FormBlocked({ fields }: { fields: readonly ViewField[] }) {
  const flagged = useFlaggedFields();
  if (flagged.length === 0) return null;
  const labels = flagged.map((key) => {
    const field = fields.find((f) => f.key === key);
    return field ? field.label || field.key : key;
  });
  return (
    <p className="form-blocked" role="status" data-testid="form-blocked">
      <FormattedMessage id="records.formBlocked" values={{ fields: labels.join(', ') }} />
    </p>
  );
}
