// Search (debounced by the controller) and the fields it runs on, the date range on a chosen date field
// (folded under Filters, with a count of what is set), the show-disabled switch (only when the model
// can disable records), and how the table looks: the column chooser and the row density.
import { Disclosure } from '../../ui/Disclosure';
import { ListFilter, Search } from '../../ui/icons';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ListController } from '../useListController';
import { ColumnChooser, DensitySwitch } from './ColumnChooser';
import { dateFieldChoices, searchableFields } from './listState';

type ViewSchemaOf = NonNullable<ListController['view']>;

/** The fields the search runs on (none ticked: all of them), with a count of those ticked. */
function SearchOn({ ctl, view }: { ctl: ListController; view: ViewSchemaOf }) {
  const { filters } = ctl;
  const searchable = searchableFields(view);
  if (searchable.length === 0) return null;
  const toggleOn = (key: string) =>
    ctl.changeFilters({ filterOn: filters.filterOn.includes(key) ? filters.filterOn.filter((k) => k !== key) : [...filters.filterOn, key] });
  return (
    <Disclosure className="list-disclosure">
      <summary className="button button-small">
        <FormattedMessage id="records.list.searchOn" />
        {filters.filterOn.length > 0 ? <span className="list-count">{filters.filterOn.length}</span> : null}
      </summary>
      <div className="list-disclosure-panel">
        {searchable.map((f) => (
          <label key={f.key} className="field-check">
            <input type="checkbox" name="filterOn" value={f.key} checked={filters.filterOn.includes(f.key)} onChange={() => toggleOn(f.key)} />
            {f.label}
          </label>
        ))}
      </div>
    </Disclosure>
  );
}

/** The date range on a chosen date field, with a count of the ends set. */
function DateFilters({ ctl, view }: { ctl: ListController; view: ViewSchemaOf }) {
  const intl = useIntl();
  const { filters } = ctl;
  const dateFields = dateFieldChoices(view, {
    created_at: intl.formatMessage({ id: 'records.column.created_at' }),
    updated_at: intl.formatMessage({ id: 'records.column.updated_at' }),
  });
  const dateSet = (filters.dateFrom ? 1 : 0) + (filters.dateTo ? 1 : 0);
  return (
    <Disclosure className="list-disclosure">
      <summary className="button button-small" data-testid="list-filters">
        <ListFilter aria-hidden="true" />
        <FormattedMessage id="records.list.filters" />
        {dateSet > 0 ? <span className="list-count">{dateSet}</span> : null}
      </summary>
      <div className="list-disclosure-panel list-date-panel">
        <label className="field">
          <span className="field-label">
            <FormattedMessage id="records.list.dateField" />
          </span>
          <select name="dateField" data-testid="list-date-field" value={filters.dateField} onChange={(e) => ctl.changeFilters({ dateField: e.target.value })}>
            {dateFields.map((d) => (
              <option key={d.value} value={d.value}>
                {d.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">
            <FormattedMessage id="records.list.dateFrom" />
          </span>
          <input type="date" name="dateFrom" data-testid="list-date-from" value={filters.dateFrom ?? ''} max={filters.dateTo ?? undefined} onChange={(e) => ctl.changeFilters({ dateFrom: e.target.value || null })} />
        </label>
        <label className="field">
          <span className="field-label">
            <FormattedMessage id="records.list.dateTo" />
          </span>
          <input type="date" name="dateTo" data-testid="list-date-to" value={filters.dateTo ?? ''} min={filters.dateFrom ?? undefined} onChange={(e) => ctl.changeFilters({ dateTo: e.target.value || null })} />
        </label>
      </div>
    </Disclosure>
  );
}

export function ListToolbar({ ctl }: { ctl: ListController }) {
  const intl = useIntl();
  const { view } = ctl;
  if (!view) return null;
  return (
    <div className="list-toolbar" role="search">
      <label className="list-search">
        <Search aria-hidden="true" className="list-search-icon" />
        <span className="visually-hidden">
          <FormattedMessage id="records.list.search" />
        </span>
        <input
          type="search"
          data-testid="list-search"
          name="list-search"
          placeholder={intl.formatMessage({ id: 'records.list.search' })}
          value={ctl.searchText}
          onChange={(e) => ctl.setSearchText(e.target.value)}
        />
      </label>
      <SearchOn ctl={ctl} view={view} />
      <DateFilters ctl={ctl} view={view} />
      {ctl.disableSwitch ? (
        <label className="field-check list-show-disabled">
          <input type="checkbox" data-testid="show-disabled" checked={ctl.showDisabled} onChange={(e) => ctl.setShowDisabled(e.target.checked)} />
          <FormattedMessage id="records.list.showDisabled" />
        </label>
      ) : null}
      <div className="list-view-controls">
        <ColumnChooser ctl={ctl} />
        <DensitySwitch ctl={ctl} />
      </div>
    </div>
  );
}
