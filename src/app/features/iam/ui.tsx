// Pieces the IAM, project and workspace screens share: status badge, role checkboxes and a value
// shown with a copy button. The page, confirmation and failure pieces every admin screen uses live in
// src/app/components (page.tsx, ConfirmDialog.tsx, form/failure.tsx); they are re-exported here for
// the screens that still import them from this file.
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { FormattedMessage } from 'react-intl';
import type { RoleSummary } from '../../../../runtime/api/contract';
import { STATUS_BADGE, type MemberItem, type MemberStatus } from '../../../../runtime/api/iam';
import { timestampText } from '../../../../renderers/screens/list/cellText';
import { rolesQueryOptions } from '../../../../renderers/data/iam';
import { AppLink } from '../../components/AppLink';
import { FieldErrors } from '../../components/FieldErrors';
import { Loading, LoadError } from '../../components/page';
import { showToast, TOAST_MS } from '../../../../renderers/ui/toast';

export { ConfirmDialog } from '../../components/ConfirmDialog';
export { BackLink, LoadError, loadErrorKey, Loading, PageHeader } from '../../components/page';
export { FailureText, failureOf, failureSummary, fieldMessages, NO_FAILURE, type Failure } from '../../components/form/failure';

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

/** A timestamp as YYYY-MM-DD HH:mm:ss (spec section 9), or the fallback text when there is none. */
export function When({ value, fallback = 'iam.never' }: { value: string | null | undefined; fallback?: string }) {
  if (!value) {
    return (
      <span className="muted">
        <FormattedMessage id={fallback} />
      </span>
    );
  }
  return <time dateTime={value}>{timestampText(value)}</time>;
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

/** A value to copy (an invite link, a secret token): shown in full, selectable, with a copy button.
 * The value is the element's text (a link also has it as href). */
export function CopyValue({
  value,
  testId,
  copyTestId,
  label,
  asLink,
}: {
  value: string;
  testId: string;
  copyTestId: string;
  label: ReactNode;
  asLink?: boolean;
}) {
  const ref = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState(false);
  const id = useId();
  const selectValue = () => {
    const el = ref.current;
    const selection = typeof window === 'undefined' ? null : window.getSelection();
    if (!el || !selection) return;
    const range = document.createRange();
    range.selectNodeContents(el);
    selection.removeAllRanges();
    selection.addRange(range);
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      showToast('common.copied', 'success', TOAST_MS.copied);
    } catch {
      // No clipboard (insecure origin, denied): select the text so the user copies it.
      selectValue();
      showToast('iam.copyFailed', 'warning');
    }
  };
  return (
    <div className="field">
      <span className="field-label" id={id}>
        {label}
      </span>
      <div className="copy-row iam-copy-row">
        {asLink ? (
          <a ref={ref as RefObject<HTMLAnchorElement>} className="iam-copy-value" href={value} data-testid={testId} target="_blank" rel="noopener noreferrer">
            {value}
          </a>
        ) : (
          <code ref={ref} className="iam-copy-value" data-testid={testId}>
            {value}
          </code>
        )}
        <button type="button" className="button" data-testid={copyTestId} onClick={() => void copy()}>
          <FormattedMessage id={copied ? 'common.copied' : 'common.copy'} />
        </button>
      </div>
    </div>
  );
}
