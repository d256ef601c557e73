// A Yes/No confirmation before a step that cannot be undone (a delete): No (confirm-no) and Escape
// cancel, Yes (confirm-yes, in the danger style) confirms. The body says "Are you sure?" unless given.
// The admin screens' confirmation (src/app/components/ConfirmDialog.tsx) is this one with its own words
// and test ids for the two buttons. Its react-aria code loads on the first open (LazyDialog).
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { LazyDialog } from './LazyDialogs';

export interface ConfirmButton {
  label: ReactNode;
  testId: string;
}

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  testId?: string;
  onCancel: () => void;
  onConfirm: () => void;
  children?: ReactNode;
  /** The cancelling button; "No" (confirm-no) unless given. */
  no?: ConfirmButton;
  /** The confirming button; "Yes" (confirm-yes) unless given. */
  yes?: ConfirmButton;
  /** While the confirmed step runs, the confirming button is disabled. */
  pending?: boolean;
}

const NO: ConfirmButton = { label: <FormattedMessage id="common.no" />, testId: 'confirm-no' };
const YES: ConfirmButton = { label: <FormattedMessage id="common.yes" />, testId: 'confirm-yes' };

export function ConfirmDialog({ open, title, testId, onCancel, onConfirm, children, no = NO, yes = YES, pending }: ConfirmDialogProps) {
  return (
    <LazyDialog
      open={open}
      title={title}
      onClose={onCancel}
      testId={testId}
      actions={
        <>
          <button type="button" className="button" data-testid={no.testId} onClick={onCancel}>
            {no.label}
          </button>
          <button type="button" className="button button-primary danger-fill" data-testid={yes.testId} disabled={pending} onClick={onConfirm}>
            {yes.label}
          </button>
        </>
      }
    >
      {children ?? (
        <p>
          <FormattedMessage id="areYouSure" />
        </p>
      )}
    </LazyDialog>
  );
}
