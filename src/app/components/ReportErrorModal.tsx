// The report-error modal (spec section 8): opens on a server error and shows the stored
// x-request-uuid. There is no report endpoint yet, so the user copies the id; nothing is sent.
import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { closeReportError, reportErrorStore } from '../api/reportError';
import { useStore } from '../../../renderers/ui/store';

export function ReportErrorModal() {
  const { open, requestUuid } = useStore(reportErrorStore);
  const dialog = useRef<HTMLDialogElement>(null);
  const [note, setNote] = useState('');
  const [copied, setCopied] = useState(false);
  const titleId = useId();
  const noteId = useId();

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) {
      setCopied(false);
      // showModal traps focus and closes on Escape; jsdom-free environments may lack it.
      if (typeof el.showModal === 'function') el.showModal();
      else el.setAttribute('open', '');
    } else if (!open && el.open) {
      el.close();
    }
  }, [open]);

  const copy = async () => {
    const text = [requestUuid ?? '', note].filter(Boolean).join('\n\n');
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <dialog
      ref={dialog}
      className="modal"
      data-testid="report-error-modal"
      aria-labelledby={titleId}
      onClose={closeReportError}
      onCancel={closeReportError}
    >
      <h2 id={titleId}>
        <FormattedMessage id="reportError.title" />
      </h2>
      <p>
        <FormattedMessage id="reportError.intro" />
      </p>
      <div className="field">
        <span className="field-label">
          <FormattedMessage id="reportError.requestId" />
        </span>
        <div className="copy-row">
          <code data-testid="report-error-request-uuid">{requestUuid ?? <FormattedMessage id="reportError.noRequestId" />}</code>
          {requestUuid ? (
            <button type="button" className="button button-ghost" onClick={copy}>
              <FormattedMessage id={copied ? 'common.copied' : 'common.copy'} />
            </button>
          ) : null}
        </div>
      </div>
      <div className="field">
        <label htmlFor={noteId} className="field-label">
          <FormattedMessage id="reportError.description" />
        </label>
        <textarea id={noteId} rows={4} value={note} onChange={(e) => setNote(e.target.value)} />
        <small className="muted">
          <FormattedMessage id="reportError.descriptionHint" />
        </small>
      </div>
      <div className="modal-actions">
        <button type="button" className="button button-primary" onClick={closeReportError}>
          <FormattedMessage id="common.close" />
        </button>
      </div>
    </dialog>
  );
}
