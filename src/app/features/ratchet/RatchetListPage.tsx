// /admin/ratchet: the project's ratchet connections (name, database kind, address, user), each opening
// its editor and console; an empty state leads to the first one.
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import type { RatchetConnection } from '../../../../runtime/api/ratchet';
import { Database } from '../../../../renderers/ui/icons';
import type { ListColumn } from '../../components/list/AdminTable';
import { ListPage } from '../../components/list/ListPage';
import { NameLink } from '../../components/list/NameLink';
import { connectionHref, connectionsQueryOptions } from './data';

const COLUMNS: ListColumn<RatchetConnection>[] = [
  { id: 'name', header: 'ratchet.name', cell: (connection) => <NameLink href={connectionHref(connection.uuid)} name={connection.name} /> },
  { id: 'kind', header: 'ratchet.kind', cell: (connection) => <FormattedMessage id={`ratchet.kind.${connection.kind}`} /> },
  { id: 'address', header: 'ratchet.address', cellClassName: 'muted', cell: (connection) => `${connection.host}:${connection.port}/${connection.database}` },
  { id: 'user', header: 'ratchet.user', cellClassName: 'muted', cell: (connection) => connection.user },
];

export function RatchetListPage() {
  const connections = useQuery(connectionsQueryOptions());
  return (
    <ListPage
      title="ratchet.title"
      primary={{ href: '/admin/ratchet/create', label: 'ratchet.new', testId: 'ratchet-create' }}
      intro="ratchet.intro"
      sectionTestId="ratchet-list"
      query={connections}
      columns={COLUMNS}
      rowTestId="ratchet-row"
      empty={{ testId: 'ratchet-empty', icon: <Database />, title: 'ratchet.empty', hint: 'ratchet.emptyHint' }}
    />
  );
}
