import { FormattedMessage } from 'react-intl';

export function PendingPage() {
  return (
    <div className="pending" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <FormattedMessage id="common.loading" />
    </div>
  );
}
