// Pieces the IAM screens share: a member's link, the status badge, role checkboxes and chips. What every
// admin screen uses (page header, load states, confirmation, failures, timestamps, copy values) lives
// in src/app/components.
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import type { RoleSummary } from '../../../../runtime/api/contract';
import { STATUS_BADGE, type MemberItem, type MemberStatus } from '../../../../runtime/api/iam';
import { rolesQueryOptions } from '../../../../renderers/data/iam';
import { AppLink } from '../../components/AppLink';
import { FieldErrors } from '../../components/FieldErrors';
import { Loading, LoadError } from '../../components/LoadState';


/** A person opens their membership; an API user opens its secrets. */
export function memberHref(member: Pick<MemberItem, 'uuid' | 'kind'>): string {
  const id = encodeURIComponent(member.uuid);
  return member.kind === 'api' ? `/admin/iam/api/${id}` : `/admin/iam/edit/${id}`;
}

export function StatusBadge({ status }: { status: MemberStatus }) {
  return (
    <span className={`badge badge-${STATUS_BADGE[status]}`} data-testid="iam-status-badge" data-status={status}>
      <FormattedMessage id={`iam.status.${status}`} />
    </span>
  );
}

/** The project's roles (admin roles included) as checkboxes whose values are role uuids. */
export function RoleChecks({
  selected,
  onChange,
  testId,
  errors,
  disabled,
}: {
  selected: readonly string[];
  onChange: (uuids: string[]) => void;
  testId: string;
  errors?: readonly string[];
  disabled?: boolean;
}) {
  const roles = useQuery(rolesQueryOptions());
  const baseId = useId();
  const toggle = (uuid: string, on: boolean) =>
    onChange(on ? [...selected.filter((u) => u !== uuid), uuid] : selected.filter((u) => u !== uuid));
  return (
    <fieldset className="field" data-testid={`${testId}s`}>
      <legend className="field-label">
        <FormattedMessage id="iam.roles" />
      </legend>
      {roles.isPending ? (
        <Loading />
      ) : roles.isError ? (
        <LoadError error={roles.error} />
      ) : roles.data.length === 0 ? (
        <p className="muted">
          <FormattedMessage id="iam.roles.none" />{' '}
          <AppLink href="/admin/iam/roles/create">
            <FormattedMessage id="iam.roles.create" />
          </AppLink>
        </p>
      ) : (
        <div className="check-grid">
          {roles.data.map((role, i) => (
            <div className="field field-check" key={role.uuid}>
              <input
                type="checkbox"
                id={`${baseId}-${i}`}
                data-testid={testId}
                value={role.uuid}
                checked={selected.includes(role.uuid)}
                disabled={disabled}
                onChange={(e) => toggle(role.uuid, e.target.checked)}
              />
              <label htmlFor={`${baseId}-${i}`}>
                {role.name}
                {role.is_admin ? (
                  <>
                    {' '}
                    <span className="badge badge-info">
                      <FormattedMessage id="iam.role.admin" />
                    </span>
                  </>
                ) : null}
              </label>
            </div>
          ))}
        </div>
      )}
      <FieldErrors messages={errors} />
    </fieldset>
  );
}

export function RoleChips({ roles }: { roles: readonly RoleSummary[] }) {
  if (roles.length === 0) {
    return (
      <span className="muted">
        <FormattedMessage id="iam.roles.noneHeld" />
      </span>
    );
  }
  return (
    <span className="chips">
      {roles.map((r) => (
        <span key={r.uuid} className="chip">
          {r.name}
        </span>
      ))}
    </span>
  );
}
