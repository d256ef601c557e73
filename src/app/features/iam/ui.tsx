// Pieces the IAM, project and workspace screens share: status badge, role checkboxes, the
// confirmation dialog, a value shown with a copy button, and how a failure is shown.
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { FormattedMessage } from 'react-intl';
import type { RoleSummary } from '../../../../runtime/api/contract';
import { STATUS_BADGE, type MemberItem, type MemberStatus } from '../../../../runtime/api/iam';
import { timestampText } from '../../../../renderers/screens/list/cellText';
import { errorDisplay, errorsByPath } from '../../../../runtime/client/errorMessage';
import { rolesQueryOptions } from '../../../../renderers/data/iam';
import { AppLink } from '../../components/AppLink';
import { Dialog } from '../../../../renderers/ui/Dialog';
import { FieldErrors } from '../../components/FieldErrors';
import { Message } from '../../../../renderers/ui/Message';
import { showToast, TOAST_MS } from '../../../../renderers/ui/toast';

// The loading and failure states and the heading row are the whole app's; re-exported for the screens
// that take them from here.
import { Loading, LoadError } from '../../components/LoadState';
export { Loading, LoadError, loadErrorKey } from '../../components/LoadState';
export { PageHeader } from '../../components/PageHeader';

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

export interface Failure {
  /** The message to show above the actions; null when the report modal already said it. */
  message: string | null;
  /** 417 messages by field path. */
  fields: Record<string, string[]>;
}

export const NO_FAILURE: Failure = { message: null, fields: {} };

export function failureOf(error: unknown): Failure {
  const shown = errorDisplay(error);
  if (shown.kind === 'reported') return NO_FAILURE;
  if (shown.kind === 'fields') return { message: shown.messageKey, fields: errorsByPath(shown.fieldErrors) };
  return { message: shown.messageKey, fields: {} };
}

/** One message for where fields are not shown (a confirmation dialog): a 417's first field message wins. */
export function failureSummary(error: unknown): string | null {
  const failure = failureOf(error);
  return Object.values(failure.fields).flat()[0] ?? failure.message;
}

/** Messages of a field and of its items ("role_uuids" and "role_uuids.2"). */
export function fieldMessages(fields: Record<string, string[]>, name: string): string[] | undefined {
  const messages = Object.entries(fields)
    .filter(([path]) => path === name || path.startsWith(`${name}.`))
    .flatMap(([, list]) => list);
  return messages.length > 0 ? messages : undefined;
}

export function FailureText({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert" data-testid="iam-error">
      <Message value={message} />
    </p>
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

/** A yes/no question before a destructive action. The cancel button comes first, so it takes the focus. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  pending,
  failure,
}: {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  confirmLabel: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
  pending?: boolean;
  failure?: string | null;
}) {
  return (
    <Dialog open={open} title={title} onClose={onClose} testId={open ? 'confirm-dialog' : undefined}>
      <div className="iam-confirm-body">{children}</div>
      <FailureText message={failure ?? null} />
      <div className="modal-actions">
        <button type="button" className="button" data-testid="confirm-cancel" onClick={onClose}>
          <FormattedMessage id="common.cancel" />
        </button>
        <button type="button" className="button button-primary danger-fill" data-testid="confirm-accept" disabled={pending} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
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

/** A quiet link back to a list. */
export function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <AppLink className="button button-ghost" href={href}>
      <FormattedMessage id={label} />
    </AppLink>
  );
}
