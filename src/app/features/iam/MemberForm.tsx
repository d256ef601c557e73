// A member's status and roles, with Save and Remove from project (people and API users alike).
// Nobody changes their own membership here, and the owner's status stays (docs/iam.md "Members");
// the server says so too (cannotChangeSelf, cannotChangeOwner, lastAdmin), and its message is shown.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MEMBER_STATUSES, type MemberItem, type MemberStatus, type MemberUpdate } from '../../../../runtime/api/iam';
import { iamApi } from '../../../../runtime/client/iam';
import { iamKeys, invalidateMembers } from '../../../../renderers/data/iam';
import { userModelQueryOptions } from '../../../../renderers/data/queries';
import { AppLink } from '../../components/AppLink';
import { FieldErrors } from '../../components/FieldErrors';
import { FailureText, NO_FAILURE } from '../../components/form/failure';
import { RemoveButton } from '../../components/form/RemoveButton';
import { SubmitButton } from '../../components/form/TextField';
import { useFormPage } from '../../components/form/useFormPage';
import { RoleChecks } from './ui';

interface MemberValues {
  status: MemberStatus;
  role_uuids: string[];
}

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
  const me = useQuery(userModelQueryOptions());
  const statusId = useId();
  const updateOf = (v: MemberValues) => memberUpdate(member, v.status, v.role_uuids);
  const form = useFormPage({
    initial: () => ({ status: member.status, role_uuids: member.roles.map((r) => r.uuid) }),
    save: (v: MemberValues) => iamApi.updateUser(member.uuid, updateOf(v)),
    toast: 'iam.member.saved',
    onSaved: (saved) => {
      queryClient.setQueryData(iamKeys.user(saved.uuid), saved);
      return invalidateMembers(queryClient);
    },
    isDirty: (v) => Object.keys(updateOf(v)).length > 0,
  });
  const { status, role_uuids: roleUuids } = form.values;
  const isSelf = me.data?.uuid === member.uuid;
  const api = member.kind === 'api';

  return (
    <form
      className="card form"
      onSubmit={(e) => {
        e.preventDefault();
        if (form.dirty) form.submit();
        else form.setFailure(NO_FAILURE);
      }}
      noValidate
      data-testid="member-form"
    >
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
          onChange={(e) => form.set('status', e.target.value as MemberStatus)}
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
            <FormattedMessage id={api ? 'iam.member.suspendApiHint' : 'iam.member.suspendHint'} />
          </small>
        ) : null}
        <FieldErrors messages={form.errors('status')} />
      </div>
      <RoleChecks testId="member-role" selected={roleUuids} onChange={(uuids) => form.set('role_uuids', uuids)} disabled={isSelf} errors={form.errors('role_uuids')} />
      <FailureText message={form.failure.message} />
      <div className="form-actions">
        <RemoveButton
          label={<FormattedMessage id={api ? 'iam.apiUser.remove' : 'iam.member.remove'} />}
          title={<FormattedMessage id={api ? 'iam.apiUser.removeTitle' : 'iam.member.removeTitle'} />}
          testId="member-remove"
          disabled={isSelf || member.is_owner}
          remove={() => iamApi.removeUser(member.uuid)}
          toast="iam.member.removed"
          forget={(client) => {
            client.removeQueries({ queryKey: iamKeys.user(member.uuid) });
            client.removeQueries({ queryKey: iamKeys.apiUser(member.uuid) });
            return invalidateMembers(client);
          }}
          backTo="/admin/iam"
        >
          <p>
            <FormattedMessage id={api ? 'iam.apiUser.removeBody' : 'iam.member.removeBody'} values={{ name: <strong>{member.name}</strong> }} />
          </p>
        </RemoveButton>
        <SubmitButton pending={form.pending} idle="iam.save" busy="iam.saving" testId="member-save" disabled={isSelf || !form.dirty} />
      </div>
    </form>
  );
}
