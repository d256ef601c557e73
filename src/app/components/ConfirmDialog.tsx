// A yes/no question before a destructive action, with what went wrong when the action failed.
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Dialog } from '../../../renderers/ui/Dialog';
import { FailureText } from './form/failure';

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
