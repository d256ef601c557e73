// /admin/projects: the caller's projects, the current one marked; any other can be opened.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Project } from '../../../../runtime/api/contract';
import { claimsQueryOptions, projectListQueryOptions, userModelQueryOptions } from '../../../../renderers/data/queries';
import { browserStorage, STORAGE_KEY } from '../../../../runtime/client/storage';
import { truncateListItem } from '../../../../renderers/ui/truncate';
import { FolderKanban } from '../../../../renderers/ui/icons';
import { AppLink } from '../../components/AppLink';
import type { ListColumn } from '../../components/list/AdminTable';
import { ListPage } from '../../components/list/ListPage';
import { useSwitchProject } from './useSwitchProject';

function columns(current: string | null, me: string | undefined): ListColumn<Project>[] {
  return [
    {
      id: 'name',
      header: 'iam.name',
      cell: (p) => (
        <>
          <span title={p.name}>{truncateListItem(p.name)}</span>{' '}
          {p.uuid === current ? (
            <span className="badge badge-success" data-testid="project-current">
              <FormattedMessage id="projects.current" />
            </span>
          ) : null}{' '}
          {me && p.account.owner_uuid === me ? (
            <span className="badge badge-info">
              <FormattedMessage id="iam.owner" />
            </span>
          ) : null}
        </>
      ),
    },
    {
      id: 'workspaces',
      header: 'projects.workspaces',
      cell: (p) => (
        <span className="chips">
          {p.workspaces.map((w) => (
            <span key={w.uuid} className="chip">
              {w.name}
            </span>
          ))}
        </span>
      ),
    },
    { id: 'members', header: 'projects.members', cell: (p) => p.users.length },
  ];
}

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
    <ListPage
      title="projects.title"
      actions={
        <AppLink className="button" href="/admin/projects/settings" data-testid="projects-settings">
          <FormattedMessage id="nav.projectSettings" />
        </AppLink>
      }
      primary={{ href: '/admin/projects/create', label: 'projects.create', testId: 'projects-create' }}
      sectionTestId="projects-list"
      query={projects}
      columns={columns(current, me.data?.uuid)}
      rowTestId="project-row"
      rowAttributes={(p) => ({ 'data-current': p.uuid === current, 'aria-current': p.uuid === current ? 'true' : undefined })}
      rowActions={{
        cell: (p) =>
          p.uuid === current ? (
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
          ),
      }}
      empty={{ testId: 'projects-empty', icon: <FolderKanban />, title: 'projects.empty', hint: 'projects.emptyHint' }}
    />
  );
}
