// Save and Delete (each only with its permission), the delete confirmation, the busy indicator, and the
// way back to the list (Cancel on the create page, Back to list on the edit page).
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
  /** The link back to the list; absent in the quick-edit sidebar, which has its own close. */
  back?: RecordBack;
}

export interface RecordBack {
  href: string;
  /** The label: Cancel (create page) or Back to list (edit page). */
  label: 'common.cancel' | 'records.backToList';
  open: () => void;
}

/** A plain link (opens in a new tab with a modifier) that the app's router follows on a plain click. */
function BackLink({ back }: { back: RecordBack }) {
  return (
    <a
      className="button"
      href={back.href}
      data-testid="record-back"
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        back.open();
      }}
    >
      <FormattedMessage id={back.label} />
    </a>
  );
}

export function RecordActions({ canSave, canDelete = false, saving, deleting = false, dirty, onSave, onDelete, back }: RecordActionsProps) {
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
      {back ? <BackLink back={back} /> : null}
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
