// /admin/workspace: the current project's workspaces, each with its dev and live environments.
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import type { WorkspaceItem } from '../../../../runtime/api/iam';
import { workspacesQueryOptions } from '../../../../renderers/data/iam';
import { userModelQueryOptions } from '../../../../renderers/data/queries';
import { Layers } from '../../../../renderers/ui/icons';
import { AppLink } from '../../components/AppLink';
import type { ListColumn } from '../../components/list/AdminTable';
import { ListPage } from '../../components/list/ListPage';
import { NameLink } from '../../components/list/NameLink';
import { When } from '../../components/When';

export const workspaceHref = (uuid: string) => `/admin/workspace/edit/${encodeURIComponent(uuid)}`;

function columns(current: string | null | undefined): ListColumn<WorkspaceItem>[] {
  return [
    {
      id: 'name',
      header: 'iam.name',
      cell: (w) => (
        <NameLink href={workspaceHref(w.uuid)} name={w.name}>
          {current === w.uuid ? (
            <span className="badge badge-success">
              <FormattedMessage id="projects.current" />
            </span>
          ) : null}
        </NameLink>
      ),
    },
    {
      id: 'environments',
      header: 'workspaces.environments',
      cell: (w) => (
        <span className="chips">
          {w.environments.map((env) => (
            <span key={env} className={`badge badge-${env === 'live' ? 'success' : 'info'}`}>
              {env}
            </span>
          ))}
        </span>
      ),
    },
    { id: 'created', header: 'iam.created', cell: (w) => <When value={w.created_at} /> },
  ];
}

export function WorkspacesPage() {
  const intl = useIntl();
  const workspaces = useQuery(workspacesQueryOptions());
  const me = useQuery(userModelQueryOptions());
  return (
    <ListPage
      title="workspaces.title"
      primary={{ href: '/admin/workspace/create', label: 'workspaces.create', testId: 'workspace-create' }}
      sectionTestId="workspaces-list"
      query={workspaces}
      columns={columns(me.data?.workspace_uuid)}
      rowTestId="workspace-row"
      rowActions={{
        cell: (w) => (
          <AppLink className="button button-small" href={workspaceHref(w.uuid)} aria-label={intl.formatMessage({ id: 'workspaces.editName' }, { name: w.name })}>
            <FormattedMessage id="common.edit" />
          </AppLink>
        ),
      }}
      empty={{ testId: 'workspaces-empty', icon: <Layers />, title: 'noWorkspace', hint: 'workspaces.emptyHint' }}
    />
  );
}
