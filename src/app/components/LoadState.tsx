// How a screen says its data is on the way, or why it did not come: the skeleton, and the failure's
// message (with a way to ask again where the screen offers one).
import { FormattedMessage } from 'react-intl';
import { errorDisplay } from '../../../runtime/client/errorMessage';
import { Message } from '../../../renderers/ui/Message';

export function Loading() {
  return <div className="skeleton" aria-busy="true" />;
}

/** The message key a failed read shows (a 500 already opened the report modal; the page still says so). */
export function loadErrorKey(error: unknown): string {
  const shown = errorDisplay(error);
  return shown.kind === 'reported' ? 'unexpectedError' : shown.messageKey;
}

/** The failure's message; with `onRetry`, a button under it that reads again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const message = (
    <p className="form-error" role="alert">
      <Message value={loadErrorKey(error)} />
    </p>
  );
  if (!onRetry) return message;
  return (
    <div className="load-error">
      {message}
      <button type="button" className="button button-small" data-testid="load-retry" onClick={onRetry}>
        <FormattedMessage id="common.retry" />
      </button>
    </div>
  );
}
