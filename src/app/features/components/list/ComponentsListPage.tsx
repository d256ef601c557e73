// /admin/components: every component of the project, with its versions and switches, and a way to
// its records (in the environment that has a version) and its settings.
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import type { Locale } from '../../../../../runtime/i18n';
import { componentsQueryOptions } from '../../../../../renderers/data/components';
import { type Component } from '../../../../../runtime/client/components';
import { localeStore } from '../../../../../renderers/ui/prefs';
import { useStore } from '../../../../../renderers/ui/store';
import { componentLabel, settingsPath } from '../../../../../renderers/ui/componentLabel';
import { Blocks } from '../../../../../renderers/ui/icons';
import { AppLink } from '../../../components/AppLink';
import type { ListColumn } from '../../../components/list/AdminTable';
import { ListPage } from '../../../components/list/ListPage';
import { NameLink } from '../../../components/list/NameLink';
import { RecordsLink } from '../RecordsLink';

function Versions({ component }: { component: Component }) {
  return (
    <span className="chips">
      {component.versions.map((v) => (
        <span key={v} className="chip">
          {v}
          {component.dev_version === v ? <span className="badge badge-info">dev</span> : null}
          {component.public_version === v ? <span className="badge badge-success">live</span> : null}
        </span>
      ))}
    </span>
  );
}

function Flag({ on, label }: { on: boolean; label: string }) {
  return (
    <span className={`badge badge-${on ? 'success' : 'neutral'}`}>
      <FormattedMessage id={label} />
    </span>
  );
}

const none = <span className="muted">—</span>;

function columns(locale: Locale): ListColumn<Component>[] {
  return [
    {
      id: 'name',
      header: 'cmp.name',
      cell: (c) => <NameLink href={settingsPath(c.ref)} name={c.name} />,
    },
    { id: 'label', header: 'cmp.label', cell: (c) => componentLabel(c, locale) },
    { id: 'scope', header: 'cmp.scope', cell: (c) => c.scope ?? none },
    { id: 'tag', header: 'cmp.tag', cell: (c) => c.tag ?? none },
    { id: 'versions', header: 'cmp.versions', cell: (c) => <Versions component={c} /> },
    {
      id: 'status',
      header: 'cmp.status',
      cell: (c) => (
        <span className="chips">
          <Flag on={c.is_active} label={c.is_active ? 'cmp.active' : 'cmp.inactive'} />
          <Flag on={c.is_public} label={c.is_public ? 'cmp.public' : 'cmp.private'} />
        </span>
      ),
    },
  ];
}

export function ComponentsListPage() {
  const locale = useStore(localeStore);
  const query = useQuery(componentsQueryOptions());
  return (
    <ListPage
      title="cmp.list.title"
      primary={{ href: '/admin/components/create', label: 'cmp.list.create', testId: 'component-create-link' }}
      pageTestId="components-list"
      query={query}
      columns={columns(locale)}
      rowTestId="component-row"
      rowActions={{
        header: 'cmp.list.settings',
        cell: (c) => (
          <>
            <RecordsLink component={c} />
            <AppLink className="button button-small" href={settingsPath(c.ref)}>
              <FormattedMessage id="cmp.list.settings" />
            </AppLink>
          </>
        ),
      }}
      empty={{ testId: 'components-empty', icon: <Blocks />, title: 'noComponents', hint: 'cmp.list.emptyHint' }}
    />
  );
}
