// The report-error modal (spec section 8): opens on a server error and shows the stored
// x-request-uuid. Send puts the request id, the route and the user's words in the project's feedback
// inbox (docs/platform.md "Feedback"), which admins read at /admin/feedback; Copy still copies them.
import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { closeReportError, reportErrorStore } from '../api/reportError';
import { useStore } from '../../../renderers/ui/store';
import { Message } from '../../../renderers/ui/Message';
import { feedbackApi } from '../../../runtime/client/feedback';
import { FEEDBACK_LIMITS } from '../../../runtime/api/feedback';
import { loadErrorKey } from './LoadState';

type Sending = { state: 'idle' } | { state: 'sending' } | { state: 'sent' } | { state: 'failed'; messageKey: string };

/** The route the user is on, as the report names it (path, query and hash; capped like the server). */
function currentRoute(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`.slice(0, FEEDBACK_LIMITS.routeMax);
}

export function ReportErrorModal() {
  const { open, requestUuid } = useStore(reportErrorStore);
  const dialog = useRef<HTMLDialogElement>(null);
  const [note, setNote] = useState('');
  const [copied, setCopied] = useState(false);
  const [sending, setSending] = useState<Sending>({ state: 'idle' });
  const titleId = useId();
  const noteId = useId();

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) {
      setCopied(false);
      setSending({ state: 'idle' });
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

  const send = async () => {
    setSending({ state: 'sending' });
    try {
      await feedbackApi.send({ request_uuid: requestUuid, route: currentRoute(), message: note });
      setSending({ state: 'sent' });
      setNote('');
    } catch (error) {
      setSending({ state: 'failed', messageKey: loadErrorKey(error) });
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
        <textarea
          id={noteId}
          rows={4}
          value={note}
          maxLength={FEEDBACK_LIMITS.messageMax}
          data-testid="report-error-note"
          onChange={(e) => {
            setNote(e.target.value);
            if (sending.state !== 'sending') setSending({ state: 'idle' });
          }}
        />
        <small className="muted">
          <FormattedMessage id="reportError.descriptionHint" />
        </small>
      </div>
      {sending.state === 'sent' ? (
        <p className="form-success" role="status" data-testid="report-error-sent">
          <FormattedMessage id="feedback.sent" />
        </p>
      ) : null}
      {sending.state === 'failed' ? (
        <p className="form-error" role="alert" data-testid="report-error-failed">
          <Message value={sending.messageKey} />
        </p>
      ) : null}
      <div className="modal-actions">
        <button type="button" className="button button-ghost" onClick={closeReportError}>
          <FormattedMessage id="common.close" />
        </button>
        <button
          type="button"
          className="button button-primary"
          data-testid="report-error-send"
          disabled={note.trim() === '' || sending.state === 'sending'}
          onClick={() => void send()}
        >
          <FormattedMessage id={sending.state === 'sending' ? 'feedback.sending' : 'feedback.send'} />
        </button>
      </div>
    </dialog>
  );
}
