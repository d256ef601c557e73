// /admin/iam/roles: the project's roles (admin roles included), each opening its form.
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { rolesQueryOptions } from '../../../../renderers/data/iam';
import { AppLink } from '../../components/AppLink';
import { EmptyState } from '../../../../renderers/ui/EmptyState';
import { truncateListItem } from '../../../../renderers/ui/truncate';
import { BackLink, LoadError, Loading, PageHeader } from './ui';
import { Shield } from '../../../../renderers/ui/icons';

export const roleHref = (uuid: string) => `/admin/iam/roles/edit/${encodeURIComponent(uuid)}`;

function CreateLink({ primary }: { primary?: boolean }) {
  return (
    <AppLink className={`button${primary ? ' button-primary' : ''}`} href="/admin/iam/roles/create" data-testid={primary ? 'roles-create' : undefined}>
      <FormattedMessage id="iam.roles.create" />
    </AppLink>
  );
}

export function RolesPage() {
  const intl = useIntl();
  const roles = useQuery(rolesQueryOptions());
  return (
    <div className="page">
      <PageHeader title={<FormattedMessage id="iam.roles.title" />}>
        <BackLink href="/admin/iam" label="iam.backToMembers" />
        <CreateLink primary />
      </PageHeader>
      <section data-testid="roles-list">
        {roles.isPending ? (
          <Loading />
        ) : roles.isError ? (
          <LoadError error={roles.error} />
        ) : roles.data.length === 0 ? (
          <div className="card">
            <EmptyState testId="roles-empty" icon={<Shield />} title={<FormattedMessage id="iam.roles.none" />} hint={<FormattedMessage id="iam.roles.emptyHint" />} />
            <div className="center">
              <CreateLink />
            </div>
          </div>
        ) : (
          <div className="card table-card">
            <table className="table" aria-label={intl.formatMessage({ id: 'iam.roles.title' })}>
              <thead>
                <tr>
                  <th scope="col"><FormattedMessage id="iam.name" /></th>
                  <th scope="col"><FormattedMessage id="iam.role.level" /></th>
                  <th scope="col"><FormattedMessage id="iam.role.permissions" /></th>
                  <th scope="col"><FormattedMessage id="iam.role.users" /></th>
                </tr>
              </thead>
              <tbody>
                {roles.data.map((role) => (
                  <tr key={role.uuid} data-testid="role-row" data-uuid={role.uuid}>
                    <td>
                      <AppLink href={roleHref(role.uuid)} title={role.name}>
                        {truncateListItem(role.name)}
                      </AppLink>
                      {role.is_admin ? (
                        <>
                          {' '}
                          <span className="badge badge-info">
                            <FormattedMessage id="iam.role.admin" />
                          </span>
                        </>
                      ) : null}
                    </td>
                    <td>{role.level}</td>
                    <td>
                      {role.is_admin ? (
                        <span className="muted"><FormattedMessage id="iam.role.allPermissions" /></span>
                      ) : (
                        <FormattedMessage id="iam.role.permissionCount" values={{ count: role.permissions.length }} />
                      )}
                    </td>
                    <td>{role.users}</td>
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
