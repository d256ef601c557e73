// /admin/workspace: the current project's workspaces, each with its dev and live environments.
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { workspacesQueryOptions } from '../../../../renderers/data/iam';
import { userModelQueryOptions } from '../../../../renderers/data/queries';
import { AppLink } from '../../components/AppLink';
import { EmptyState } from '../../../../renderers/ui/EmptyState';
import { truncateListItem } from '../../../../renderers/ui/truncate';
import { LoadError, Loading, PageHeader, When } from '../iam/ui';
import { Layers } from '../../../../renderers/ui/icons';

export const workspaceHref = (uuid: string) => `/admin/workspace/edit/${encodeURIComponent(uuid)}`;

export function WorkspacesPage() {
  const intl = useIntl();
  const workspaces = useQuery(workspacesQueryOptions());
  const me = useQuery(userModelQueryOptions());
  return (
    <div className="page">
      <PageHeader title={<FormattedMessage id="workspaces.title" />}>
        <AppLink className="button button-primary" href="/admin/workspace/create" data-testid="workspace-create">
          <FormattedMessage id="workspaces.create" />
        </AppLink>
      </PageHeader>
      <section data-testid="workspaces-list">
        {workspaces.isPending ? (
          <Loading />
        ) : workspaces.isError ? (
          <LoadError error={workspaces.error} />
        ) : workspaces.data.length === 0 ? (
          <div className="card">
            <EmptyState testId="workspaces-empty" icon={<Layers />} title={<FormattedMessage id="noWorkspace" />} hint={<FormattedMessage id="workspaces.emptyHint" />} />
          </div>
        ) : (
          <div className="card table-card">
            <table className="table" aria-label={intl.formatMessage({ id: 'workspaces.title' })}>
              <thead>
                <tr>
                  <th scope="col"><FormattedMessage id="iam.name" /></th>
                  <th scope="col"><FormattedMessage id="workspaces.environments" /></th>
                  <th scope="col"><FormattedMessage id="iam.created" /></th>
                  <th scope="col"><span className="visually-hidden"><FormattedMessage id="iam.actions" /></span></th>
                </tr>
              </thead>
              <tbody>
                {workspaces.data.map((w) => (
                  <tr key={w.uuid} data-testid="workspace-row" data-uuid={w.uuid}>
                    <td>
                      <AppLink href={workspaceHref(w.uuid)} title={w.name}>
                        {truncateListItem(w.name)}
                      </AppLink>
                      {me.data?.workspace_uuid === w.uuid ? (
                        <>
                          {' '}
                          <span className="badge badge-success">
                            <FormattedMessage id="projects.current" />
                          </span>
                        </>
                      ) : null}
                    </td>
                    <td>
                      <span className="chips">
                        {w.environments.map((env) => (
                          <span key={env} className={`badge badge-${env === 'live' ? 'success' : 'info'}`}>
                            {env}
                          </span>
                        ))}
                      </span>
                    </td>
                    <td><When value={w.created_at} /></td>
                    <td className="actions-cell">
                      <AppLink className="button button-small" href={workspaceHref(w.uuid)} aria-label={intl.formatMessage({ id: 'workspaces.editName' }, { name: w.name })}>
                        <FormattedMessage id="common.edit" />
                      </AppLink>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
