// A member's status and roles, with Save and Remove from project (people and API users alike).
// Nobody changes their own membership here, and the owner's status stays (docs/iam.md "Members");
// the server says so too (cannotChangeSelf, cannotChangeOwner, lastAdmin), and its message is shown.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MEMBER_STATUSES, type MemberItem, type MemberStatus, type MemberUpdate } from '../../../../runtime/api/iam';
import { iamApi } from '../../../../runtime/client/iam';
import { iamKeys, invalidateMembers } from '../../../../renderers/data/iam';
import { userModelQueryOptions } from '../../../../renderers/data/queries';
import { AppLink } from '../../components/AppLink';
import { FieldErrors } from '../../components/FieldErrors';
import { showToast } from '../../../../renderers/ui/toast';
import { ConfirmDialog, type Failure, failureOf, failureSummary, FailureText, fieldMessages, NO_FAILURE, RoleChecks } from './ui';

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** Only what changed is sent: an unchanged owner status must not be refused. */
export function memberUpdate(member: MemberItem, status: MemberStatus, roleUuids: readonly string[]): MemberUpdate {
  const body: MemberUpdate = {};
  if (status !== member.status) body.status = status;
  if (!sameSet(roleUuids, member.roles.map((r) => r.uuid))) body.role_uuids = [...roleUuids];
  return body;
}

export function MemberForm({ member }: { member: MemberItem }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const me = useQuery(userModelQueryOptions());
  const statusId = useId();
  const [status, setStatus] = useState<MemberStatus>(member.status);
  const [roleUuids, setRoleUuids] = useState<string[]>(() => member.roles.map((r) => r.uuid));
  const [failure, setFailure] = useState<Failure>(NO_FAILURE);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [removeFailure, setRemoveFailure] = useState<string | null>(null);

  const isSelf = me.data?.uuid === member.uuid;
  const body = memberUpdate(member, status, roleUuids);
  const dirty = Object.keys(body).length > 0;

  const save = useMutation({
    mutationFn: (update: MemberUpdate) => iamApi.updateUser(member.uuid, update),
    onSuccess: (saved) => {
      queryClient.setQueryData(iamKeys.user(saved.uuid), saved);
      showToast('iam.member.saved', 'success');
      return invalidateMembers(queryClient);
    },
    onError: (error) => setFailure(failureOf(error)),
  });
  const remove = useMutation({
    mutationFn: () => iamApi.removeUser(member.uuid),
    onSuccess: async () => {
      setConfirmRemove(false);
      queryClient.removeQueries({ queryKey: iamKeys.user(member.uuid) });
      queryClient.removeQueries({ queryKey: iamKeys.apiUser(member.uuid) });
      showToast('iam.member.removed', 'success');
      await invalidateMembers(queryClient);
      await navigate({ href: '/admin/iam' });
    },
    onError: (error) => setRemoveFailure(failureSummary(error)),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(NO_FAILURE);
    if (dirty) save.mutate(body);
  };

  return (
    <form className="card form" onSubmit={submit} noValidate data-testid="member-form">
      {isSelf ? (
        <p className="callout callout-info" data-testid="member-self">
          <FormattedMessage id="iam.member.selfNote" />{' '}
          <AppLink href="/admin/projects/settings">
            <FormattedMessage id="nav.projectSettings" />
          </AppLink>
        </p>
      ) : null}
      <div className="field">
        <label className="field-label" htmlFor={statusId}>
          <FormattedMessage id="iam.status" />
        </label>
        <select
          id={statusId}
          data-testid="member-status"
          value={status}
          disabled={isSelf || member.is_owner}
          aria-describedby={member.is_owner ? `${statusId}-owner` : undefined}
          onChange={(e) => setStatus(e.target.value as MemberStatus)}
        >
          {MEMBER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {intl.formatMessage({ id: `iam.status.${s}` })}
            </option>
          ))}
        </select>
        {member.is_owner ? (
          <small className="muted" id={`${statusId}-owner`}>
            <FormattedMessage id="iam.member.ownerStatus" />
          </small>
        ) : status === 'inactive' || status === 'banned' ? (
          <small className="muted">
            <FormattedMessage id={member.kind === 'api' ? 'iam.member.suspendApiHint' : 'iam.member.suspendHint'} />
          </small>
        ) : null}
        <FieldErrors messages={fieldMessages(failure.fields, 'status')} />
      </div>
      <RoleChecks testId="member-role" selected={roleUuids} onChange={setRoleUuids} disabled={isSelf} errors={fieldMessages(failure.fields, 'role_uuids')} />
      <FailureText message={failure.message} />
      <div className="form-actions">
        <button
          type="button"
          className="button danger"
          data-testid="member-remove"
          disabled={isSelf || member.is_owner}
          onClick={() => {
            setRemoveFailure(null);
            setConfirmRemove(true);
          }}
        >
          <FormattedMessage id={member.kind === 'api' ? 'iam.apiUser.remove' : 'iam.member.remove'} />
        </button>
        <button type="submit" className="button button-primary" data-testid="member-save" disabled={isSelf || !dirty || save.isPending}>
          <FormattedMessage id={save.isPending ? 'iam.saving' : 'iam.save'} />
        </button>
      </div>
      <ConfirmDialog
        open={confirmRemove}
        title={<FormattedMessage id={member.kind === 'api' ? 'iam.apiUser.removeTitle' : 'iam.member.removeTitle'} />}
        confirmLabel={<FormattedMessage id={member.kind === 'api' ? 'iam.apiUser.remove' : 'iam.member.remove'} />}
        pending={remove.isPending}
        failure={removeFailure}
        onClose={() => setConfirmRemove(false)}
        onConfirm={() => remove.mutate()}
      >
        <p>
          <FormattedMessage
            id={member.kind === 'api' ? 'iam.apiUser.removeBody' : 'iam.member.removeBody'}
            values={{ name: <strong>{member.name}</strong> }}
          />
        </p>
      </ConfirmDialog>
    </form>
  );
}
