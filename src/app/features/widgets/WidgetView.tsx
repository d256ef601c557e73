// What a widget shows of its data: a number (the value of the first group, or how many records match),
// a table (the items' keys as columns), or a chart, whose library is loaded only here and only then.
import { lazy, Suspense } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { widgetKeys, type WidgetData, type WidgetKind, type WidgetSettings } from '../../../../runtime/api/widgets';

const WidgetChart = lazy(() => import('./WidgetChart'));

const cellText = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));

function NumberView({ settings, data, fromSet }: { settings: WidgetSettings; data: WidgetData; fromSet: boolean }) {
  const keys = widgetKeys(settings, data.items);
  // A data set's items are already a result (docs/thunder.md): its first row's value, like a pipeline's.
  const aggregated = fromSet || Boolean(settings.aggregate && settings.aggregate.length > 0);
  const value = aggregated ? (keys.value ? data.items[0]?.[keys.value] : undefined) : data.total;
  return (
    <p className="widget-number" data-testid="widget-number">
      {typeof value === 'number' ? <FormattedNumber value={value} maximumFractionDigits={2} /> : cellText(value) || '—'}
      {!aggregated ? (
        <small className="muted">
          <FormattedMessage id="widgets.total" />
        </small>
      ) : null}
    </p>
  );
}

function TableView({ data }: { data: WidgetData }) {
  const columns = [...new Set(data.items.flatMap((item) => Object.keys(item)))].filter((key) => !key.endsWith('_RefObj')).slice(0, 8);
  return (
    <div className="widget-table table-scroll" tabIndex={0}>
      <table className="table" data-testid="widget-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.items.map((item, index) => (
            <tr key={typeof item.uuid === 'string' ? item.uuid : index}>
              {columns.map((column) => (
                <td key={column}>{cellText(item[column])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function WidgetView({ name, kind, settings, data, fromSet = false }: { name: string; kind: WidgetKind; settings: WidgetSettings; data: WidgetData; fromSet?: boolean }) {
  const intl = useIntl();
  if (kind === 'number') return <NumberView settings={settings} data={data} fromSet={fromSet} />;
  if (data.items.length === 0) {
    return (
      <p className="muted" data-testid="widget-no-data">
        <FormattedMessage id="widgets.noData" />
      </p>
    );
  }
  if (kind === 'table') return <TableView data={data} />;
  const type = settings.chart ?? 'bar';
  const label = intl.formatMessage({ id: 'widgets.chartLabel' }, { name, type: intl.formatMessage({ id: `widgets.chart.${type}` }) });
  return (
    <Suspense fallback={<div className="skeleton widget-chart" aria-busy="true" />}>
      <WidgetChart type={type} items={data.items} keys={widgetKeys(settings, data.items)} label={label} />
    </Suspense>
  );
}
