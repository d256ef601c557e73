// One placed widget: its name, its data read with the caller's rights and read again every
// refresh_seconds and after writes to its component (useLiveWidget), then the view. A widget the
// caller may not read says so and shows nothing of it.
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import type { Widget } from '../../../../runtime/api/widgets';
import { Message } from '../../../../renderers/ui/Message';
import { widgetDataQueryOptions } from './data';
import { useLiveWidget } from './useLiveWidget';
import { WidgetView } from './WidgetView';

export function WidgetCard({ widget }: { widget: Widget }) {
  const data = useQuery(widgetDataQueryOptions(widget));
  useLiveWidget(widget, data);
  return (
    <section className="card widget-card" data-testid="widget-card" data-widget={widget.uuid} aria-labelledby={`widget-${widget.uuid}`}>
      <h3 className="card-title" id={`widget-${widget.uuid}`}>
        {widget.name}
      </h3>
      {data.isPending ? (
        <div className="skeleton" aria-busy="true" />
      ) : data.isError ? (
        <p className="form-error" data-testid="widget-error">
          <FormattedMessage id="widgets.dataFailed" /> <Message value={data.error.message} />
        </p>
      ) : (
        <WidgetView name={widget.name} kind={widget.kind} settings={widget.settings} data={data.data} fromSet={widget.thunder !== null} />
      )}
    </section>
  );
}
