// /admin/iam/roles: the project's roles (admin roles included), each opening its form.
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import type { RoleItem } from '../../../../runtime/api/iam';
import { rolesQueryOptions } from '../../../../renderers/data/iam';
import { Shield } from '../../../../renderers/ui/icons';
import type { ListColumn } from '../../components/list/AdminTable';
import { ListPage } from '../../components/list/ListPage';
import { NameLink } from '../../components/list/NameLink';
import { BackLink } from '../../components/PageHeader';

export const roleHref = (uuid: string) => `/admin/iam/roles/edit/${encodeURIComponent(uuid)}`;

const COLUMNS: ListColumn<RoleItem>[] = [
  {
    id: 'name',
    header: 'iam.name',
    cell: (role) => (
      <NameLink href={roleHref(role.uuid)} name={role.name}>
        {role.is_admin ? (
          <span className="badge badge-info">
            <FormattedMessage id="iam.role.admin" />
          </span>
        ) : null}
      </NameLink>
    ),
  },
  { id: 'level', header: 'iam.role.level', cell: (role) => role.level },
  {
    id: 'permissions',
    header: 'iam.role.permissions',
    cell: (role) =>
      role.is_admin ? (
        <span className="muted">
          <FormattedMessage id="iam.role.allPermissions" />
        </span>
      ) : (
        <FormattedMessage id="iam.role.permissionCount" values={{ count: role.permissions.length }} />
      ),
  },
  { id: 'users', header: 'iam.role.users', cell: (role) => role.users },
];

export function RolesPage() {
  const roles = useQuery(rolesQueryOptions());
  return (
    <ListPage
      title="iam.roles.title"
      actions={<BackLink href="/admin/iam" label="iam.backToMembers" />}
      primary={{ href: '/admin/iam/roles/create', label: 'iam.roles.create', testId: 'roles-create' }}
      sectionTestId="roles-list"
      query={roles}
      columns={COLUMNS}
      rowTestId="role-row"
      empty={{ testId: 'roles-empty', icon: <Shield />, title: 'iam.roles.none', hint: 'iam.roles.emptyHint' }}
    />
  );
}
