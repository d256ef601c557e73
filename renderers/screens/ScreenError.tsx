// A load failure: 500 has opened the report modal, anything else shows its message.
import { errorDisplay } from '../../runtime/client/errorMessage';
import { Message } from '../ui/Message';

export function ScreenError({ error }: { error: unknown }) {
  const shown = errorDisplay(error);
  return (
    <p className="form-error" role="alert" data-testid="record-load-error">
      <Message value={shown.kind === 'reported' ? 'unexpectedError' : shown.messageKey} />
    </p>
  );
}
