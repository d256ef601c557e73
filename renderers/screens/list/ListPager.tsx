// Paging: the total ('5000+' and a disclaimer at the cap), the page size, previous, the current page, next.
import { FormattedMessage, useIntl } from 'react-intl';
import type { ListController } from '../useListController';
import { isCapped, PER_PAGE_CHOICES, RECORDS_CAP, totalLabel } from './listState';

export function ListPager({ ctl }: { ctl: ListController }) {
  const intl = useIntl();
  const { page, pages, total, filters } = ctl;
  return (
    <nav className="list-pager row" aria-label={intl.formatMessage({ id: 'records.list.pagination' })}>
      <span data-testid="list-total" className="muted">
        <FormattedMessage id="records.list.total" values={{ total: totalLabel(total) }} />
      </span>
      <span className="list-pager-buttons">
        <label className="list-per-page">
          <FormattedMessage id="records.list.perPage" />
          <select name="perPage" value={filters.perPage} onChange={(e) => ctl.changeFilters({ perPage: Number(e.target.value) })}>
            {[...new Set([...PER_PAGE_CHOICES, filters.perPage])].sort((a, b) => a - b).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
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
