// Spec section 8 "Session, media and platform": a media action's 500 opens the server-error modal (the
// client already did); any other failure shows the server's message in a dialog.
import { FormattedMessage } from 'react-intl';
import { errorDisplay, errorsByPath } from '../../../../runtime/client/errorMessage';
import { Dialog } from '../../../../renderers/ui/Dialog';
import { Message } from '../../../../renderers/ui/Message';
import { createStore, useStore } from '../../../../renderers/ui/store';

export const mediaErrorStore = createStore<string | null>(null);

/** The message a failure shows, or null when the report modal already opened. */
export function mediaErrorMessage(error: unknown, fallback?: string): string | null {
  const shown = errorDisplay(error);
  if (shown.kind === 'reported') return null;
  if (shown.kind === 'fields') return Object.values(errorsByPath(shown.fieldErrors)).flat()[0] ?? shown.messageKey;
  return shown.messageKey === 'unexpectedError' && fallback ? fallback : shown.messageKey;
}

export function showMediaError(error: unknown, fallback?: string): void {
  const message = mediaErrorMessage(error, fallback);
  if (message) mediaErrorStore.set(message);
}

export function MediaErrorDialog() {
  const message = useStore(mediaErrorStore);
  const close = () => mediaErrorStore.set(null);
  return (
    <Dialog
      open={message !== null}
      title={<FormattedMessage id="media.error.title" />}
      onClose={close}
      testId={message !== null ? 'media-error-dialog' : undefined}
      actions={
        <button type="button" className="button button-primary" data-testid="media-error-ok" onClick={close}>
          <FormattedMessage id="media.ok" />
        </button>
      }
    >
      <p data-testid="media-error-message">{message ? <Message value={message} /> : null}</p>
    </Dialog>
  );
}
