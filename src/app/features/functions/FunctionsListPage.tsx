// /admin/functions: the project's global functions (name, description, public or not, API user),
// each opening its editor; an empty state leads to the first one.
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import type { GlobalFunction } from '../../../../runtime/api/functions';
import { SquareFunction } from '../../../../renderers/ui/icons';
import { truncateListItem } from '../../../../renderers/ui/truncate';
import type { ListColumn } from '../../components/list/AdminTable';
import { ListPage } from '../../components/list/ListPage';
import { NameLink } from '../../components/list/NameLink';
import { functionHref, functionsQueryOptions } from './data';
import './functions.css';

const COLUMNS: ListColumn<GlobalFunction>[] = [
  {
    id: 'name',
    header: 'fn.name',
    cell: (fn) => <NameLink href={functionHref(fn.uuid)} name={fn.name} />,
  },
  { id: 'description', header: 'fn.description', cellClassName: 'muted', cell: (fn) => truncateListItem(fn.description) },
  {
    id: 'url',
    header: 'fn.publicUrl',
    cellClassName: 'function-url',
    cell: (fn) =>
      fn.public ? (
        <code>/api{fn.public_path}</code>
      ) : (
        <span className="muted">
          <FormattedMessage id="fn.notPublic" />
        </span>
      ),
  },
  {
    id: 'apiUser',
    header: 'fn.apiUser',
    cell: (fn) =>
      fn.api_user_name ?? (
        <span className="muted">
          <FormattedMessage id="fn.noApiUser" />
        </span>
      ),
  },
];

export function FunctionsListPage() {
  const functions = useQuery(functionsQueryOptions());
  return (
    <ListPage
      title="fn.list.title"
      primary={{ href: '/admin/functions/create', label: 'fn.list.create', testId: 'functions-create' }}
      intro="fn.list.intro"
      sectionTestId="functions-list"
      query={functions}
      columns={COLUMNS}
      rowTestId="function-row"
      empty={{ testId: 'functions-empty', icon: <SquareFunction />, title: 'fn.list.empty' }}
    />
  );
}
