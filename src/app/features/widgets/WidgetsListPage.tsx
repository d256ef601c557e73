// /admin/widgets: the project's widgets (name, kind, component, refresh), each opening its editor; an
// empty state leads to the first one.
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import type { Widget } from '../../../../runtime/api/widgets';
import { componentsQueryOptions } from '../../../../renderers/data/components';
import { componentLabel } from '../../../../renderers/ui/componentLabel';
import { LayoutDashboard } from '../../../../renderers/ui/icons';
import { localeStore } from '../../../../renderers/ui/prefs';
import { useStore } from '../../../../renderers/ui/store';
import type { ListColumn } from '../../components/list/AdminTable';
import { ListPage } from '../../components/list/ListPage';
import { NameLink } from '../../components/list/NameLink';
import { widgetHref, widgetsQueryOptions } from './data';
import { thunderSetsQueryOptions } from '../thunder/data';
import './widgets.css';

function ComponentName({ uuid }: { uuid: string }) {
  const components = useQuery(componentsQueryOptions());
  const locale = useStore(localeStore);
  const component = components.data?.find((candidate) => candidate.uuid === uuid);
  return <>{component ? componentLabel(component, locale) : uuid}</>;
}

/** A data set source: its name (admins list the sets). */
function SetName({ uuid }: { uuid: string }) {
  const sets = useQuery(thunderSetsQueryOptions());
  const name = sets.data?.find((set) => set.uuid === uuid)?.name;
  return <FormattedMessage id="widgets.fromThunder" values={{ name: name ?? uuid }} />;
}

const COLUMNS: ListColumn<Widget>[] = [
  { id: 'name', header: 'widgets.name', cell: (widget) => <NameLink href={widgetHref(widget.uuid)} name={widget.name} /> },
  {
    id: 'kind',
    header: 'widgets.kind',
    cell: (widget) => <FormattedMessage id={widget.kind === 'chart' ? `widgets.chart.${widget.settings.chart ?? 'bar'}` : `widgets.kind.${widget.kind}`} />,
  },
  { id: 'component', header: 'widgets.component', cell: (widget) => (widget.component ? <ComponentName uuid={widget.component} /> : <SetName uuid={widget.thunder ?? ''} />) },
  {
    id: 'refresh',
    header: 'widgets.refresh',
    cellClassName: 'muted',
    cell: (widget) =>
      widget.settings.refresh_seconds ? <FormattedMessage id="widgets.refreshEvery" values={{ seconds: widget.settings.refresh_seconds }} /> : <FormattedMessage id="widgets.refreshNever" />,
  },
];

export function WidgetsListPage() {
  const widgets = useQuery(widgetsQueryOptions());
  return (
    <ListPage
      title="widgets.title"
      primary={{ href: '/admin/widgets/create', label: 'widgets.new', testId: 'widgets-create' }}
      intro="widgets.intro"
      sectionTestId="widgets-list"
      query={widgets}
      columns={COLUMNS}
      rowTestId="widget-row"
      empty={{ testId: 'widgets-empty', icon: <LayoutDashboard />, title: 'widgets.empty', hint: 'widgets.emptyHint' }}
    />
  );
}
