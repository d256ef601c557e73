// The warning badge of a field that is read-only for the role or protected; the tooltip says which.
import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { ViewField } from '../../../schemas/viewSchema.schema';

export function ReadOnlyBadge({ field }: { field: ViewField }) {
  const intl = useIntl();
  const tipId = useId();
  if (!field.readOnlyReason) return null;
  const tip = intl.formatMessage({ id: field.readOnlyReason === 'protected' ? 'records.readOnly.protected' : 'records.readOnly.role' });
  return (
    <span className="badge badge-warning readonly-badge" data-testid={`readonly-badge-${field.key}`} title={tip} aria-describedby={tipId} tabIndex={0}>
      {intl.formatMessage({ id: 'records.readOnly.badge' })}
      <span role="tooltip" id={tipId} className="readonly-tip">
        {tip}
      </span>
    </span>
  );
}
