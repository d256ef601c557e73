// A member's status and roles, with Save and Remove from project (people and API users alike).
// Nobody changes their own membership here, and the owner's status stays (docs/iam.md "Members");
// the server says so too (cannotChangeSelf, cannotChangeOwner, lastAdmin), and its message is shown.
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MEMBER_STATUSES, type MemberItem, type MemberStatus, type MemberUpdate } from '../../../../runtime/api/iam';
import { iamApi } from '../../../../runtime/client/iam';
import { iamKeys, invalidateMembers } from '../../../../renderers/data/iam';
import { userModelQueryOptions } from '../../../../renderers/data/queries';
import { AppLink } from '../../components/AppLink';
import { FieldErrors } from '../../components/FieldErrors';
import { NO_FAILURE } from '../../components/form/failure';
import { FormFooter, useSavedThen } from '../../components/form/FormPage';
import { RemoveButton } from '../../components/form/RemoveButton';
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
  const me = useQuery(userModelQueryOptions());
  const updateOf = (v: MemberValues) => memberUpdate(member, v.status, v.role_uuids);
  const onSaved = useSavedThen<MemberItem>({ cache: iamKeys.user, refresh: invalidateMembers });
  const form = useFormPage({
    initial: () => ({ status: member.status, role_uuids: member.roles.map((r) => r.uuid) }),
    save: (v: MemberValues) => iamApi.updateUser(member.uuid, updateOf(v)),
    toast: 'iam.member.saved',
    onSaved,
    isDirty: (v) => Object.keys(updateOf(v)).length > 0,
  });
  const isSelf = me.data?.uuid === member.uuid;

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
      <StatusField member={member} value={form.values.status} onChange={(status) => form.set('status', status)} disabled={isSelf || member.is_owner} errors={form.errors('status')} />
      <RoleChecks testId="member-role" selected={form.values.role_uuids} onChange={(uuids) => form.set('role_uuids', uuids)} disabled={isSelf} errors={form.errors('role_uuids')} />
      <FormFooter form={form} idle="iam.save" busy="iam.saving" testId="member-save" disabled={isSelf || !form.dirty}>
        <RemoveMember member={member} disabled={isSelf || member.is_owner} />
      </FormFooter>
    </form>
  );
}

/** The member's status; the owner's stays, with a word why, and a suspended one says what it stops. */
function StatusField({
  member,
  value,
  onChange,
  disabled,
  errors,
}: {
  member: MemberItem;
  value: MemberStatus;
  onChange: (status: MemberStatus) => void;
  disabled: boolean;
  errors: string[] | undefined;
}) {
  const intl = useIntl();
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        <FormattedMessage id="iam.status" />
      </label>
      <select
        id={id}
        data-testid="member-status"
        value={value}
        disabled={disabled}
        aria-describedby={member.is_owner ? `${id}-owner` : undefined}
        onChange={(e) => onChange(e.target.value as MemberStatus)}
      >
        {MEMBER_STATUSES.map((s) => (
          <option key={s} value={s}>
            {intl.formatMessage({ id: `iam.status.${s}` })}
          </option>
        ))}
      </select>
      {member.is_owner ? (
        <small className="muted" id={`${id}-owner`}>
          <FormattedMessage id="iam.member.ownerStatus" />
        </small>
      ) : value === 'inactive' || value === 'banned' ? (
        <small className="muted">
          <FormattedMessage id={member.kind === 'api' ? 'iam.member.suspendApiHint' : 'iam.member.suspendHint'} />
        </small>
      ) : null}
      <FieldErrors messages={errors} />
    </div>
  );
}

function RemoveMember({ member, disabled }: { member: MemberItem; disabled: boolean }) {
  const api = member.kind === 'api';
  return (
    <RemoveButton
      label={<FormattedMessage id={api ? 'iam.apiUser.remove' : 'iam.member.remove'} />}
      title={<FormattedMessage id={api ? 'iam.apiUser.removeTitle' : 'iam.member.removeTitle'} />}
      testId="member-remove"
      disabled={disabled}
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
  );
}
