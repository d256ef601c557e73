// /admin/billing/approvals (docs/billing.md "Bank transfer"): the platform's operators (LUMA_ADMIN_EMAIL and
// LUMA_OPERATORS, as for satellites) see the bank transfers waiting across projects, with the pro-forma's
// number (the transfer's reference), the amount, the project and when the project's admin said it was paid,
// and approve (subscribed) or refuse (failed) each after a confirmation. Anyone else is told it is theirs.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import type { TransferApproval } from '../../../../runtime/client/billing';
import { billingApi } from '../../../../runtime/client/billing';
import { ApiRequestError } from '../../../../runtime/client/errors';
import { approvalsQueryOptions, billingKeys } from '../../../../renderers/data/billing';
import { CreditCard } from '../../../../renderers/ui/icons';
import { showToast } from '../../../../renderers/ui/toast';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { failureSummary } from '../../components/form/failure';
import type { ListColumn } from '../../components/list/AdminTable';
import { ListBody, ListEmpty } from '../../components/list/ListPage';
import { PageHeader } from '../../components/PageHeader';
import { formatAmount } from './money';
import './checkout.css';

type Decision = 'approve' | 'refuse';

function Decide({ item }: { item: TransferApproval }) {
  const queryClient = useQueryClient();
  const intl = useIntl();
  const [asking, setAsking] = useState<Decision | null>(null);
  const mutation = useMutation({
    mutationFn: (decision: Decision) => billingApi.decide(item.uuid, decision === 'approve'),
    onSuccess: async (_done, decision) => {
      setAsking(null);
      showToast(decision === 'approve' ? 'approvals.approvedToast' : 'approvals.refusedToast', 'success', undefined, { proforma: item.proforma });
      await queryClient.invalidateQueries({ queryKey: billingKeys.approvals });
    },
  });
  const close = () => {
    setAsking(null);
    mutation.reset();
  };
  const values = { proforma: item.proforma, project: item.project_name, amount: formatAmount(item, intl.locale) };
  return (
    <div className="approval-decide">
      <button type="button" className="button button-small button-primary" data-testid="approval-approve" onClick={() => setAsking('approve')}>
        <FormattedMessage id="approvals.approve" />
      </button>
      <button type="button" className="button button-small danger" data-testid="approval-refuse" onClick={() => setAsking('refuse')}>
        <FormattedMessage id="approvals.refuse" />
      </button>
      <ConfirmDialog
        open={asking !== null}
        title={<FormattedMessage id={asking === 'refuse' ? 'approvals.refuseTitle' : 'approvals.approveTitle'} values={values} />}
        confirmLabel={<FormattedMessage id={asking === 'refuse' ? 'approvals.refuse' : 'approvals.approve'} />}
        onConfirm={() => asking && mutation.mutate(asking)}
        onClose={close}
        pending={mutation.isPending}
        failure={mutation.isError ? failureSummary(mutation.error) : null}
      >
        <p>
          <FormattedMessage id={asking === 'refuse' ? 'approvals.refuseBody' : 'approvals.approveBody'} values={values} />
        </p>
      </ConfirmDialog>
    </div>
  );
}

function useColumns(): ListColumn<TransferApproval>[] {
  const intl = useIntl();
  return [
    {
      id: 'proforma',
      header: 'approvals.proforma',
      cell: (item) => (
        <a href={item.proforma_url ?? undefined} target="_blank" rel="noopener" data-testid="approval-proforma">
          {item.proforma}
        </a>
      ),
    },
    { id: 'project', header: 'approvals.project', cell: (item) => item.project_name },
    { id: 'amount', header: 'approvals.amount', cell: (item) => <span data-testid="approval-amount">{formatAmount(item, intl.locale)}</span> },
    {
      id: 'state',
      header: 'approvals.state',
      cell: (item) => (
        <span className={`badge ${item.state === 'pending_approval' ? 'badge-warning' : 'badge-neutral'}`}>
          <FormattedMessage id={`checkout.state.${item.state}`} />
        </span>
      ),
    },
    {
      id: 'date',
      header: 'approvals.date',
      cell: (item) => (
        <time dateTime={item.state_at}>
          <FormattedDate value={item.state_at} dateStyle="medium" timeStyle="short" />
        </time>
      ),
    },
  ];
}

export function ApprovalsPage() {
  const list = useQuery(approvalsQueryOptions());
  const columns = useColumns();
  const notOperator = list.error instanceof ApiRequestError && list.error.status === 403;
  return (
    <div className="page stack approvals-page" data-testid="approvals-page">
      <PageHeader title={<FormattedMessage id="approvals.title" />} />
      <p className="muted">
        <FormattedMessage id="approvals.hint" />
      </p>
      {notOperator ? (
        <p className="callout" data-testid="approvals-operators-only">
          <FormattedMessage id="approvals.operatorsOnly" />
        </p>
      ) : (
        <ListBody
          label="approvals.title"
          query={list}
          columns={columns}
          rowKey={(item) => item.uuid}
          rowTestId="approval-row"
          rowAttributes={(item) => ({ 'data-proforma': item.proforma, 'data-state': item.state })}
          rowActions={{ header: 'approvals.actions', visible: true, cell: (item) => <Decide item={item} /> }}
          empty={<ListEmpty testId="approvals-empty" icon={<CreditCard />} title="approvals.none" hint="approvals.noneHint" />}
        />
      )}
    </div>
  );
}
