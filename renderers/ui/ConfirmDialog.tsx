// A Yes/No confirmation before a step that cannot be undone (a delete): No (confirm-no) and Escape
// cancel, Yes (confirm-yes, in the danger style) confirms. The body says "Are you sure?" unless given.
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  testId: string;
  onCancel: () => void;
  onConfirm: () => void;
  children?: ReactNode;
}

export function ConfirmDialog({ open, title, testId, onCancel, onConfirm, children }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onCancel}
      testId={testId}
      actions={
        <>
          <button type="button" className="button" data-testid="confirm-no" onClick={onCancel}>
            <FormattedMessage id="common.no" />
          </button>
          <button type="button" className="button button-primary danger-fill" data-testid="confirm-yes" onClick={onConfirm}>
            <FormattedMessage id="common.yes" />
          </button>
        </>
      }
    >
      {children ?? (
        <p>
          <FormattedMessage id="areYouSure" />
        </p>
      )}
    </Dialog>
  );
}
