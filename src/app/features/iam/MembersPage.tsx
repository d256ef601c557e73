// /admin/iam: the project's members (people and API users) and its open invites.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { InviteItem, MemberItem } from '../../../../runtime/api/iam';
import { iamApi } from '../../../../runtime/client/iam';
import { iamKeys, invitesQueryOptions, membersQueryOptions } from '../../../../renderers/data/iam';
import { showToast } from '../../../../renderers/ui/toast';
import { Users } from '../../../../renderers/ui/icons';
import { AppLink } from '../../components/AppLink';
import type { ListColumn } from '../../components/list/AdminTable';
import { ListBody, ListPage } from '../../components/list/ListPage';
import { NameLink } from '../../components/list/NameLink';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { failureSummary } from '../../components/form/failure';
import { memberHref, RoleChips, StatusBadge } from './ui';
import { When } from '../../components/When';

const MEMBER_COLUMNS: ListColumn<MemberItem>[] = [
  {
    id: 'name',
    header: 'iam.name',
    cell: (member) => (
      <NameLink href={memberHref(member)} name={member.name}>
        {member.is_owner ? (
          <span className="badge badge-info" data-testid="iam-owner-badge">
            <FormattedMessage id="iam.owner" />
          </span>
        ) : null}
      </NameLink>
    ),
  },
  {
    id: 'email',
    header: 'iam.email',
    cell: (member) =>
      member.kind === 'api' ? (
        <span className="badge badge-neutral" data-testid="iam-api-user">
          <FormattedMessage id="iam.apiUser" />
        </span>
      ) : (
        member.email
      ),
  },
  { id: 'status', header: 'iam.status', cell: (member) => <StatusBadge status={member.status} /> },
  { id: 'roles', header: 'iam.roles', cell: (member) => <RoleChips roles={member.roles} /> },
  { id: 'login', header: 'iam.lastLogin', cell: (member) => <When value={member.login_at} /> },
];

const INVITE_COLUMNS: ListColumn<InviteItem>[] = [
  { id: 'email', header: 'iam.email', cell: (invite) => invite.email },
  { id: 'roles', header: 'iam.roles', cell: (invite) => <RoleChips roles={invite.roles} /> },
  { id: 'sent', header: 'iam.invites.sent', cell: (invite) => <When value={invite.created_at} /> },
  { id: 'expires', header: 'iam.invites.expires', cell: (invite) => <When value={invite.expires_at} /> },
];

function Invites() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const invites = useQuery(invitesQueryOptions());
  const [revoking, setRevoking] = useState<InviteItem | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const revoke = useMutation({
    mutationFn: (uuid: string) => iamApi.revokeInvite(uuid),
    onSuccess: () => {
      setRevoking(null);
      showToast('iam.invites.revoked', 'success');
      return queryClient.invalidateQueries({ queryKey: iamKeys.invites });
    },
    onError: (error) => setFailure(failureSummary(error)),
  });
  const ask = (invite: InviteItem) => {
    setFailure(null);
    setRevoking(invite);
  };

  return (
    <section className="stack" data-testid="iam-invites" aria-labelledby="iam-invites-title">
      <h2 id="iam-invites-title">
        <FormattedMessage id="iam.invites.title" />
      </h2>
      <ListBody
        label="iam.invites.title"
        query={invites}
        columns={INVITE_COLUMNS}
        rowTestId="iam-invite-row"
        rowActions={{
          cell: (invite) => (
            <button
              type="button"
              className="button button-small danger"
              data-testid="iam-invite-revoke"
              aria-label={intl.formatMessage({ id: 'iam.invites.revokeFor' }, { email: invite.email })}
              onClick={() => ask(invite)}
            >
              <FormattedMessage id="iam.invites.revoke" />
            </button>
          ),
        }}
        empty={
          <p className="muted" data-testid="iam-invites-empty">
            <FormattedMessage id="iam.invites.empty" />
          </p>
        }
      />
      <ConfirmDialog
        open={revoking !== null}
        title={<FormattedMessage id="iam.invites.revokeTitle" />}
        confirmLabel={<FormattedMessage id="iam.invites.revoke" />}
        pending={revoke.isPending}
        failure={failure}
        onClose={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking.uuid)}
      >
        <p>
          <FormattedMessage id="iam.invites.revokeBody" values={{ email: <strong>{revoking?.email}</strong> }} />
        </p>
      </ConfirmDialog>
    </section>
  );
}

export function MembersPage() {
  const navigate = useNavigate();
  const members = useQuery(membersQueryOptions());
  return (
    <ListPage
      title="iam.members.title"
      pageTestId="iam-page"
      actions={
        <>
          <AppLink className="button" href="/admin/iam/roles" data-testid="iam-roles">
            <FormattedMessage id="iam.roles.title" />
          </AppLink>
          <AppLink className="button" href="/admin/iam/create" data-testid="iam-create-api-user">
            <FormattedMessage id="iam.apiUser.create" />
          </AppLink>
        </>
      }
      primary={{ href: '/admin/iam/invite', label: 'iam.invite.title', testId: 'iam-invite' }}
      sectionTestId="iam-users"
      query={members}
      columns={MEMBER_COLUMNS}
      rowTestId="iam-user-row"
      rowAttributes={(member) => ({ 'data-kind': member.kind })}
      // The whole row opens the member; the name's link is the way there by keyboard.
      onOpen={(member) => void navigate({ href: memberHref(member) })}
      empty={{ testId: 'iam-users-empty', icon: <Users />, title: 'iam.members.empty', hint: 'iam.members.emptyHint' }}
    >
      <Invites />
    </ListPage>
  );
}
