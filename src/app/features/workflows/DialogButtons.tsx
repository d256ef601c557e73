// The buttons of the workflow screens' dialogs: Cancel (or Close), then the dialog's action unless
// there is none to offer (a read-only editor).
import { FormattedMessage } from 'react-intl';

export interface DialogButtonsProps {
  /** The message id of the dismissing button. */
  cancel?: string;
  /** The message id of the action, or null for none. */
  confirm: string | null;
  onCancel(): void;
  onConfirm?(): void;
  cancelTestId?: string;
  confirmTestId?: string;
}

export function DialogButtons({ cancel = 'workflow.cancel', confirm, onCancel, onConfirm, cancelTestId, confirmTestId }: DialogButtonsProps) {
  return (
    <>
      <button type="button" className="button" data-testid={cancelTestId} onClick={onCancel}>
        <FormattedMessage id={cancel} />
      </button>
      {confirm === null ? null : (
        <button type="button" className="button button-primary" data-testid={confirmTestId} onClick={onConfirm}>
          <FormattedMessage id={confirm} />
        </button>
      )}
    </>
  );
}
