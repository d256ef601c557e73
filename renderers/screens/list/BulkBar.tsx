// Bulk actions on the selection or on every matching record, the delete confirmation, and the
// progress of a running bulk-by-filter job.
import { FormattedMessage, useIntl } from 'react-intl';
import { LazyConfirmDialog } from '../../ui/LazyDialogs';
import type { ListController } from '../useListController';

export function BulkBar({ ctl }: { ctl: ListController }) {
  const intl = useIntl();
  const { bulk, may } = ctl;
  const canDelete = may.delete;
  const canToggle = may.update && ctl.disableSwitch;
  if (!canDelete && !canToggle) return null;
  const job = bulk.job;
  return (
    <div className="list-bulk row" data-testid="list-bulk">
      <span className="muted" data-testid="selection-count">
        {ctl.allMatching ? (
          <FormattedMessage id="records.list.allMatchingCount" values={{ total: ctl.total }} />
        ) : (
          <FormattedMessage id="records.list.selectedCount" values={{ count: ctl.selection.length }} />
        )}
      </span>
      <label className="field-check">
        <input type="checkbox" data-testid="bulk-all-matching" checked={ctl.allMatching} onChange={(e) => ctl.setAllMatching(e.target.checked)} />
        <FormattedMessage id="records.list.allMatching" />
      </label>
      {canDelete ? (
        <button type="button" className="button button-small danger" data-testid="bulk-delete" disabled={!bulk.ready} onClick={() => bulk.request('delete')}>
          <FormattedMessage id="records.list.bulkDelete" />
        </button>
      ) : null}
      {canToggle ? (
        <>
          <button type="button" className="button button-small" data-testid="bulk-disable" disabled={!bulk.ready} onClick={() => bulk.request('disable')}>
            <FormattedMessage id="records.list.bulkDisable" />
          </button>
          <button type="button" className="button button-small" data-testid="bulk-enable" disabled={!bulk.ready} onClick={() => bulk.request('enable')}>
            <FormattedMessage id="records.list.bulkEnable" />
          </button>
        </>
      ) : null}
      {job ? (
        <span className="list-progress" role="status">
          <progress data-testid="bulk-progress" max={Math.max(job.total, 1)} value={job.processed} aria-label={intl.formatMessage({ id: 'records.list.bulkRunning' })} />
          <FormattedMessage id="records.list.bulkProgress" values={{ processed: job.processed, total: job.total }} />
        </span>
      ) : null}
      <LazyConfirmDialog open={bulk.confirming !== null} title={intl.formatMessage({ id: 'records.list.bulkDeleteTitle' })} testId="bulk-confirm" onCancel={bulk.cancel} onConfirm={bulk.confirm}>
        <p>
          {ctl.allMatching ? (
            <FormattedMessage id="records.list.bulkDeleteAll" values={{ total: ctl.total }} />
          ) : (
            <FormattedMessage id="records.list.bulkDeleteSome" values={{ count: ctl.selection.length }} />
          )}
        </p>
      </LazyConfirmDialog>
    </div>
  );
}
