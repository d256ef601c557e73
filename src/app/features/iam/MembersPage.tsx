// /admin/iam: the project's members (people and API users) and its open invites.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type MouseEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { InviteItem, MemberItem } from '../../../../runtime/api/iam';
import { iamApi } from '../../../../runtime/client/iam';
import { iamKeys, invitesQueryOptions, membersQueryOptions } from '../../../../renderers/data/iam';
import { AppLink } from '../../components/AppLink';
import { EmptyState } from '../../../../renderers/ui/EmptyState';
import { showToast } from '../../../../renderers/ui/toast';
import { truncateListItem } from '../../../../renderers/ui/truncate';
import { ConfirmDialog, failureSummary, LoadError, Loading, memberHref, PageHeader, RoleChips, StatusBadge, When } from './ui';
import { Users } from '../../../../renderers/ui/icons';

/** Clicks on a link or button inside the row are theirs; anywhere else opens the member. */
function fromControl(event: MouseEvent): boolean {
  return event.target instanceof Element && event.target.closest('a, button, input, select, label') !== null;
}

function MemberRow({ member }: { member: MemberItem }) {
  const navigate = useNavigate();
  const href = memberHref(member);
  return (
    <tr
      data-testid="iam-user-row"
      data-uuid={member.uuid}
      data-kind={member.kind}
      className="iam-clickable-row"
      onClick={(e) => {
        if (!fromControl(e)) void navigate({ href });
      }}
    >
      <td>
        <AppLink href={href} title={member.name}>
          {truncateListItem(member.name)}
        </AppLink>
        {member.is_owner ? (
          <>
            {' '}
            <span className="badge badge-info" data-testid="iam-owner-badge">
              <FormattedMessage id="iam.owner" />
            </span>
          </>
        ) : null}
      </td>
      <td>
        {member.kind === 'api' ? (
          <span className="badge badge-neutral" data-testid="iam-api-user">
            <FormattedMessage id="iam.apiUser" />
          </span>
        ) : (
          member.email
        )}
      </td>
      <td>
        <StatusBadge status={member.status} />
      </td>
      <td>
        <RoleChips roles={member.roles} />
      </td>
      <td>
        <When value={member.login_at} />
      </td>
    </tr>
  );
}

function Members() {
  const intl = useIntl();
  const members = useQuery(membersQueryOptions());
  if (members.isPending) return <Loading />;
  if (members.isError) return <LoadError error={members.error} />;
  if (members.data.length === 0) {
    return (
      <div className="card">
        <EmptyState testId="iam-users-empty" icon={<Users />} title={<FormattedMessage id="iam.members.empty" />} hint={<FormattedMessage id="iam.members.emptyHint" />} />
      </div>
    );
  }
  return (
    <div className="card table-card">
      <table className="table" aria-label={intl.formatMessage({ id: 'iam.members.title' })}>
        <thead>
          <tr>
            <th scope="col"><FormattedMessage id="iam.name" /></th>
            <th scope="col"><FormattedMessage id="iam.email" /></th>
            <th scope="col"><FormattedMessage id="iam.status" /></th>
            <th scope="col"><FormattedMessage id="iam.roles" /></th>
            <th scope="col"><FormattedMessage id="iam.lastLogin" /></th>
          </tr>
        </thead>
        <tbody>
          {members.data.map((m) => (
            <MemberRow key={m.uuid} member={m} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

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
      {invites.isPending ? (
        <Loading />
      ) : invites.isError ? (
        <LoadError error={invites.error} />
      ) : invites.data.length === 0 ? (
        <p className="muted" data-testid="iam-invites-empty">
          <FormattedMessage id="iam.invites.empty" />
        </p>
      ) : (
        <div className="card table-card">
          <table className="table" aria-label={intl.formatMessage({ id: 'iam.invites.title' })}>
            <thead>
              <tr>
                <th scope="col"><FormattedMessage id="iam.email" /></th>
                <th scope="col"><FormattedMessage id="iam.roles" /></th>
                <th scope="col"><FormattedMessage id="iam.invites.sent" /></th>
                <th scope="col"><FormattedMessage id="iam.invites.expires" /></th>
                <th scope="col"><span className="visually-hidden"><FormattedMessage id="iam.actions" /></span></th>
              </tr>
            </thead>
            <tbody>
              {invites.data.map((invite) => (
                <tr key={invite.uuid} data-testid="iam-invite-row" data-uuid={invite.uuid}>
                  <td>{invite.email}</td>
                  <td><RoleChips roles={invite.roles} /></td>
                  <td><When value={invite.created_at} /></td>
                  <td><When value={invite.expires_at} /></td>
                  <td className="actions-cell">
                    <button
                      type="button"
                      className="button button-small danger"
                      data-testid="iam-invite-revoke"
                      aria-label={intl.formatMessage({ id: 'iam.invites.revokeFor' }, { email: invite.email })}
                      onClick={() => ask(invite)}
                    >
                      <FormattedMessage id="iam.invites.revoke" />
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
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
  return (
    <div className="page" data-testid="iam-page">
      <PageHeader title={<FormattedMessage id="iam.members.title" />}>
        <AppLink className="button" href="/admin/iam/roles" data-testid="iam-roles">
          <FormattedMessage id="iam.roles.title" />
        </AppLink>
        <AppLink className="button" href="/admin/iam/create" data-testid="iam-create-api-user">
          <FormattedMessage id="iam.apiUser.create" />
        </AppLink>
        <AppLink className="button button-primary" href="/admin/iam/invite" data-testid="iam-invite">
          <FormattedMessage id="iam.invite.title" />
        </AppLink>
      </PageHeader>
      <section data-testid="iam-users">
        <Members />
      </section>
      <Invites />
    </div>
  );
}
