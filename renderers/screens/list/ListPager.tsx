// Paging: previous, the current page, next, and the total ('5000+' and a disclaimer at the cap).
import { FormattedMessage, useIntl } from 'react-intl';
import type { ListController } from '../useListController';
import { isCapped, RECORDS_CAP, totalLabel } from './listState';

export function ListPager({ ctl }: { ctl: ListController }) {
  const intl = useIntl();
  const { page, pages, total } = ctl;
  return (
    <nav className="list-pager row" aria-label={intl.formatMessage({ id: 'records.list.pagination' })}>
      <span data-testid="list-total" className="muted">
        <FormattedMessage id="records.list.total" values={{ total: totalLabel(total) }} />
      </span>
      <span className="list-pager-buttons">
        <button type="button" className="button button-small" data-testid="list-prev" disabled={page <= 1} onClick={() => ctl.goToPage(page - 1)}>
          <FormattedMessage id="records.list.prev" />
        </button>
        <span className="list-page" aria-current="page">
          <FormattedMessage id="records.list.pageOf" values={{ page: <span data-testid="list-page">{page}</span>, pages }} />
        </span>
        <button type="button" className="button button-small" data-testid="list-next" disabled={page >= pages} onClick={() => ctl.goToPage(page + 1)}>
          <FormattedMessage id="records.list.next" />
        </button>
      </span>
      {isCapped(total) ? (
        <p className="muted list-cap" data-testid="list-cap">
          <FormattedMessage id="records.list.capDisclaimer" values={{ cap: RECORDS_CAP }} />
        </p>
      ) : null}
    </nav>
  );
}
