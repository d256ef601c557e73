// A yes/no question before a destructive action, with what went wrong when the action failed: the
// renderers' confirmation (renderers/ui/ConfirmDialog.tsx) with Cancel and the action's own word.
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { ConfirmDialog as Confirmation } from '../../../renderers/ui/ConfirmDialog';
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
    <Confirmation
      open={open}
      title={title}
      testId={open ? 'confirm-dialog' : undefined}
      onCancel={onClose}
      onConfirm={onConfirm}
      pending={pending}
      no={{ label: <FormattedMessage id="common.cancel" />, testId: 'confirm-cancel' }}
      yes={{ label: confirmLabel, testId: 'confirm-accept' }}
    >
      <div className="iam-confirm-body">{children}</div>
      <FailureText message={failure ?? null} />
    </Confirmation>
  );
}
