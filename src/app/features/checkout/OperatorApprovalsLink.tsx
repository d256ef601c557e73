// On /checkout, for the platform's operators only: how many bank transfers wait for them, and the way to
// /admin/billing/approvals. The list's own answer says who is an operator (403 for anyone else: nothing shown).
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { approvalsQueryOptions } from '../../../../renderers/data/billing';
import { AppLink } from '../../components/AppLink';

export function OperatorApprovalsLink() {
  const list = useQuery(approvalsQueryOptions());
  if (!list.isSuccess) return null;
  return (
    <p className="card" data-testid="checkout-approvals-link">
      <AppLink href="/admin/billing/approvals">
        <FormattedMessage id="approvals.link" values={{ count: list.data.length }} />
      </AppLink>
    </p>
  );
}
