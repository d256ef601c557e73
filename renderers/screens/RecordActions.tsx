// Save and Delete (each only with its permission), the delete confirmation, and the busy indicator.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ConfirmDialog } from '../ui/ConfirmDialog';

export interface RecordActionsProps {
  canSave: boolean;
  canDelete?: boolean;
  saving: boolean;
  deleting?: boolean;
  dirty: boolean;
  onSave: () => void;
  onDelete?: () => void;
}

export function RecordActions({ canSave, canDelete = false, saving, deleting = false, dirty, onSave, onDelete }: RecordActionsProps) {
  const intl = useIntl();
  const [confirming, setConfirming] = useState(false);
  const busy = saving || deleting;
  return (
    <div className="form-actions record-actions">
      {dirty ? (
        <span className="muted" data-testid="record-changed">
          <FormattedMessage id="records.changed" />
        </span>
      ) : null}
      {busy ? (
        <span className="pending" role="status" data-testid="record-busy">
          <span className="spinner" aria-hidden="true" />
          <FormattedMessage id={deleting ? 'records.deleting' : 'records.saving'} />
        </span>
      ) : null}
      {canDelete && onDelete ? (
        <button type="button" className="button danger" data-testid="record-delete" disabled={busy} onClick={() => setConfirming(true)}>
          <FormattedMessage id="records.delete" />
        </button>
      ) : null}
      {canSave ? (
        <button type="button" className="button button-primary" data-testid="record-save" disabled={busy} aria-busy={saving} onClick={onSave}>
          <FormattedMessage id="records.save" />
        </button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={intl.formatMessage({ id: 'records.deleteTitle' })}
        testId="record-delete-confirm"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onDelete?.();
        }}
      />
    </div>
  );
}
