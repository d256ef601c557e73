// /admin/projects: the caller's projects, the current one marked; any other can be opened.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { claimsQueryOptions, projectListQueryOptions, userModelQueryOptions } from '../../../../renderers/data/queries';
import { AppLink } from '../../components/AppLink';
import { EmptyState } from '../../../../renderers/ui/EmptyState';
import { browserStorage, STORAGE_KEY } from '../../../../runtime/client/storage';
import { truncateListItem } from '../../../../renderers/ui/truncate';
import { LoadError, Loading, PageHeader } from '../iam/ui';
import { useSwitchProject } from './useSwitchProject';
import { FolderKanban } from '../../../../renderers/ui/icons';

export function ProjectsPage() {
  const intl = useIntl();
  const projects = useQuery(projectListQueryOptions());
  const claims = useQuery(claimsQueryOptions());
  const me = useQuery(userModelQueryOptions());
  const switchTo = useSwitchProject();
  const [switching, setSwitching] = useState<string | null>(null);
  const current = claims.data?.ProjectUUID ?? browserStorage.getItem(STORAGE_KEY.projectUuid);

  const open = (uuid: string) => {
    setSwitching(uuid);
    void switchTo(uuid).finally(() => setSwitching(null));
  };

  return (
    <div className="page">
      <PageHeader title={<FormattedMessage id="projects.title" />}>
        <AppLink className="button" href="/admin/projects/settings" data-testid="projects-settings">
          <FormattedMessage id="nav.projectSettings" />
        </AppLink>
        <AppLink className="button button-primary" href="/admin/projects/create" data-testid="projects-create">
          <FormattedMessage id="projects.create" />
        </AppLink>
      </PageHeader>
      <section data-testid="projects-list">
        {projects.isPending ? (
          <Loading />
        ) : projects.isError ? (
          <LoadError error={projects.error} />
        ) : projects.data.length === 0 ? (
          <div className="card">
            <EmptyState testId="projects-empty" icon={<FolderKanban />} title={<FormattedMessage id="projects.empty" />} hint={<FormattedMessage id="projects.emptyHint" />} />
          </div>
        ) : (
          <div className="card table-card">
            <table className="table" aria-label={intl.formatMessage({ id: 'projects.title' })}>
              <thead>
                <tr>
                  <th scope="col"><FormattedMessage id="iam.name" /></th>
                  <th scope="col"><FormattedMessage id="projects.workspaces" /></th>
                  <th scope="col"><FormattedMessage id="projects.members" /></th>
                  <th scope="col"><span className="visually-hidden"><FormattedMessage id="iam.actions" /></span></th>
                </tr>
              </thead>
              <tbody>
                {projects.data.map((p) => {
                  const isCurrent = p.uuid === current;
                  return (
                    <tr key={p.uuid} data-testid="project-row" data-uuid={p.uuid} data-current={isCurrent} aria-current={isCurrent ? 'true' : undefined}>
                      <td>
                        <span title={p.name}>{truncateListItem(p.name)}</span>{' '}
                        {isCurrent ? (
                          <span className="badge badge-success" data-testid="project-current">
                            <FormattedMessage id="projects.current" />
                          </span>
                        ) : null}{' '}
                        {me.data && p.account.owner_uuid === me.data.uuid ? (
                          <span className="badge badge-info">
                            <FormattedMessage id="iam.owner" />
                          </span>
                        ) : null}
                      </td>
                      <td>
                        <span className="chips">
                          {p.workspaces.map((w) => (
                            <span key={w.uuid} className="chip">
                              {w.name}
                            </span>
                          ))}
                        </span>
                      </td>
                      <td>{p.users.length}</td>
                      <td className="actions-cell">
                        {isCurrent ? (
                          <AppLink className="button button-small" href="/admin/projects/settings">
                            <FormattedMessage id="nav.projectSettings" />
                          </AppLink>
                        ) : (
                          <button
                            type="button"
                            className="button button-small"
                            data-testid="project-switch"
                            disabled={switching !== null}
                            aria-label={intl.formatMessage({ id: 'projects.switchTo' }, { name: p.name })}
                            onClick={() => open(p.uuid)}
                          >
                            <FormattedMessage id={switching === p.uuid ? 'projects.switching' : 'projects.switch'} />
                          </button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
